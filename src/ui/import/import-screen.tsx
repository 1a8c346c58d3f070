import { FileChooser, Detected } from './file-step';
import { useImportTexts } from './import-texts';
import { Preview } from './preview-step';
import { Result, History } from './result-step';
import { Settings, Mapping, Words } from './settings-step';
import { useImport } from './use-import';
import './import-screen.css';

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
