// A listing's closes as one row of numbers (issue 37): written with the closes, the same numbers
// as their rows give, read instead of the rows, and the rows read where none is kept.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  closeSeries,
  decodeCloseSeries,
  encodeCloseSeries,
} from '../../../src/market/close-series';
import { openDatabase, type OpenedDatabase } from '../../../src/server/sql/connect';
import { priceStore, type PriceStore } from '../../../src/server/sql/market';
import { freshDatabaseUrl } from '../databases';
import { copenhagenListing } from './listings';

const KEY = 'yahoo:NOVO-B.CO';
const T = Date.parse('2026-11-27T18:00:00Z');

let database: OpenedDatabase;
beforeEach(async () => {
  database = await openDatabase(await freshDatabaseUrl());
});
afterEach(() => database.close());

async function listing(): Promise<PriceStore> {
  const prices = priceStore(database.db, database.dialect);
  await prices.saveListing(copenhagenListing('NOVO-B.CO'));
  return prices;
}

/** Counts the reads of the closes' rows. */
function counted(prices: PriceStore): string[] {
  const reads: string[] = [];
  const closes = prices.closes.bind(prices);
  prices.closes = (key) => {
    reads.push(key);
    return closes(key);
  };
  return reads;
}

describe('a close series', () => {
  it('is written with the closes and gives their rows’ numbers without reading them', async () => {
    const prices = await listing();
    const closes = [
      { day: '2026-11-20', close: '0.3' },
      { day: '2026-11-23', close: '612.45' },
      { day: '2026-11-24', close: '1234.56789' },
    ];
    await prices.saveHistory(KEY, closes, [], '2026-11-20', T);
    const reads = counted(prices);
    const series = await prices.closeSeries(KEY);
    expect(reads).toEqual([]);
    expect(series).toEqual(closeSeries(await prices.closes(KEY)));
    expect([...series.values]).toEqual([0.3, 612.45, 1234.56789]);

    // A later history replaces a day's close and adds one: the series follows.
    await prices.saveHistory(
      KEY,
      [
        { day: '2026-11-24', close: '1230' },
        { day: '2026-11-25', close: '1240.5' },
      ],
      [],
      '2026-11-24',
      T,
    );
    expect(await prices.closeSeries(KEY)).toEqual(closeSeries(await prices.closes(KEY)));
    expect([...(await prices.closeSeries(KEY)).values]).toEqual([0.3, 612.45, 1230, 1240.5]);
  });

  it('is made from the rows where none is kept (closes stored before it)', async () => {
    const prices = await listing();
    await prices.saveHistory(KEY, [{ day: '2026-11-20', close: '600.5' }], [], '2026-11-20', T);
    await database.db.deleteFrom('close_series').execute();
    const reads = counted(prices);
    const series = await prices.closeSeries(KEY);
    expect(reads).toEqual([KEY]);
    expect([...series.values]).toEqual([600.5]);
  });

  it('comes back from its bytes, and other bytes are none', () => {
    const series = closeSeries([
      { day: '2019-01-02', close: '10.1' },
      { day: '2026-11-27', close: '99999.999' },
    ]);
    const bytes = encodeCloseSeries(series);
    // As a driver may hand it: a view that does not start on a double's boundary.
    const shifted = new Uint8Array(bytes.byteLength + 1);
    shifted.set(bytes, 1);
    expect(decodeCloseSeries(shifted.subarray(1))).toEqual(series);
    expect(decodeCloseSeries(bytes.subarray(0, bytes.byteLength - 8))).toBeUndefined();
    expect(decodeCloseSeries(new Uint8Array(3))).toBeUndefined();
  });
});
