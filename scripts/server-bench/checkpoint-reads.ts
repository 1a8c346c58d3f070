// A build's checkpoint reads alone, in a bare process (issue 37, ckpt16): the 40 checkpoints of a
// bench database's account read as one list (`replayCheckpoints`, what the timelines ask now)
// against the reads before it, four investments a statement on PostgreSQL (pg15's turn) and one
// a statement on SQLite, each `rounds` times, alternating. Prints the wall and CPU ms of each.
//   npx tsx scripts/server-bench/checkpoint-reads.ts <database URL> [rounds]
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { inflate } from 'node:zlib';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/sql/connect';
import { SqlStore } from '../../src/server/sql/sql-store';
import { chunkFor } from '../../src/server/sql/store/checkpoints';

const inflated = promisify(inflate);
const url = process.argv[2];
const rounds = Number(process.argv[3] ?? 30);
if (!url) throw new Error('usage: checkpoint-reads.ts <database URL> [rounds]');
const opened = await openDatabase(url);
const { db, dialect } = opened;
const asked = (
  await db.selectFrom('replay_checkpoints').select(['investment_id', 'version']).execute()
).map((row) => ({ investmentId: row.investment_id, version: row.version }));
const store = new SqlStore(db, dialect);

/** The reads as they were: one investment a statement on SQLite, four on PostgreSQL. */
async function before(): Promise<number> {
  let bytes = 0;
  if (dialect === 'sqlite') {
    for (let start = 0; start < asked.length; start += 4) {
      const read = await Promise.all(
        asked
          .slice(start, start + 4)
          .map(({ investmentId, version }) =>
            db
              .selectFrom('replay_checkpoints')
              .select('data')
              .where('investment_id', '=', investmentId)
              .where('version', '=', version)
              .executeTakeFirst(),
          ),
      );
      for (const row of read) bytes += row?.data.length ?? 0;
    }
    return bytes;
  }
  for (let start = 0; start < asked.length; start += 4) {
    const ids = asked.slice(start, start + 4).map((one) => one.investmentId);
    const rows = await db
      .selectFrom('replay_checkpoints')
      .select(['investment_id', 'version', sql<string>`encode(data, 'base64')`.as('data')])
      .where('investment_id', '=', sql<number>`any(${ids})`)
      .execute();
    const read = await Promise.all(
      rows.map((row) => {
        const deflated = Buffer.from(row.data, 'base64');
        return inflated(deflated, { chunkSize: chunkFor(deflated.length) });
      }),
    );
    for (const one of read) bytes += one.length;
  }
  return bytes;
}

async function after(): Promise<number> {
  const read = await store.replayCheckpoints(asked);
  return read.reduce((sum, one) => sum + (one?.length ?? 0), 0);
}

const times = { before: [] as number[][], after: [] as number[][] };
let checked: number | undefined;
for (let round = 0; round < rounds + 2; round++) {
  for (const [name, read] of [
    ['before', before],
    ['after', after],
  ] as const) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const bytes = await read();
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    if (checked !== undefined && bytes !== checked) throw new Error('not the same bytes');
    checked = bytes;
    // The first two rounds warm both up.
    if (round >= 2) times[name].push([wall, (used.user + used.system) / 1000]);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
for (const name of ['before', 'after'] as const)
  console.log(
    `${dialect} ${asked.length} checkpoints (${((checked ?? 0) / 2 ** 20).toFixed(1)} MB) ${name}: ` +
      `median wall ${median(times[name].map((t) => t[0])).toFixed(1)} ms, ` +
      `CPU ${median(times[name].map((t) => t[1])).toFixed(1)} ms over ${rounds} rounds`,
  );
await opened.close();
