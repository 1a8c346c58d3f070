// After the import: what was booked, and the earlier imports with their Undo.
import { Link } from 'wouter';
import { BusyButton } from '../forms/busy-button';
import { ConfirmDialog } from '../components/dialogs/confirm-dialog';
import { Section } from '../components/section';
import { useImportHistory } from './use-import-history';
import { type Flow, useImportTexts } from './import-texts';

export function Result({ flow }: { flow: Flow }) {
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
            ? w.t('import.done', { events: w.count('events', batch.events), file })
            : w.t('import.doneInto', {
                events: w.count('events', batch.events),
                file,
                portfolio,
              })}
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

export function History({ flow }: { flow: Flow }) {
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
          {w.t(
            history.refused.edited.length === 1 ? 'import.undoRefusedOne' : 'import.undoRefused',
            {
              count: history.refused.edited.length,
              ids: history.refused.edited.join(', '),
            },
          )}
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
                        events: w.count('events', batch.events),
                        date: date.format(new Date(batch.created_at)),
                      })
                    : w.t('import.batchInto', {
                        events: w.count('events', batch.events),
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
