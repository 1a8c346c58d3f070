// The parsers read in the calling thread: the reader of jsdom and node tests, which have no Web
// Worker (src/ui/import/import-worker.ts loads it there).
import { parse, sniff } from '../../domain/import';
import { readerOver } from './import-reader';

export const inThreadReader = readerOver({ sniff, parse });
