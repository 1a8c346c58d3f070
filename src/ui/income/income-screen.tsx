import type { IncomeFigures, IncomeMonth } from '../../domain/types';
import { useFormatters } from '../components/format-context';
import { Section } from '../components/section';
import { SkeletonRows } from '../components/states';
import { SelectField } from '../forms/field';
import { useT } from '../app/use-i18n';
import { IncomeChart } from './income-chart';
import { useIncome } from './use-income';
import './income-screen.css';
import { INCOME_TEXTS } from './income-catalogue';

/** "mar" for 2025-03, in the language shown. */
function useMonthNames() {
  const { locale } = useT(INCOME_TEXTS);
  const short = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const at = (month: string) => new Date(`${month}-01T00:00:00Z`);
  return {
    short: (month: string) => short.format(at(month)),
    long: (month: string) => long.format(at(month)),
  };
}

function FigureCells({ figures }: { figures: IncomeFigures }) {
  const f = useFormatters();
  return (
    <>
      <td className="number">{f.amount(figures.gross)}</td>
      <td className="number">{f.amount(figures.withheld)}</td>
      <td className="number">{f.amount(figures.net)}</td>
    </>
  );
}

const FIGURE_KEYS = ['income.gross', 'income.withheld', 'income.net'] as const;

function FigureHeads({ first }: { first: string }) {
  const { t } = useT(INCOME_TEXTS);
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        {FIGURE_KEYS.map((key) => (
          <th key={key} scope="col" className="number">
            {t(key)}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function MonthTable({ months, label }: { months: readonly IncomeMonth[]; label: string }) {
  const { t } = useT(INCOME_TEXTS);
  const names = useMonthNames();
  return (
    <div className="income__scroll">
      <table className="income-table" aria-label={label}>
        <FigureHeads first={t('income.month')} />
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{names.long(m.month)}</th>
              <FigureCells figures={m} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /income: a year's dividends, gross, withheld and net, by month and by holding. */
export function IncomeScreen() {
  const { income, loading, failed, failure, selectYear, retry } = useIncome();
  const { t, text } = useT(INCOME_TEXTS);
  const f = useFormatters();
  const names = useMonthNames();
  const years = income
    ? [...new Set([income.year, ...income.years.map((y) => y.year)])].sort((a, b) => b - a)
    : [];
  return (
    <main className="page page--wide">
      <h1 className="page__title">{t('income.title')}</h1>
      {failed && (
        <div className="load-failed">
          <p>{failure ? text(failure) : t('load.failed')}</p>
          <button type="button" className="button button--secondary" onClick={retry}>
            {t('income.retry')}
          </button>
        </div>
      )}
      {!income && loading && <SkeletonRows rows={6} label={t('income.loading')} />}
      {income && (
        <div className={loading ? 'stale' : undefined} aria-busy={loading || undefined}>
          <div className="income__year">
            <SelectField
              label={t('income.year')}
              name="year"
              value={String(income.year)}
              options={years.map((year) => ({ value: String(year), label: String(year) }))}
              onValueChange={(value) => selectYear(Number(value))}
            />
          </div>
          <dl className="income__totals">
            <div>
              <dt>{t('income.gross')}</dt>
              <dd>{f.dkk(income.totals.gross)}</dd>
            </div>
            <div>
              <dt>{t('income.withheld')}</dt>
              <dd>{f.dkk(income.totals.withheld)}</dd>
            </div>
            <div>
              <dt>{t('income.net')}</dt>
              <dd>{f.dkk(income.totals.net)}</dd>
            </div>
          </dl>
          {income.holdings.length === 0 ? (
            <p className="empty">{t('income.empty', { year: String(income.year) })}</p>
          ) : (
            <>
              <Section title={t('income.byMonth')}>
                {!f.amountsHidden && (
                  <IncomeChart months={income.months} monthLabel={names.short} />
                )}
                <p className="income__legend" aria-hidden="true">
                  <span className="income__key income__key--net" /> {t('income.net')}
                  <span className="income__key income__key--withheld" /> {t('income.withheld')}
                </p>
                <MonthTable months={income.months} label={t('income.byMonth')} />
              </Section>
              <Section title={t('income.byHolding')}>
                <div className="income__scroll">
                  <table className="income-table" aria-label={t('income.byHolding')}>
                    <FigureHeads first={t('income.holding')} />
                    <tbody>
                      {income.holdings.map((h) => (
                        <tr key={h.investment_id}>
                          <th scope="row">{h.name}</th>
                          <FigureCells figures={h} />
                        </tr>
                      ))}
                    </tbody>
                    <tfoot>
                      <tr>
                        <th scope="row">{t('income.total')}</th>
                        <FigureCells figures={income.totals} />
                      </tr>
                    </tfoot>
                  </table>
                </div>
              </Section>
            </>
          )}
        </div>
      )}
    </main>
  );
}
