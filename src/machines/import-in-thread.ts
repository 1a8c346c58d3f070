// The parsers read in the calling thread: the worker's body (src/ui/import.worker.ts), and the
// reader of jsdom and node tests, which have no Web Worker.
import { parse, sniff } from '../domain/import';
import { readerOver } from './import-reader';

export const inThreadReader = readerOver({ sniff, parse });
