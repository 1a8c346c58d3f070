// The contract tests' hooks, set up for each file: the files of a worker share support.ts's
// module (vitest.config.ts), where hooks written at its top would join the first file only.
import { afterAll, afterEach } from 'vitest';
import { keepDatabasesPerFile } from '../server/databases';
import { closeMailSink, stopServer } from './support';

afterEach(stopServer);
afterAll(closeMailSink);
keepDatabasesPerFile();
