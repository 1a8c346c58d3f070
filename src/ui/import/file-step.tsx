// The import's first step: the file chosen (or dropped), and what was detected in it.
import { useId, useState, type DragEvent } from 'react';
import { MAX_FILE_BYTES, type FileProblem } from '../../machines/import';
import { fill } from '../../i18n';
import { type Flow, type ScreenTexts, useImportTexts } from './import-texts';

const megabytes = (bytes: number, locale: string) =>
  `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`;

function problemText(problem: FileProblem, w: ScreenTexts, locale: string): string {
  const params: Record<string, string | number> = { ...problem.params };
  if (problem.code === 'file.too_large') {
    params.size = megabytes(Number(problem.params?.size ?? 0), locale);
    params.limit = megabytes(MAX_FILE_BYTES, locale);
  }
  return fill(w.codes[problem.code], params);
}

export function FileChooser({ flow }: { flow: Flow }) {
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
export function Detected({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const { detection } = flow;
  if (!detection) return null;
  const { preset } = detection;
  const format = preset ? (w.formats?.[preset.id] ?? preset.label) : w.t('import.unknownFormat');
  const rows = w.count('rows', detection.rowCount);
  const span = detection.dateSpan;
  const [from, to] = span ? [span.from.slice(0, 4), span.to.slice(0, 4)] : [];
  // One year is named once: "2024", not "2024–2024".
  const years = from && (from === to ? from : `${from}–${to}`);
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
