import { Loadable } from '../components/loadable';
import { Section } from '../components/section';
import { SkeletonRows } from '../components/states';
import { StatsTable, toneOf, type StatRow } from '../components/stats-table';
import { useFormatters, type Formatters } from '../components/format-context';
import { useStats, type StatsTarget } from '../hooks/use-data';
import type { Statistics } from '../../domain/types';
import { NO_STATISTICS } from '../../domain/ledger';

/** Average cost only for one investment: over a whole portfolio it mixes instruments. */
function rowsOf(stats: Statistics, f: Formatters, perInvestment: boolean): StatRow[] {
  const rows: StatRow[] = [{ label: 'Shares', value: f.shares(stats.shares) }];
  if (perInvestment) {
    rows.push({
      label: 'Average cost',
      value: f.amount(stats.shares > 0 ? stats.costs / stats.shares : 0),
    });
  }
  rows.push(
    { label: 'Costs', value: f.amount(stats.costs) },
    { label: 'Fees', value: f.amount(stats.fees) },
    { label: 'Dividends', value: f.amount(stats.dividends) },
    { label: 'Realised', value: f.change(stats.realised), tone: toneOf(stats.realised) },
    { label: 'Unrealised', value: f.change(stats.unrealised), tone: toneOf(stats.unrealised) },
    { label: 'Lifetime', value: f.change(stats.lifetime), tone: toneOf(stats.lifetime) },
  );
  return rows;
}

/** "Investments statistics" of a portfolio or "Investment statistics" of one investment. */
export function StatsSection({ target, title }: { target: StatsTarget; title: string }) {
  const { status, stale, statistics } = useStats(target);
  const f = useFormatters();
  const perInvestment = target.type === 'investment';
  return (
    <Section title={title} flush>
      <Loadable
        status={status}
        stale={stale}
        // As many rows as the table will have, so the Actions below do not move when it comes.
        skeleton={
          <SkeletonRows
            rows={rowsOf(NO_STATISTICS, f, perInvestment).length}
            label="Loading statistics"
          />
        }
      >
        {() =>
          statistics && <StatsTable label={title} rows={rowsOf(statistics, f, perInvestment)} />
        }
      </Loadable>
    </Section>
  );
}
