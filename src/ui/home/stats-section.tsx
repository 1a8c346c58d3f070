import { Loadable } from '../data/loadable';
import { Section } from '../components/section';
import { SkeletonRows } from '../components/states';
import { StatsTable, toneOf, type StatRow } from '../components/figures/stats-table';
import { useFormatters, type Formatters } from '../components/format-context';
import { useStats, type StatsTarget } from '../data/use-data';
import type { Statistics } from '../../domain/types';
import { NO_STATISTICS } from '../../domain/ledger';
import { useT, type I18n } from '../app/use-i18n';

/** Average cost only for one investment: over a whole portfolio it mixes instruments. */
function rowsOf(stats: Statistics, f: Formatters, { t }: I18n, perInvestment: boolean): StatRow[] {
  const rows: StatRow[] = [{ label: t('stats.shares'), value: f.shares(stats.shares) }];
  if (perInvestment) {
    rows.push({
      label: t('stats.averageCost'),
      value: f.amount(stats.shares > 0 ? stats.costs / stats.shares : 0),
    });
  }
  const change = (value: number) => ({ value: f.change(value), tone: toneOf(value) });
  rows.push(
    // The spec's word, with what it counts (issue 27, item 2).
    {
      label: t('stats.costs'),
      explanation: t('stats.costsExplained'),
      value: f.amount(stats.costs),
    },
    { label: t('stats.fees'), value: f.amount(stats.fees) },
    { label: t('stats.dividends'), value: f.amount(stats.dividends) },
    { label: t('stats.realised'), ...change(stats.realised) },
    { label: t('stats.unrealised'), ...change(stats.unrealised) },
    { label: t('stats.lifetime'), ...change(stats.lifetime) },
  );
  return rows;
}

/** "Investments statistics" of a portfolio or "Investment statistics" of one investment. */
export function StatsSection({ target, title }: { target: StatsTarget; title: string }) {
  const { status, stale, statistics } = useStats(target);
  const f = useFormatters();
  const i18n = useT();
  const perInvestment = target.type === 'investment';
  return (
    <Section title={title} flush>
      <Loadable
        status={status}
        stale={stale}
        // As many rows as the table will have, so the Actions below do not move when it comes.
        skeleton={
          <SkeletonRows
            rows={rowsOf(NO_STATISTICS, f, i18n, perInvestment).length}
            label={i18n.t('stats.loading')}
          />
        }
      >
        {() =>
          statistics && (
            <StatsTable label={title} rows={rowsOf(statistics, f, i18n, perInvestment)} />
          )
        }
      </Loadable>
    </Section>
  );
}
