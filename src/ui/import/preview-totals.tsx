// The preview's totals: what the import books, each year's money, and the reconciliation with
// the broker's statement.
import { type Flow, useImportTexts } from './import-texts';

export function Totals({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const totals = flow.parsed?.totals ?? [];
  if (totals.length === 0) return null;
  const kinds = ['buy', 'sell', 'dividend', 'split'] as const;
  return (
    <div className="import__table-wrap">
      <table className="import__table import__totals">
        <caption>{w.t('import.perYear')}</caption>
        <thead>
          <tr>
            <th scope="col">{w.t('import.year')}</th>
            {kinds.map((kind) => (
              <th scope="col" key={kind} className="import__number">
                {w.actions[kind]}
              </th>
            ))}
            <th scope="col" className="import__number">
              {w.t('import.events')}
            </th>
          </tr>
        </thead>
        <tbody>
          {totals.map((total) => (
            <tr key={total.year}>
              <th scope="row">{total.year}</th>
              {kinds.map((kind) => (
                <td key={kind} className="import__number">
                  {total.counts[kind]}
                </td>
              ))}
              <td className="import__number">
                {Object.values(total.counts).reduce((a, b) => a + b, 0)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const SUMS = [
  ['buy', 'bought'],
  ['sell', 'sold'],
  ['dividend', 'dividends'],
] as const;

/** Each year's money in DKK beside the file's own amounts, to tick off against its statement. */
export function MoneyTotals({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const totals = flow.parsed?.totals ?? [];
  const number = new Intl.NumberFormat(w.locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const money = (sums: Record<string, string>) =>
    Object.entries(sums)
      .map(([currency, sum]) => `${currency} ${number.format(Number(sum))}`)
      .join(', ') || '—';
  const lines = totals.flatMap((total) =>
    SUMS.filter(([kind]) => total.counts[kind] > 0).map(([kind, sum]) => ({
      key: `${total.year}-${kind}`,
      year: total.year,
      kind,
      dkk: total.dkk[sum],
      file: sum === 'dividends' ? total.dividends : total.file[sum],
    })),
  );
  if (lines.length === 0) return null;
  return (
    <div className="import__table-wrap">
      <table className="import__table import__totals">
        <caption>{w.t('import.moneyPerYear')}</caption>
        <thead>
          <tr>
            <th scope="col">{w.t('import.year')}</th>
            <th scope="col">{w.t('import.type')}</th>
            <th scope="col" className="import__number">
              DKK
            </th>
            <th scope="col" className="import__number">
              {w.t('import.inFile')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.key}>
              <th scope="row">{line.year}</th>
              <td>{w.actions[line.kind]}</td>
              <td className="import__number">
                {line.dkk === null ? '—' : number.format(Number(line.dkk))}
              </td>
              <td className="import__number">{money(line.file)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Reconciliation({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const checks = flow.parsed?.reconciliation ?? [];
  const balances = flow.parsed?.balances ?? [];
  if (checks.length === 0 && balances.length === 0) return null;
  const off = checks.filter((check) => !check.ok);
  const balancesOff = balances.filter((check) => !check.ok);
  const number = new Intl.NumberFormat(w.locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (
    <div className="import__check">
      <h3 className="import__subtitle">{w.t('import.check')}</h3>
      {checks.length > 0 && off.length === 0 && (
        <p className="import__ok">{w.t('import.checkOk')}</p>
      )}
      {balances.length > 0 && balancesOff.length === 0 && (
        <p className="import__ok">{w.t('import.balanceOk')}</p>
      )}
      {off.length + balancesOff.length > 0 && (
        <ul>
          {off.map((check) => (
            <li key={check.instrument}>
              {w.t('import.checkOff', {
                instrument: check.instrument,
                expected: check.expected,
                computed: check.computed,
              })}
            </li>
          ))}
          {balancesOff.map((check) => (
            <li key={`${check.account} ${check.currency}`}>
              {w.t('import.balanceOff', {
                account: check.account || '—',
                currency: check.currency,
                expected: number.format(Number(check.expected)),
                computed: number.format(Number(check.computed)),
                line: check.line,
              })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
