// The import machine's reader in the browser: each step runs in a Web Worker of its own (Vite
// bundles import.worker.ts as a chunk loaded only then). Where there is no Worker (jsdom tests),
// the same parsers run in this thread, from a chunk of their own.
import type { ImportReader } from '../machines/import-reader';
import type { ReaderAnswer, ReaderRequest } from './import.worker';

function inWorker<T>(request: ReaderRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<ReaderAnswer>) => {
      worker.terminate();
      if (data.ok) resolve(data.value as T);
      else reject(new Error(data.message));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The file reader stopped.'));
    };
    worker.postMessage(request);
  });
}

const inThread = () => import('../machines/import-in-thread').then((m) => m.inThreadReader);

export const browserReader: ImportReader =
  typeof Worker === 'function'
    ? {
        sniff: (file, fileName) => inWorker({ step: 'sniff', file, fileName }),
        parse: (file, options) => inWorker({ step: 'parse', file, options }),
      }
    : {
        sniff: async (file, fileName) => (await inThread()).sniff(file, fileName),
        parse: async (file, options) => (await inThread()).parse(file, options),
      };
