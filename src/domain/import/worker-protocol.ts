// The messages between the import screen and its Web Worker (src/import-worker.ts). Bytes are
// transferred, not copied; `id` pairs an answer with its request.

import type { ParseOptions, ParseResult, Sniffed } from './types';

export type ImportWorkerRequest =
  | { type: 'sniff'; id: number; bytes: Uint8Array; fileName: string }
  | { type: 'parse'; id: number; bytes: Uint8Array; options: ParseOptions };

export type ImportWorkerAnswer =
  | { type: 'sniffed'; id: number; sniffed: Sniffed }
  | { type: 'parsed'; id: number; result: ParseResult }
  /** A bug, not a bad file (bad files are `problem`s of the answers above). */
  | { type: 'failed'; id: number; message: string };
