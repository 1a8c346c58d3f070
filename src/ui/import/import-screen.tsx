import { useId, useState, type DragEvent, type FormEvent } from 'react';
import { Link } from 'wouter';
import {
  DATE_FORMATS,
  ENCODINGS,
  IMPORT_FIELDS,
  SEPARATORS,
  TYPE_ACTIONS,
} from '../../domain/import/types';
import type { ImportMessage, ImportRow } from '../../domain/import';
import { MAX_FILE_BYTES, needsRatio, type PreviewLine } from '../../machines/import/import-flow';
import { NEW_INVESTMENT, type FileInstrument } from '../../machines/import/import-instruments';
import type { FileProblem, FileSettings, SettingKey } from '../../machines/import/import-reader';
import { fill, type Locale } from '../../i18n';
import { IMPORT_TEXTS, type ImportKey, type ImportTexts } from '../../i18n/import';
import { BusyButton } from '../forms/busy-button';
import { ConfirmDialog } from '../valuables/delete-button';
import { SelectField, TextField } from '../forms/field';
import { Section } from '../components/section';
import { useFormatters } from '../components/format-context';
import { useInvestments, usePortfolios } from '../data/use-data';
import { useT } from '../app/use-i18n';
import { useImport } from './use-import';
import { useImportHistory } from './use-import-history';
import './import-screen.css';

type Flow = ReturnType<typeof useImport>;
type Words = ImportTexts & {
  t: (key: ImportKey, params?: Record<string, string | number>) => string;
};

/** The screen's texts in the chosen language, and a filler for its placeholders. */
function useImportTexts(): Words & { locale: string; language: Locale } {
  const { language, locale } = useT();
  const texts = IMPORT_TEXTS[language];
  return { ...texts, t: (key, params) => fill(texts.texts[key], params), locale, language };
}

const megabytes = (bytes: number, locale: string) =>
  `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`;

/**
 * /import: a broker's file is read on the device (in a worker), checked by a dry run and imported
 * in one step; earlier imports can be undone. Every step's behaviour is the import machine's.
 */
export function ImportScreen() {
  const flow = useImport();
  const w = useImportTexts();
  return (
    <main className="page page--wide import">
      <h1 className="page__title">{w.t('import.title')}</h1>
      <p className="import__intro">{w.t('import.intro')}</p>
      {flow.step === 'choosing' || flow.step === 'sniffing' ? (
        <FileChooser flow={flow} />
      ) : (
        <Detected flow={flow} />
      )}
      {flow.step === 'settings' && <Settings flow={flow} />}
      {flow.step === 'mapping' && <Mapping flow={flow} />}
      {flow.step === 'parsing' && (
        <p className="import__status" role="status">
          {w.t('import.reading')}
        </p>
      )}
      {flow.step === 'words' && <Words flow={flow} />}
      {flow.step === 'preview' && <Preview flow={flow} />}
      {flow.step === 'done' && <Result flow={flow} />}
      <History flow={flow} />
    </main>
  );
}

function problemText(problem: FileProblem, w: Words, locale: string): string {
  const params: Record<string, string | number> = { ...problem.params };
  if (problem.code === 'file.too_large') {
    params.size = megabytes(Number(problem.params?.size ?? 0), locale);
    params.limit = megabytes(MAX_FILE_BYTES, locale);
  }
  return fill(w.codes[problem.code], params);
}

function FileChooser({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const hintId = useId();
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) flow.choose(file, file.name);
  };
  return (
    <section className="card import__choose" aria-labelledby={`${hintId}-title`}>
      <div
        className={`import__drop${over ? ' import__drop--over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <p className="import__drop-title" id={`${hintId}-title`}>
          {w.t('import.drop')}
        </p>
        <label className="field__label" htmlFor={`${hintId}-input`}>
          {w.t('import.file')}
        </label>
        <input
          id={`${hintId}-input`}
          className="import__input"
          type="file"
          accept=".csv,.txt,.tsv,.xlsx,.json,text/csv,application/json"
          aria-describedby={hintId}
          disabled={flow.busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) flow.choose(file, file.name);
            event.target.value = '';
          }}
        />
        <p className="field__hint" id={hintId}>
          {w.t('import.hint')}
        </p>
      </div>
      {flow.busy && (
        <p className="import__status" role="status">
          {w.t('import.reading')}
        </p>
      )}
      {flow.problem && (
        <p className="form-error" role="alert">
          {problemText(flow.problem, w, w.locale)}
        </p>
      )}
    </section>
  );
}

/** "Nordnet export, 1,842 rows, 2016–2026", and the way back to another file. */
function Detected({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const { detection } = flow;
  if (!detection) return null;
  const format = detection.preset?.label ?? w.t('import.unknownFormat');
  const rows = new Intl.NumberFormat(w.locale).format(detection.rowCount);
  const span = detection.dateSpan;
  const years = span && `${span.from.slice(0, 4)}–${span.to.slice(0, 4)}`;
  return (
    <section className="card import__detected" aria-label={flow.fileName}>
      <div>
        <p className="import__format">
          {years
            ? w.t('import.detected', { format, rows, years })
            : w.t('import.detectedNoYears', { format, rows })}
        </p>
        <p className="field__hint">{flow.fileName}</p>
      </div>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={flow.restart}
      >
        {w.t('import.otherFile')}
      </button>
    </section>
  );
}

const SEPARATOR_NAMES: Record<(typeof SEPARATORS)[number], ImportKey> = {
  ',': 'import.comma',
  ';': 'import.semicolon',
  '\t': 'import.tab',
  '|': 'import.pipe',
};

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * One of a file's settings: what was detected unless the user chose another; "Not detected" as
 * an empty first choice when nothing was. With the file's values it was decided from, under it.
 */
function SettingField<K extends SettingKey>({
  flow,
  name,
  detected,
  values,
  labelOf,
}: {
  flow: Flow;
  name: K;
  detected: { value: FileSettings[K] | null; samples?: readonly string[] };
  values: readonly NonNullable<FileSettings[K]>[];
  labelOf: (value: NonNullable<FileSettings[K]>) => string;
}) {
  const w = useImportTexts();
  const { value, samples } = detected;
  const select = (
    <SelectField
      label={w.t(`import.${name}`)}
      name={name}
      value={flow.overrides[name] ?? value ?? ''}
      placeholder={value ? undefined : w.t('import.notDetected')}
      options={values.map((option) => ({ value: option, label: labelOf(option) }))}
      onValueChange={(chosen) => {
        if (isOneOf(values, chosen)) flow.changeSettings({ [name]: chosen });
      }}
    />
  );
  if (!samples) return select;
  return (
    <div>
      {select}
      <p className="field__hint">
        {samples.length > 0
          ? w.t('import.samples', { samples: samples.slice(0, 3).join('  ·  ') })
          : undefined}
      </p>
    </div>
  );
}

/** Continue, closing a step of the file's setup. */
function ContinueButton({ onContinue, blocked }: { onContinue: () => void; blocked?: boolean }) {
  const w = useImportTexts();
  return (
    <button
      type="button"
      className="button button--primary section__button"
      onClick={onContinue}
      disabled={blocked}
    >
      {w.t('import.continue')}
    </button>
  );
}

const DECIMAL_SEPARATORS = [',', '.'] as const;

function Settings({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const { detection } = flow;
  if (!detection) return null;
  const fileText = detection.kind === 'csv';
  return (
    <Section title={w.t('import.settings')}>
      <div className="import__settings">
        {fileText && (
          <SettingField
            flow={flow}
            name="encoding"
            detected={{ value: detection.encoding }}
            values={ENCODINGS}
            labelOf={(value) => value.toUpperCase()}
          />
        )}
        {fileText && (
          <SettingField
            flow={flow}
            name="separator"
            detected={{ value: detection.separator }}
            values={SEPARATORS}
            labelOf={(value) => w.t(SEPARATOR_NAMES[value])}
          />
        )}
        <SettingField
          flow={flow}
          name="decimalSeparator"
          detected={detection.decimalSeparator}
          values={DECIMAL_SEPARATORS}
          labelOf={(value) =>
            value === ','
              ? `${w.t('import.comma')} (1.234,56)`
              : `${w.t('import.point')} (1,234.56)`
          }
        />
        <SettingField
          flow={flow}
          name="dateFormat"
          detected={detection.dateFormat}
          values={DATE_FORMATS}
          labelOf={(value) => value}
        />
      </div>
      <ContinueButton onContinue={flow.confirmSettings} />
    </Section>
  );
}

interface Choice {
  label: string;
  name: string;
  value: string;
  placeholder: string;
  options: { value: string; label: string }[];
  onValueChange: (value: string) => void;
}

/** A step of choices in a grid, then Continue: the columns of a file, or its unknown type words. */
function ChoiceStep(props: {
  title: string;
  hint: string;
  choices: Choice[];
  onContinue: () => void;
  blocked?: boolean;
}) {
  return (
    <Section title={props.title}>
      <p className="field__hint">{props.hint}</p>
      <div className="import__grid">
        {props.choices.map((choice) => (
          <SelectField key={choice.name} {...choice} />
        ))}
      </div>
      <ContinueButton onContinue={props.onContinue} blocked={props.blocked} />
    </Section>
  );
}

function Mapping({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const options = (flow.detection?.headers ?? []).map((header) => ({
    value: header,
    label: header,
  }));
  return (
    <ChoiceStep
      title={w.t('import.mapping')}
      hint={w.t('import.mappingHint')}
      onContinue={flow.confirmMapping}
      choices={IMPORT_FIELDS.map((field) => ({
        label: w.fields[field],
        name: field,
        value: flow.columns[field] ?? '',
        placeholder: w.t('import.notInFile'),
        options,
        onValueChange: (value) => flow.mapColumn(field, value || undefined),
      }))}
    />
  );
}

function Words({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const unknown = flow.parsed?.unknownTypes ?? [];
  const options = TYPE_ACTIONS.map((action) => ({ value: action, label: w.actions[action] }));
  return (
    <ChoiceStep
      title={w.t('import.words')}
      hint={w.t('import.wordsHint')}
      onContinue={flow.confirmWords}
      blocked={unknown.some(({ word }) => !(word in flow.words))}
      choices={unknown.map(({ word, count }) => ({
        label: `${word} (${w.t('import.wordRows', { count })})`,
        name: `word-${word}`,
        value: flow.words[word] ?? '',
        placeholder: w.t('import.choose'),
        options,
        onValueChange: (value) => {
          if (isOneOf(TYPE_ACTIONS, value)) flow.mapWord(word, value);
        },
      }))}
    />
  );
}

const NEW = 'new';

/** The target portfolio: one the user has, or a new one by name. */
function TargetPicker({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const { portfolios } = usePortfolios();
  const target = flow.target;
  const [typing, setTyping] = useState(target !== undefined && 'name' in target);
  const chosen = typing ? NEW : target && 'id' in target ? target.id : '';
  const onName = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = new FormData(event.currentTarget).get('portfolio_name');
    if (typeof name === 'string' && name.trim()) flow.chooseTarget({ name });
  };
  return (
    <div className="import__target">
      <SelectField
        label={w.t('import.portfolio')}
        name="portfolio"
        value={chosen}
        placeholder={chosen === '' ? w.t('import.choose') : undefined}
        options={[
          ...portfolios.map((portfolio) => ({ value: portfolio.id, label: portfolio.name })),
          { value: NEW, label: w.t('import.newPortfolio') },
        ]}
        onValueChange={(value) => {
          setTyping(value === NEW);
          if (value && value !== NEW) flow.chooseTarget({ id: value });
        }}
      />
      {typing && (
        <form className="import__new" onSubmit={onName}>
          <TextField
            label={w.t('import.newName')}
            name="portfolio_name"
            defaultValue={target && 'name' in target ? target.name : ''}
            required
          />
          <button type="submit" className="button button--secondary">
            {w.t('import.useName')}
          </button>
        </form>
      )}
    </div>
  );
}

/**
 * Each instrument of the file and the investment its rows go to: the server's match (ISIN, then
 * ticker, then exact name) until the user picks another of the target portfolio's.
 */
function Instruments({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const portfolioId = flow.target && 'id' in flow.target ? flow.target.id : undefined;
  const { investments } = useInvestments(portfolioId, true);
  // A new portfolio has no investments yet: everything in it is new.
  const held = portfolioId === undefined ? [] : investments;
  if (flow.instruments.length === 0) return null;
  const choicesOf = (instrument: FileInstrument) => [
    ...held
      .filter((investment) => investment.instrument?.type === instrument.type)
      .map((investment) => ({
        value: investment.id,
        label: w.t('import.existing', { name: investment.name }),
      })),
    { value: NEW_INVESTMENT, label: w.t('import.newInvestment') },
  ];
  return (
    <div className="import__instruments">
      <h3 className="import__subtitle">{w.t('import.instruments')}</h3>
      <p className="field__hint">{w.t('import.instrumentsHint')}</p>
      <ul className="import__instrument-list">
        {flow.instruments.map((instrument, index) => (
          <li key={instrument.key} className="import__instrument">
            <p className="import__instrument-name">
              <span>{instrument.name}</span>{' '}
              <span className="import__instrument-codes">
                {[
                  instrument.isin,
                  instrument.symbol,
                  w.t('import.wordRows', { count: instrument.rows }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </p>
            <SelectField
              label={w.t('import.bookAs', { name: instrument.name })}
              name={`instrument-${index}`}
              value={flow.matches[instrument.key] ?? instrument.matched ?? NEW_INVESTMENT}
              options={choicesOf(instrument)}
              onValueChange={(match) => flow.matchInstrument(instrument.key, match)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Preview({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const { counts: c } = flow;
  const number = new Intl.NumberFormat(w.locale);
  const counts = {
    ok: number.format(c.ok + c.warning),
    duplicates: number.format(c.duplicate),
    skipped: number.format(c.skipped),
    errors: number.format(c.error),
  };
  const label =
    flow.count === 1
      ? w.t('import.submitOne')
      : w.t('import.submit', { count: number.format(flow.count) });
  return (
    <Section title={w.t('import.preview')}>
      <TargetPicker flow={flow} />
      {flow.busy && !flow.submitting && (
        <p className="import__status" role="status">
          {w.t('import.checking')}
        </p>
      )}
      {!flow.target && <p className="field__hint">{w.t('import.chooseTarget')}</p>}
      {flow.failure && (
        <div className="form-error import__failure" role="alert">
          <span>{flow.failure}</span>
          {!flow.busy && (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={flow.retry}
            >
              {w.t('import.retry')}
            </button>
          )}
        </div>
      )}
      <Instruments flow={flow} />
      <p className="import__summary">{w.t('import.summary', counts)}</p>
      <StatusFilter flow={flow} />
      <PreviewTable flow={flow} />
      <Pager flow={flow} />
      <Totals flow={flow} />
      <MoneyTotals flow={flow} />
      <Reconciliation flow={flow} />
      {flow.missingRatios > 0 && (
        <p className="notice import__notice" role="status">
          {w.t('import.ratiosMissing')}
        </p>
      )}
      {flow.checked && flow.count === 0 && (
        <p className="notice import__notice">{w.t('import.nothing')}</p>
      )}
      <div className="import__submit">
        <BusyButton
          type="button"
          className="button button--primary button--block"
          busy={flow.submitting}
          disabled={!flow.canImport && !flow.submitting}
          onClick={flow.submit}
        >
          {label}
        </BusyButton>
      </div>
    </Section>
  );
}

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

function messagesOf(line: PreviewLine, w: Words & { locale: string }): string[] {
  const parser = line.messages.map((message: ImportMessage) => {
    // A field names where an error or warning is; a note (a cancelled row) needs none.
    const field =
      message.level !== 'info' && message.field && message.field in w.fields
        ? `${w.fields[message.field as keyof typeof w.fields]}: `
        : '';
    return field + fill(w.codes[message.code], localised(message.params, w.locale));
  });
  const server = Object.entries(line.errors).flatMap(([field, list]) =>
    list.map((message) => `${field}: ${message}`),
  );
  return [...parser, ...server, ...line.warnings];
}

function PreviewTable({ flow }: { flow: Flow }) {
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
                {messagesOf(line, w).map((message) => (
                  <span key={message} className="import__message">
                    {text(message)}
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

const FILTERS = ['all', 'ok', 'warning', 'error', 'duplicate', 'skipped'] as const;

/** Which lines the table shows, with the count of each status over the whole file. */
function StatusFilter({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const number = new Intl.NumberFormat(w.locale);
  const shown = FILTERS.filter((filter) => filter === 'all' || flow.counts[filter] > 0);
  return (
    <div className="import__filters" role="group" aria-label={w.t('import.show')}>
      {shown.map((filter) => (
        <button
          key={filter}
          type="button"
          className="import__filter"
          aria-pressed={flow.filter === filter}
          onClick={() => flow.showStatus(filter)}
        >
          {filter === 'all' ? w.t('import.all') : w.statuses[filter]}{' '}
          <span className="import__filter-count">{number.format(flow.counts[filter])}</span>
        </button>
      ))}
    </div>
  );
}

/** One page of the table at a time: drawing 10,000 rows at once blocks a phone for seconds. */
function Pager({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const { page } = flow;
  if (page.pages <= 1) return null;
  const number = new Intl.NumberFormat(w.locale);
  return (
    <nav className="import__pager" aria-label={w.t('import.pages')}>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={page.page === 0}
        onClick={() => flow.showPage(page.page - 1)}
      >
        {w.t('import.previous')}
      </button>
      <p className="import__range" aria-live="polite">
        {w.t('import.range', {
          from: number.format(page.from),
          to: number.format(page.to),
          total: number.format(page.total),
        })}
      </p>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={page.page >= page.pages - 1}
        onClick={() => flow.showPage(page.page + 1)}
      >
        {w.t('import.next')}
      </button>
    </nav>
  );
}

function Totals({ flow }: { flow: Flow }) {
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
function MoneyTotals({ flow }: { flow: Flow }) {
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

function Reconciliation({ flow }: { flow: Flow }) {
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

function Result({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const history = useImportHistory(flow.history);
  const { batch } = flow;
  if (!batch) return null;
  const undone = history.undone.includes(batch.id);
  const file = batch.file_name ?? flow.fileName;
  const portfolio = batch.portfolio_name;
  return (
    <section className="card import__result" role="status">
      <p>
        {undone
          ? w.t('import.undone')
          : portfolio === null
            ? w.t('import.done', { count: batch.events, file })
            : w.t('import.doneInto', { count: batch.events, file, portfolio })}
      </p>
      {!undone && (
        <div className="button-row">
          {portfolio !== null && (
            <Link className="button button--primary" href={`/portfolios/${batch.portfolio_id}`}>
              {w.t('import.open', { portfolio })}
            </Link>
          )}
          <BusyButton
            type="button"
            className="button button--secondary"
            busy={history.undoing === batch.id}
            onClick={() => flow.undo(batch.id)}
          >
            {w.t('import.undo')}
          </BusyButton>
        </div>
      )}
    </section>
  );
}

function History({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const history = useImportHistory(flow.history);
  const date = new Intl.DateTimeFormat(w.locale, { dateStyle: 'medium', timeStyle: 'short' });
  const asked = history.asking;
  return (
    <Section title={w.t('import.history')}>
      {history.failure && (
        <p className="form-error" role="alert">
          {history.failure}
        </p>
      )}
      {history.refused && (
        <p className="form-error" role="alert">
          {w.t('import.undoRefused', {
            count: history.refused.edited.length,
            ids: history.refused.edited.join(', '),
          })}
        </p>
      )}
      {history.batches.length === 0 && !history.loading ? (
        <p className="field__hint">{w.t('import.historyEmpty')}</p>
      ) : (
        <ul className="import__history">
          {history.batches.map((batch) => (
            <li key={batch.id} className="import__batch">
              <div>
                <p className="import__batch-name">{batch.file_name ?? batch.source}</p>
                <p className="field__hint">
                  {batch.portfolio_name === null
                    ? w.t('import.batch', {
                        events: batch.events,
                        date: date.format(new Date(batch.created_at)),
                      })
                    : w.t('import.batchInto', {
                        events: batch.events,
                        portfolio: batch.portfolio_name,
                        date: date.format(new Date(batch.created_at)),
                      })}
                </p>
              </div>
              <BusyButton
                type="button"
                className="button button--secondary button--small"
                busy={history.undoing === batch.id}
                aria-label={`${w.t('import.undo')} ${batch.file_name ?? batch.source}`}
                onClick={() => flow.undo(batch.id)}
              >
                {w.t('import.undo')}
              </BusyButton>
            </li>
          ))}
        </ul>
      )}
      {asked && history.question && (
        <ConfirmDialog
          question={history.question}
          summary={w.t('import.undoSummary', {
            file: asked.file_name ?? asked.source,
            date: date.format(new Date(asked.created_at)),
          })}
          confirmLabel={w.t('import.remove')}
          onConfirm={flow.confirmUndo}
          onCancel={flow.cancelUndo}
        />
      )}
    </Section>
  );
}
