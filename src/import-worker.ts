// The broker import's Web Worker: the file is read here, off the main thread and on the device
// (it holds account numbers). Start it lazily from the import screen:
//   new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' })

import { parse, sniff } from './domain/import';
import type { ImportWorkerAnswer, ImportWorkerRequest } from './domain/import/worker-protocol';

async function answer(request: ImportWorkerRequest): Promise<ImportWorkerAnswer> {
  try {
    if (request.type === 'sniff') {
      return {
        type: 'sniffed',
        id: request.id,
        sniffed: await sniff(request.bytes, request.fileName),
      };
    }
    return { type: 'parsed', id: request.id, result: await parse(request.bytes, request.options) };
  } catch (failure) {
    return { type: 'failed', id: request.id, message: String(failure) };
  }
}

self.onmessage = (event: MessageEvent<ImportWorkerRequest>) => {
  void answer(event.data).then((reply) => self.postMessage(reply));
};
