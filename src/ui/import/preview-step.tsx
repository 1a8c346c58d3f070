// The dry run's preview: where the file goes, its lines a page at a time, and its totals.
import { BusyButton } from '../forms/busy-button';
import { Section } from '../components/section';
import { type Flow, useImportTexts } from './import-texts';
import { PreviewTable } from './preview-table';
import { TargetPicker, Instruments } from './preview-targets';
import { Totals, MoneyTotals, Reconciliation } from './preview-totals';

export function Preview({ flow }: { flow: Flow }) {
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
