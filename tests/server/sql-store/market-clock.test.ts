// The market's sync states kept under the market's clock (migration 0020, issue 37): a request
// reads the clock with its session, and reads `market_sync` again only when it has moved, whoever
// wrote. Two handles on one database stand for two server processes.
import { describe, expect, it } from 'vitest';
import { priceStore } from '../../../src/server/sql/market';
import { SqlStore } from '../../../src/server/sql/sql-store';
import { sqlKeptAnswers } from '../../../src/server/sql/store/kept-answers';
import { recorded, twoHandles } from './two-handles';

const A = 'yahoo:A';
const B = 'yahoo:B';
const SESSION = 'session-of-ann';

const { backends, open } = twoHandles('formue-clock-');

/** Process one (recorded) and process two on one database, Ann's session and two listings. */
async function twoProcesses(url: string) {
  const { one, two } = await open(url);
  const pricesTwo = priceStore(two.db, two.dialect);
  await pricesTwo.saveFailure(A, 'down', 1_000, 2_000);
  await pricesTwo.saveFailure(B, 'down', 1_000, 2_000);
  const storeTwo = new SqlStore(two.db, two.dialect);
  const ann = await storeTwo.createUser({
    name: 'Ann',
    email: 'ann@example.com',
    passwordHash: 'x',
  });
  await storeTwo.saveSession({ id: SESSION, token: 't', userId: ann.id, lastSeen: Date.now() });

  const { spied, statements } = recorded(one.db);
  const store = new SqlStore(spied, one.dialect);
  const prices = priceStore(spied, one.dialect);
  const kept = sqlKeptAnswers(spied);
  /** A warm home's market reads in one request: its session, the versions, the states. */
  const request = async () => {
    statements.length = 0;
    expect(await store.forRequest().session(SESSION)).toMatchObject({ id: SESSION });
    const versions = await kept.marketVersions([A, B, 'fx']);
    const states = await prices.currentStates([A, B, 'fx']);
    const read = statements.filter((statement) => statement.includes('market_sync')).length;
    return { versions: Object.fromEntries(versions), states, read };
  };
  return { request, prices, pricesTwo };
}

describe.each(backends)('The market’s states kept under its clock on $name', ({ url }) => {
  it('are read once, then not again while nothing in market_sync changes', async () => {
    const { request } = await twoProcesses(await url());
    const first = await request();
    expect(first.read).toBe(1);
    expect(first.versions).toEqual({ [A]: 0, [B]: 0 });
    expect(first.states.get(A)).toMatchObject({ errorsInRow: 1, lastError: 'down' });
    expect(first.states.has('fx')).toBe(false);
    const again = await request();
    expect(again.read).toBe(0);
    expect(again.versions).toEqual(first.versions);
    expect(again.states).toEqual(first.states);
  });

  it('show another process’s write at the next request', async () => {
    const { request, pricesTwo } = await twoProcesses(await url());
    await request();
    // A failure raises no version, only the state a refresh is scheduled by.
    await pricesTwo.saveFailure(B, 'still down', 3_000, 9_000);
    const afterFailure = await request();
    expect(afterFailure.read).toBe(1);
    expect(afterFailure.states.get(B)).toMatchObject({ errorsInRow: 2, nextAttempt: 9_000 });
    await pricesTwo.saveListing({
      key: A,
      provider: 'yahoo',
      symbol: 'A',
      name: 'A',
      exchange: 'NMS',
      mic: 'XNAS',
      assetClass: 'stock',
      currency: 'USD',
      quoteCurrency: 'USD',
      timezone: 'America/New_York',
    });
    await pricesTwo.saveQuote(
      A,
      { price: '12.5', time: 4_000, day: '2026-11-30', intraday: [] },
      4_000,
    );
    await pricesTwo.saveRates([{ currency: 'USD', day: '2026-11-27', perEuro: '1.05' }], 5_000);
    const afterPrices = await request();
    expect(afterPrices.read).toBe(1);
    expect(afterPrices.versions).toEqual({ [A]: 1, [B]: 0, fx: 1 });
    expect((await request()).read).toBe(0);
  });

  it('show this process’s own write at once, before any request', async () => {
    const { request, prices } = await twoProcesses(await url());
    await request();
    await prices.saveFailure(A, 'down again', 3_000, 7_000);
    expect((await prices.currentStates([A])).get(A)).toMatchObject({ errorsInRow: 2 });
  });
});
