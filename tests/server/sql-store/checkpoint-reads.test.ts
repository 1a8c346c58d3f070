// Replay checkpoints read back byte for byte (issue 37): PostgreSQL keeps them deflated and sends
// them as base64 text, a build's list of them is one statement, and each investment asked gets
// its own bytes at its own version, or none.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SqlStore } from '../../../src/server/sql/sql-store';
import { chunkFor } from '../../../src/server/sql/store/checkpoints';
import { STOCK, T0, buy } from './store-script';
import { recorded, twoHandles } from './two-handles';

const { backends, open } = twoHandles('formue-checkpoints-');

/** Every byte value, bytes that are no UTF-8, a run that deflates to almost nothing, noise. */
const CHECKPOINTS: readonly Uint8Array[] = [
  Uint8Array.from({ length: 256 }, (_, byte) => byte),
  Uint8Array.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x82, 0x00, 0xf0, 0x90]),
  new Uint8Array(3 << 20).fill(7),
  new Uint8Array(randomBytes(1_500_000)),
  new Uint8Array(0),
];

/** A store over process one (its statements recorded), investments made through process two. */
async function withInvestments(url: string, count: number) {
  const { one, two } = await open(url);
  const storeTwo = new SqlStore(two.db, two.dialect);
  const user = await storeTwo.createUser({
    name: 'Ann',
    email: 'ann@example.com',
    passwordHash: 'x',
  });
  const portfolio = await storeTwo.createPortfolio({ userId: user.id, name: 'Pension' });
  const investments = [];
  for (let index = 0; index < count; index++) {
    investments.push(
      await storeTwo.createInvestment(
        { userId: user.id, portfolioId: portfolio.id, name: `Novo ${index}`, ...STOCK },
        buy(T0, 10),
      ),
    );
  }
  const { spied, statements } = recorded(one.db);
  const sqlStore = new SqlStore(spied, one.dialect);
  const store = {
    /** The investments' checkpoints, each at its version, asked in one list. */
    read: (asked: readonly { id: number; version: number }[]) =>
      sqlStore.replayCheckpoints(asked.map(({ id, version }) => ({ investmentId: id, version }))),
  };
  const checkpointReads = () =>
    statements.filter((statement) => statement.includes('from "replay_checkpoints"')).length;
  return { store, storeTwo, investments, checkpointReads };
}

describe.each(backends)('Replay checkpoints read back on $name', ({ url }) => {
  it('are the bytes kept, each its own, read in one statement', async () => {
    const { store, storeTwo, investments, checkpointReads } = await withInvestments(
      await url(),
      CHECKPOINTS.length,
    );
    for (const [index, investment] of investments.entries())
      await storeTwo.keepReplayCheckpoint(investment.id, investment.version, CHECKPOINTS[index]);
    const read = await store.read(investments);
    read.forEach((bytes, index) => {
      expect(bytes?.length).toBe(CHECKPOINTS[index].length);
      expect(Buffer.from(bytes ?? []).equals(CHECKPOINTS[index])).toBe(true);
    });
    expect(checkpointReads()).toBe(1);
  });

  it('are none at another version, for an investment without one, or asked twice', async () => {
    const { store, storeTwo, investments } = await withInvestments(await url(), 3);
    const [kept, older, without] = investments;
    await storeTwo.keepReplayCheckpoint(kept.id, kept.version, CHECKPOINTS[1]);
    await storeTwo.keepReplayCheckpoint(older.id, older.version - 1, CHECKPOINTS[1]);
    const read = await store.read([
      kept,
      older,
      without,
      { id: kept.id, version: kept.version + 1 },
      kept,
    ]);
    expect(read.map((bytes) => bytes && [...bytes])).toEqual([
      [...CHECKPOINTS[1]],
      undefined,
      undefined,
      undefined,
      [...CHECKPOINTS[1]],
    ]);
  });

  it('keep the newer of two versions, whichever build is written last', async () => {
    const { store, storeTwo, investments } = await withInvestments(await url(), 1);
    const [investment] = investments;
    await storeTwo.keepReplayCheckpoint(investment.id, investment.version, CHECKPOINTS[0]);
    // A slower build of the version before, written after.
    await storeTwo.keepReplayCheckpoint(investment.id, investment.version - 1, CHECKPOINTS[1]);
    const [bytes] = await store.read([investment]);
    expect(bytes && [...bytes]).toEqual([...CHECKPOINTS[0]]);
  });

  it('show a checkpoint kept by another process at the next read', async () => {
    const { store, storeTwo, investments } = await withInvestments(await url(), 1);
    const [investment] = investments;
    expect(await store.read([investment])).toEqual([undefined]);
    await storeTwo.keepReplayCheckpoint(investment.id, investment.version, CHECKPOINTS[0]);
    const [bytes] = await store.read([investment]);
    expect(bytes && [...bytes]).toEqual([...CHECKPOINTS[0]]);
  });
});

describe('An inflate’s first buffer', () => {
  it('holds four times the deflated bytes, from 16 kB to 1 MB', () => {
    expect([0, 4_096, 4_097, 23_000, 200_000, 5_000_000].map(chunkFor)).toEqual([
      16_384, 16_384, 32_768, 131_072, 1_048_576, 1_048_576,
    ]);
  });
});
