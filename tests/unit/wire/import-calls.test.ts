// The export's answer is read through the import's one schema of it (src/domain/import/rows.ts):
// what the app saves as a file is an export, or the call fails with the field that is not.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import type { Http } from '../../../src/api/http';
import { createImportCalls } from '../../../src/api/import-calls';

const EVENT = { id: 1, investment_id: 2, kind: 'buy', date: '2024-03-04', currency_code: 'DKK' };

const answering = (body: unknown): Http => ({
  request: () => Promise.resolve(body),
  initCsrf: () => Promise.resolve(),
  onUnauthenticated: () => () => undefined,
  forgetFirstAnswers: () => undefined,
  firstAnswered: () => [],
});

const exportOf = (events: unknown[]) => ({
  formue: { format: 'formue-export', version: 1, exported_at: '2026-11-27T09:00:00.000Z' },
  portfolios: [{ id: 7, name: 'Pension' }],
  investments: [],
  events,
  prices: [],
});

describe('the export call', () => {
  it('gives the export as sent', async () => {
    const calls = createImportCalls(answering(exportOf([EVENT])));
    expect(await calls.exportData('json')).toEqual({ format: 'json', data: exportOf([EVENT]) });
  });

  it('fails on an export whose event is not one, naming the field', async () => {
    const calls = createImportCalls(answering(exportOf([{ ...EVENT, kind: 'gift' }])));
    const failure = await calls.exportData('json').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'decode' });
    expect((failure as ApiError).message).toContain('body.events[0].kind is not buy, sell');
  });
});
