import { Link } from 'wouter';
import type { YearReport } from '../../api';
import { formatMoney } from '../../domain/money';
import { fill } from '../../i18n';
import { useT } from '../app/use-i18n';
import { Section } from '../components/section';
import { Switch } from '../forms/switch';
import { REPORT_TEXTS, type ReportTextKey } from './report-catalogue';
import { useReport } from './use-report';
import './report-screen.css';

type Totals = YearReport['totals'];
type Line = YearReport['portfolios'][number]['lines'][number];

const TOTALS: readonly (keyof Totals)[] = [
  'realised',
  'dividends',
  'withholding_tax',
  'lager_share_income',
  'lager_capital_income',
  'share_income',
  'share_income_tax',
  'capital_income',
  'aktiesparekonto_gain',
  'aktiesparekonto_tax',
  'fees',
];

/** The years the report links to: the rules' years up to this one. */
const YEARS = [2024, 2025, 2026];

/** /reports/{year}: what to report for a tax year, from every portfolio (issue 39). */
export function ReportScreen({ year }: { year: string }) {
  const number = Number(year);
  const {
    report,
    married,
    failure,
    loading,
    failed,
    downloading,
    saving,
    downloadCsv,
    setMarried,
    retry,
  } = useReport(number);
  const { language, locale } = useT();
  const texts = REPORT_TEXTS[language];
  const t = (key: ReportTextKey, params?: Record<string, string | number>) =>
    fill(texts[key], params);
  const dkk = (value: number) => formatMoney(value, 'DKK', locale);
  return (
    <main className="page report">
      <h1 className="page__title">{t('title', { year })}</h1>
      <p className="report__advice">{t('notAdvice')}</p>
      <nav className="report__years no-print" aria-label={t('otherYears')}>
        {YEARS.filter((y) => y !== number).map((y) => (
          <Link key={y} href={`/reports/${y}`} className="button button--secondary button--small">
            {y}
          </Link>
        ))}
      </nav>
      {loading && !report && <p role="status">{t('loading')}</p>}
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      {failed && (
        <button type="button" className="button button--secondary" onClick={retry}>
          {t('retry')}
        </button>
      )}
      {report && (
        <>
          {report.rules.estimate && (
            <p className="notice">{t('estimate', { until: report.rules.until })}</p>
          )}
          <div className="report__actions no-print">
            <button
              type="button"
              className="button button--primary"
              onClick={downloadCsv}
              disabled={downloading}
            >
              {t('downloadCsv')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => window.print()}
            >
              {t('print')}
            </button>
          </div>
          <Section title={t('boxes')}>
            <table className="report__table">
              <tbody>
                {report.boxes.map((box) => (
                  <tr key={box.box}>
                    <th scope="row">{t(`box.${box.box}` as ReportTextKey)}</th>
                    <td className="num">{dkk(box.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Section>
          <Section title={t('totals')}>
            <table className="report__table">
              <tbody>
                {TOTALS.map((key) => (
                  <tr key={key}>
                    <th scope="row">{t(key)}</th>
                    <td className="num">{dkk(report.totals[key])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Section>
          {report.dividends_by_country.length > 0 && (
            <Section title={t('byCountry')}>
              <div className="report__scroll">
                <table className="report__table">
                  <thead>
                    <tr>
                      <th scope="col">{t('country')}</th>
                      <th scope="col">{t('gross')}</th>
                      <th scope="col">{t('withheld')}</th>
                      <th scope="col">{t('credit')}</th>
                      <th scope="col">{t('reclaimable')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.dividends_by_country.map((c) => (
                      <tr key={c.country}>
                        <th scope="row">{c.country || '–'}</th>
                        <td className="num">{dkk(c.gross)}</td>
                        <td className="num">{dkk(c.withheld)}</td>
                        <td className="num">{dkk(c.credit)}</td>
                        <td className="num">{dkk(c.reclaimable)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Section>
          )}
          {report.portfolios.map((portfolio) => (
            <Section
              key={portfolio.id}
              title={`${portfolio.name} · ${t(`kind.${portfolio.kind}`)}`}
            >
              {portfolio.aktiesparekonto && (
                <div className="report__ask">
                  <p>
                    {t('askRoom', {
                      room: dkk(portfolio.aktiesparekonto.room),
                      ceiling: dkk(portfolio.aktiesparekonto.ceiling),
                    })}
                  </p>
                  <p>
                    {t('askValue', {
                      value: dkk(portfolio.aktiesparekonto.value_last_year_end),
                      net: dkk(portfolio.aktiesparekonto.net_deposits),
                    })}
                  </p>
                  <p>
                    {t('askTax', {
                      gain: dkk(portfolio.aktiesparekonto.gain),
                      carried: dkk(portfolio.aktiesparekonto.loss_carried_in),
                      tax: dkk(portfolio.aktiesparekonto.tax),
                    })}
                  </p>
                  <p className="notice" role="note">
                    {t('askWarning', { room: dkk(portfolio.aktiesparekonto.room) })}
                  </p>
                </div>
              )}
              {portfolio.lines.length === 0 ? (
                <p className="field__hint">{t('noLines')}</p>
              ) : (
                <ul className="report__lines" aria-label={`${t('lines')}: ${portfolio.name}`}>
                  {portfolio.lines.map((line) => (
                    <li
                      key={`${line.type}-${line.investment_id}-${line.event_id ?? 'y'}`}
                      className="report__line"
                    >
                      <span className="report__line-head">
                        <span>
                          {t(`type.${line.type}`)} · {line.name}
                          {line.date ? ` · ${line.date}` : ''}
                        </span>
                        <span className="num">{dkk(line.amount)}</span>
                      </span>
                      <span className="field__hint">
                        {detail(line, t, dkk)}
                        {line.box ? ` · ${t('box', { box: line.box })}` : ''}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Section>
          ))}
          <Section title={t('rules')}>
            <ul className="report__rules">
              <li>{t('ruleLimit', { limit: dkk(report.rules.share_income_limit) })}</li>
              <li>{t('ruleAsk', { ceiling: dkk(report.rules.aktiesparekonto_ceiling) })}</li>
              <li>{t('ruleDividends')}</li>
              <li>
                {report.rules.abis.loaded
                  ? t('abisLoaded', {
                      count: report.rules.abis.isins,
                      date: report.rules.abis.loaded,
                    })
                  : t('abisMissing')}
              </li>
              {!report.rules.checked_on_skat && <li>{t('notChecked')}</li>}
              {report.not_covered.length > 0 && (
                <li>
                  {t('notCovered', { names: report.not_covered.map((n) => n.name).join(', ') })}
                </li>
              )}
            </ul>
            <div className="no-print">
              <Switch
                label={t('married')}
                checked={married}
                onToggle={() => !saving && setMarried(!married)}
              />
            </div>
            <p className="field__hint">
              {t('sources')}:{' '}
              {[
                ...new Set(
                  report.rules.sources.map((s) => `${s.site}${s.date ? ` (${s.date})` : ''}`),
                ),
              ].join(', ')}
            </p>
          </Section>
        </>
      )}
    </main>
  );
}

function detail(
  line: Line,
  t: (key: ReportTextKey, params?: Record<string, string | number>) => string,
  dkk: (value: number) => string,
): string {
  switch (line.type) {
    case 'realised':
      return t('saleDetail', {
        shares: line.shares ?? 0,
        proceeds: dkk(line.proceeds ?? 0),
        cost: dkk(line.cost ?? 0),
        average: dkk(line.average_cost ?? 0),
      });
    case 'dividend':
      return t('dividendDetail', {
        gross: dkk(line.gross ?? 0),
        withheld: dkk(line.withheld ?? 0),
        country: line.country ?? '',
      });
    case 'yearly':
      return t('yearlyDetail', {
        start: dkk(line.start?.value ?? 0),
        end: dkk(line.end?.value ?? 0),
        source: line.end?.source ?? '',
        date: line.end?.date ?? '',
        bought: dkk(line.bought ?? 0),
        sold: dkk(line.sold ?? 0),
      });
  }
}
