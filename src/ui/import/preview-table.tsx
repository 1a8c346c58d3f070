// The preview's table of the file's lines: each line as it will be booked, its messages, and a
// split's missing ratio.
import type { FormEvent } from 'react';
import type { ImportMessage, ImportRow } from '../../domain/import';
import { needsRatio, type PreviewLine } from '../../machines/import';
import { fill } from '../../i18n';
import { TextField } from '../forms/field';
import { useFormatters } from '../components/format-context';
import { useT } from '../app/use-i18n';
import { type Flow, type ScreenTexts, useImportTexts } from './import-texts';
import './preview-table.css';

/** A trade's shares; a split's ratio as a split's ratio is written everywhere: 1:10 (10 for 1). */
function sharesOf(
  row: ImportRow,
  number: Intl.NumberFormat,
  splitRatio: (from: number, to: number) => string,
): string {
  if (row.split_from !== undefined && row.split_to !== undefined)
    return splitRatio(row.split_from, row.split_to);
  return row.shares === undefined ? '' : number.format(row.shares);
}

function amountOf(row: ImportRow, number: Intl.NumberFormat): string {
  const value = row.share_price ?? row.amount;
  return value === undefined ? '' : `${number.format(value)} ${row.currency_code}`;
}

// The money checks' figures are exact decimal strings: written here as the language writes them.
const MONEY_PARAMS = new Set(['amount', 'computed']);
const NUMBER_PARAMS = new Set(['price', 'rate', 'converted']);

function localised(
  params: ImportMessage['params'],
  locale: string,
): ImportMessage['params'] | undefined {
  if (!params) return params;
  const money = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => {
      const format = MONEY_PARAMS.has(key) ? money : NUMBER_PARAMS.has(key) ? number : undefined;
      return [key, format && value !== '' ? format.format(Number(value)) : value];
    }),
  );
}

/** The row's messages in the reader's words: the server's English ones translated. */
function messagesOf(
  line: PreviewLine,
  w: ScreenTexts & { locale: string },
  text: (sent: string) => string,
): string[] {
  // A field names where an error or warning is, as the column mapping names it.
  const fieldName = (field: string | undefined) =>
    field && field in w.fields ? `${w.fields[field as keyof typeof w.fields]}: ` : '';
  const parser = line.messages.map(
    (message: ImportMessage) =>
      // A note (a cancelled row) needs no field.
      (message.level !== 'info' ? fieldName(message.field) : '') +
      fill(w.codes[message.code], localised(message.params, w.locale)),
  );
  // The server's keys are the request's ("instrument.isin"): the field is the last part.
  const server = Object.entries(line.errors).flatMap(([field, list]) =>
    list.map((message) => fieldName(field.split('.').pop()) + text(message)),
  );
  return [...parser, ...server, ...line.warnings.map(text)];
}

export function PreviewTable({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const { text } = useT();
  // Made once per table, not per row: making a formatter costs more than formatting.
  const shares = new Intl.NumberFormat(w.locale, { maximumFractionDigits: 8 });
  const amount = new Intl.NumberFormat(w.locale, { maximumFractionDigits: 6 });
  const { splitRatio } = useFormatters();
  return (
    <div className="import__table-wrap import__rows-wrap two-line-wrap">
      <table className="import__table import__rows two-line">
        <caption className="visually-hidden">{w.t('import.rows')}</caption>
        <thead>
          <tr>
            <th scope="col">{w.t('import.line')}</th>
            <th scope="col">{w.t('import.status')}</th>
            <th scope="col">{w.t('import.date')}</th>
            <th scope="col">{w.t('import.type')}</th>
            <th scope="col">{w.t('import.instrument')}</th>
            <th scope="col" className="import__number">
              {w.t('import.shares')}
            </th>
            <th scope="col" className="import__number">
              {w.t('import.priceOrAmount')}
            </th>
            <th scope="col">{w.t('import.messages')}</th>
          </tr>
        </thead>
        <tbody>
          {flow.page.lines.map((line) => (
            <tr key={line.line} className={`import__row import__row--${line.status}`}>
              <th scope="row" className="import__line">
                {line.line}
              </th>
              <td className="import__state">
                <span className={`import__chip import__chip--${line.status}`}>
                  {w.statuses[line.status]}
                </span>
                {line.status === 'duplicate' && (
                  <label className="import__force">
                    <input
                      type="checkbox"
                      checked={line.forced}
                      onChange={() => flow.toggleDuplicate(line.line)}
                    />
                    {w.t('import.importAnyway')}
                  </label>
                )}
              </td>
              <td className="import__nowrap import__date">{line.row?.date ?? ''}</td>
              <td className="import__kind">
                {line.row
                  ? w.actions[line.row.kind === 'price' ? 'skip' : line.row.kind]
                  : (line.word ?? '')}
              </td>
              <td className="import__what two-line__lead">
                {line.row ? line.row.instrument.name || line.row.instrument.isin : ''}
              </td>
              <td className="import__number import__shares">
                {line.row ? sharesOf(line.row, shares, splitRatio) : ''}
              </td>
              <td className="import__number import__amount">
                {line.row ? amountOf(line.row, amount) : ''}
              </td>
              <td className="import__messages">
                {messagesOf(line, w, text).map((message) => (
                  <span key={message} className="import__message">
                    {message}
                  </span>
                ))}
                {needsRatio(line) && <SplitRatio flow={flow} line={line.line} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A split the file gives no ratio for: the user types it (the file is read again) or skips it. */
function SplitRatio({ flow, line }: { flow: Flow; line: number }) {
  const w = useImportTexts();
  const use = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ratio = new FormData(event.currentTarget).get('split_ratio');
    if (typeof ratio === 'string') flow.enterRatio(line, ratio);
  };
  const skipped = flow.skippedSplits.includes(line);
  return (
    <div className="import__ratio">
      {!skipped && (
        <form className="import__ratio-form" onSubmit={use}>
          <TextField
            label={w.t('import.splitRatio')}
            name="split_ratio"
            placeholder="1:2"
            hint={w.t('import.splitRatioHint')}
            errors={flow.badRatio === line ? [w.t('import.splitRatioBad')] : undefined}
          />
          <button type="submit" className="button button--secondary button--small">
            {w.t('import.useRatio')}
          </button>
        </form>
      )}
      <label className="import__force">
        <input type="checkbox" checked={skipped} onChange={() => flow.skipSplit(line)} />
        {w.t('import.skipSplit')}
      </label>
    </div>
  );
}
