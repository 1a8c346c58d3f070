import { useMemo } from 'react';
import type { MonthlyRow } from '../../machines/returns';
import { useFormatters } from '../components/format-context';
import { toneOf } from '../components/figures/stats-table';
import { useT } from '../app/use-i18n';
import { RETURNS_TEXTS } from './returns-catalogue';

/** The twelve months' short names in the chosen language. */
function monthNames(locale: string | undefined): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'short' });
  return Array.from({ length: 12 }, (_, month) => format.format(new Date(2000, month, 15)));
}

/** Years down, months across, each month's TWR coloured by its sign; scrolls sideways on a phone. */
export function MonthlyTable({ rows }: { rows: readonly MonthlyRow[] }) {
  const f = useFormatters();
  const { t } = useT(RETURNS_TEXTS);
  const months = useMemo(() => monthNames(f.locale), [f.locale]);
  return (
    <div
      className="table-wrap returns__monthly"
      tabIndex={0}
      role="region"
      aria-label={t('returns.monthlyTable')}
    >
      <table className="table returns__months">
        <caption className="visually-hidden">{t('returns.monthlyTable')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('returns.year')}</th>
            {months.map((name) => (
              <th key={name} scope="col" className="num">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.year}>
              <th scope="row">{row.year}</th>
              {row.months.map((twr, month) => {
                const tone = typeof twr === 'number' ? toneOf(twr) : undefined;
                return (
                  <td key={month} className={`num${tone ? ` returns__cell--${tone}` : ''}`}>
                    {typeof twr === 'number' ? f.ratio(twr) : ''}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
