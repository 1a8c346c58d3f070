// The import machine's reader in the browser: one long-lived Web Worker (src/import-worker.ts,
// bundled by Vite as a chunk loaded on the first file) reads files off the main thread; the bytes
// are transferred, not copied. Where there is no Worker (jsdom tests), the same parsers run in
// this thread, from a chunk of their own.
import type { ImportWorkerAnswer, ImportWorkerRequest } from '../../domain/import';
import { loadInThreadReader, type ImportReader } from '../../machines/import';

let worker: Worker | undefined;
let next = 0;
const waiting = new Map<number, (answer: ImportWorkerAnswer) => void>();

function ask(request: ImportWorkerRequest): Promise<ImportWorkerAnswer> {
  if (!worker) {
    worker = new Worker(new URL('../../import-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<ImportWorkerAnswer>) => {
      waiting.get(data.id)?.(data);
      waiting.delete(data.id);
    };
    worker.onerror = (event) => {
      // The worker is gone: every request waiting fails; the next one starts a new worker.
      for (const [id, settle] of waiting) settle({ type: 'failed', id, message: event.message });
      waiting.clear();
      worker = undefined;
    };
  }
  const started = worker;
  return new Promise((resolve) => {
    waiting.set(request.id, resolve);
    started.postMessage(request, [request.bytes.buffer]);
  });
}

const bytesOf = async (file: Blob) => new Uint8Array(await file.arrayBuffer());

function answerOf<T>(
  answer: ImportWorkerAnswer,
  pick: (answer: ImportWorkerAnswer) => T | undefined,
): T {
  const value = pick(answer);
  if (value === undefined) {
    throw new Error(
      answer.type === 'failed' ? answer.message : 'The file reader answered out of turn.',
    );
  }
  return value;
}

export const browserReader: ImportReader =
  typeof Worker === 'function'
    ? {
        sniff: async (file, fileName) =>
          answerOf(
            await ask({ type: 'sniff', id: ++next, bytes: await bytesOf(file), fileName }),
            (a) => (a.type === 'sniffed' ? a.sniffed : undefined),
          ),
        parse: async (file, options) =>
          answerOf(
            await ask({ type: 'parse', id: ++next, bytes: await bytesOf(file), options }),
            (a) => (a.type === 'parsed' ? a.result : undefined),
          ),
      }
    : {
        sniff: async (file, fileName) => (await loadInThreadReader()).sniff(file, fileName),
        parse: async (file, options) => (await loadInThreadReader()).parse(file, options),
      };
