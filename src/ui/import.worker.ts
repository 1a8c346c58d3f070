// The import's Web Worker: reads a file with the parsers (src/domain/import), off the main thread,
// so a 10,000-row file never blocks the page. One request per worker (import-worker.ts).
import type { ParseOptions } from '../domain/import';
import { inThreadReader } from '../machines/import-in-thread';

export type ReaderRequest =
  | { step: 'sniff'; file: Blob; fileName: string }
  | { step: 'parse'; file: Blob; options: ParseOptions };

export type ReaderAnswer = { ok: true; value: unknown } | { ok: false; message: string };

const answer = (message: ReaderAnswer) => self.postMessage(message);

self.onmessage = ({ data }: MessageEvent<ReaderRequest>) => {
  const read =
    data.step === 'sniff'
      ? inThreadReader.sniff(data.file, data.fileName)
      : inThreadReader.parse(data.file, data.options);
  read.then(
    (value) => answer({ ok: true, value }),
    (error: unknown) => answer({ ok: false, message: String(error) }),
  );
};
