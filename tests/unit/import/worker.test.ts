import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportWorkerAnswer, ImportWorkerRequest } from '../../../src/domain/import';
import { INDEX_FUND, nordnetFile } from './nordnet-file';

describe('the import Web Worker', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('answers sniff and parse requests by id with the domain functions’ results', async () => {
    const answers: ImportWorkerAnswer[] = [];
    const scope: {
      onmessage?: (event: { data: ImportWorkerRequest }) => void;
      postMessage: (a: ImportWorkerAnswer) => void;
    } = {
      postMessage: (answer) => answers.push(answer),
    };
    vi.stubGlobal('self', scope);
    await import('../../../src/import-worker');
    const bytes = nordnetFile([
      {
        id: '1',
        day: '2024-03-04',
        type: 'KØBT',
        ...INDEX_FUND,
        shares: '1',
        price: '10',
        amount: '-10',
      },
    ]);
    scope.onmessage?.({ data: { type: 'sniff', id: 1, bytes, fileName: 'x.csv' } });
    scope.onmessage?.({ data: { type: 'parse', id: 2, bytes, options: { fileName: 'x.csv' } } });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    const byId = new Map(answers.map((answer) => [answer.id, answer]));
    expect(byId.get(1)).toMatchObject({
      type: 'sniffed',
      sniffed: { preset: { id: 'nordnet-da' } },
    });
    expect(byId.get(2)).toMatchObject({
      type: 'parsed',
      result: { rows: [{ kind: 'buy', shares: 1 }] },
    });
  });
});
