// The import machine's port to the file parsers (src/domain/import): in the browser they run in a
// Web Worker (src/import-worker.ts, asked by src/ui/import/import-worker.ts); in jsdom and node tests in
// the test's own thread (import-in-thread.ts). The file never leaves the device: only its rows do.
import type {
  ImportMessage,
  ImportMessageCode,
  ParseOptions,
  ParseResult,
  Sniffed,
} from '../../domain/import';

export interface ImportReader {
  sniff(file: Blob, fileName: string): Promise<Sniffed>;
  parse(file: Blob, options: ParseOptions): Promise<ParseResult>;
}

/** The two readers over a file's bytes, as src/domain/import gives them. */
export interface ReaderCore {
  sniff(bytes: Uint8Array, fileName: string): Promise<Sniffed>;
  parse(bytes: Uint8Array, options: ParseOptions): Promise<ParseResult>;
}

const bytesOf = async (file: Blob) => new Uint8Array(await file.arrayBuffer());

/** A reader that reads the file in this thread (the worker's, or a test's). */
export function readerOver(core: ReaderCore): ImportReader {
  return {
    sniff: async (file, fileName) => core.sniff(await bytesOf(file), fileName),
    parse: async (file, options) => core.parse(await bytesOf(file), options),
  };
}

/** What the user may override of what was detected. */
export const SETTING_KEYS = ['encoding', 'separator', 'decimalSeparator', 'dateFormat'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
export type FileSettings = Pick<ParseOptions, SettingKey>;

/** Why a file is refused: the parser's message, or the screen's own before or after reading. */
export interface FileProblem {
  code: ImportMessageCode | 'file.too_large' | 'file.unreadable';
  params?: ImportMessage['params'];
}
