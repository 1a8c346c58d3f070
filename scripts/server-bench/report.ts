// The Markdown of a run: its tables, the targets met or missed, and the section written into
// docs/benchmarks.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { formatted } from '../format.mjs';
import {
  LISTING_LOAD_ALIGN,
  LISTING_LOAD_HEADER,
  LISTING_LOAD_TEXT,
  listingLoadRow,
  type ListingLoad,
} from '../market-bench';
import {
  IDLE_WRITES_ALIGN,
  IDLE_WRITES_HEADER,
  IDLE_WRITES_ROUNDS,
  idleWritesRow,
  MIXED_ALIGN,
  MIXED_HEADER,
  mixedHeapTarget,
  mixedRow,
  mixedTarget,
  WRITERS,
} from './mixed';
import { COINS, listingNumbers } from './listings';
import { PRICE_YEARS } from './market';
import {
  CONNECTIONS,
  DATABASE_NAMES,
  DOC,
  type DatabaseKind,
  ENDPOINTS,
  IDLE_RUNS,
  INVESTMENTS,
  type Options,
  PORTFOLIOS,
  YEARS,
} from './settings';
import {
  type ColdFigures,
  type Figures,
  type FirstAnswer,
  SETTLE_MS,
  type StartFigures,
  type WriteFigures,
  median,
  seconds,
} from './measures';

const HEADER =
  '| database | events | request | idle ms | idle stall ms | p50 ms | p99 ms | req/s | requests | ms per 1k events | loop stall ms | failed |';
const ALIGN = '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |';

const fixed = (value: number, digits: number) =>
  Number.isFinite(value) ? value.toFixed(digits) : '-';

export function tableRow(f: Figures): string {
  const failed = f.status === undefined ? String(f.failed) : `${f.status} when idle, not loaded`;
  return `| ${DATABASE_NAMES[f.database]} | ${f.events} | ${f.endpoint} | ${fixed(f.idleMs, 1)} | ${fixed(f.idleStallMs, 0)} | ${fixed(f.p50, 0)} | ${fixed(f.p99, 0)} | ${fixed(f.rps, 1)} | ${f.seconds > 0 ? `${f.completed} in ${Math.round(f.seconds)} s` : '-'} | ${fixed(f.msPer1k, 3)} | ${fixed(f.loopMaxMs, 0)} | ${failed} |`;
}

export function table(figures: readonly Figures[]): string {
  return [HEADER, ALIGN, ...figures.map(tableRow)].join('\n');
}

/** The requests made to providers before a first answer after a start. */
export const askedAtStart = (start: StartFigures) => [
  ...start.cold.asked,
  ...start.firstValuation.asked,
];

/** One line per target, per database: met or missed, with the figures that decide it. */
function targets(
  figures: readonly Figures[],
  writes: WriteFigures,
  starts: readonly StartFigures[],
  databases: readonly DatabaseKind[],
): string[] {
  const verdict = (met: boolean) => (met ? 'met' : 'missed');
  const name = (db: DatabaseKind) => DATABASE_NAMES[db];
  const where = (f: Figures) => `${f.endpoint} at ${f.events}`;
  const perDatabase = (line: (db: DatabaseKind, rows: Figures[]) => string) =>
    databases
      .map((db) =>
        line(
          db,
          figures.filter((f) => f.database === db),
        ),
      )
      .join('; ');

  const at20k = (endpoint: string, limit: number) =>
    perDatabase((db, rows) => {
      const row = rows.find((f) => f.endpoint === endpoint && f.events === 20_000);
      if (!row) return `${name(db)} not measured (20000 not in --sizes)`;
      if (row.status !== undefined) return `${name(db)} failed (${row.status}), missed`;
      // autocannon's p99 of no answer is 0.
      if (row.completed === 0) return `${name(db)} no answer within the run, missed`;
      return `${name(db)} ${row.p99} ms, ${verdict(row.p99 < limit)}`;
    });

  const answered = perDatabase((db, rows) => {
    const which = [
      ...rows
        .filter((f) => f.failed > 0)
        .map((f) => `${where(f)} (${f.status ?? `${f.failed} failed`})`),
      ...writes.idle
        .filter((f) => f.database === name(db) && f.failure)
        .map((f) => `single writes at ${f.events} (${f.failure})`),
      ...writes.mixed
        .filter((f) => f.database === name(db) && f.failed > 0)
        .map((f) => `${f.endpoint} at ${f.events} mixed (${f.failures.join(', ')})`),
    ];
    return which.length === 0 ? `${name(db)} met` : `${name(db)} missed: ${which.join(', ')}`;
  });

  const stalls = (stall: (f: Figures) => number) =>
    perDatabase((db, rows) => {
      const measured = rows.filter((f) => Number.isFinite(stall(f)));
      if (measured.length === 0) return `${name(db)} not measured`;
      const worst = measured.reduce((w, f) => (stall(f) > stall(w) ? f : w));
      const over = measured.filter((f) => stall(f) > 100).map(where);
      return (
        `${name(db)} longest ${fixed(stall(worst), 0)} ms (${where(worst)}), ` +
        (over.length ? `missed (over 100 ms: ${over.join(', ')})` : 'met')
      );
    });

  const linear = databases
    .flatMap((db) =>
      ENDPOINTS.map((endpoint) => {
        const rows = figures
          .filter((f) => f.database === db && f.endpoint === endpoint.name)
          .sort((a, b) => a.events - b.events);
        const label = `${name(db)} ${endpoint.name}`;
        if (rows.length < 2) return `${label}: needs two sizes`;
        const costs = rows
          .map((f) => `${f.status === undefined ? fixed(f.msPer1k, 3) : 'failed'} at ${f.events}`)
          .join(', ');
        // Per-event cost may fall (fixed costs spread out) but not rise by more than half; a
        // size that fails does not scale.
        const met = rows.every(
          (f, i) => f.status === undefined && (i === 0 || f.msPer1k <= 1.5 * rows[i - 1].msPer1k),
        );
        return `${label} ${costs}, ${verdict(met)}`;
      }),
    )
    .join('; ');

  const noProvider = perDatabase((db) => {
    const mine = starts.filter((f) => f.database === db);
    const asked = mine.filter((f) => askedAtStart(f).length > 0);
    if (asked.length === 0) return `${name(db)} met (no provider request)`;
    const which = asked.map((f) => `${f.events} (${askedAtStart(f).length})`);
    return `${name(db)} missed: provider requests at ${which.join(', ')}`;
  });

  return [
    `- every request answered 2xx (a correctness gate: the exit code is 1 otherwise): ${answered}.`,
    `- the first answers after a start come from stored prices, asking no provider (a gate: the exit code is 1 otherwise): ${noProvider}.`,
    `- valuation p99 < 50 ms at 20k events: ${at20k('valuation', 50)}.`,
    `- Year chart p99 < 100 ms at 20k events: ${at20k('Year chart', 100)}.`,
    ...['performance Year', 'performance Forever'].flatMap((request) => [
      `- ${request} p99 < 100 ms at 20k events: ${at20k(request, 100)}.`,
      `- portfolio ${request} p99 < 100 ms at 20k events: ${at20k(`portfolio ${request}`, 100)}.`,
    ]),
    `- the benchmark's line, a Forever chart with it, p99 < 150 ms at 20k events: ${at20k('Forever chart', 150)}.`,
    `- no event-loop stall over 100 ms, one request at a time: ${stalls((f) => f.idleStallMs)}.`,
    `- no event-loop stall over 100 ms, under load: ${stalls((f) => f.loopMaxMs)}.`,
    `- cost about linear in events (ms per 1k events; never up by more than x1.5 from one size to the next): ${linear}.`,
  ];
}

/** Issue 37's targets for the cold home. */
function coldTargets(colds: readonly ColdFigures[], databases: readonly DatabaseKind[]): string[] {
  const found = (f: ColdFigures) => `${median(f.keptFound)} of 3`;
  const verdict = (met: boolean) => (met ? 'met' : 'missed');
  const at = (events: number, line: (f: ColdFigures) => string) =>
    databases
      .map((db) => {
        const f = colds.find((c) => c.database === db && c.events === events);
        if (!f) return `${DATABASE_NAMES[db]} not measured (${events} not in --sizes)`;
        if (f.status !== 200) return `${DATABASE_NAMES[db]} failed (${f.status}), missed`;
        return `${DATABASE_NAMES[db]} ${line(f)}`;
      })
      .join('; ');
  // --together-only runs none with nothing kept.
  const noneKept = (f: ColdFigures, limit: number) =>
    Number.isNaN(f.noneKept.coldMs)
      ? 'none kept not measured'
      : `none kept ${fixed(f.noneKept.coldMs, 0)} ms, ${verdict(f.noneKept.coldMs < limit)}; ` +
        `not expected ${fixed(f.notExpected.coldMs, 0)} ms, ${verdict(f.notExpected.coldMs < limit)}`;
  return [
    `- cold home under 35 ms at 2k events (the calls together): ${at(2_000, (f) => `${fixed(f.coldMs, 0)} ms with ${found(f)} kept, ${verdict(f.coldMs < 35)}; ${noneKept(f, 35)}`)}.`,
    `- cold home under 75 ms at 20k events (the calls together): ${at(20_000, (f) => `${fixed(f.coldMs, 0)} ms with ${found(f)} kept, ${verdict(f.coldMs < 75)}; ${noneKept(f, 75)}`)}.`,
    `- warm home under 5 ms at 20k events: ${at(20_000, (f) => `${fixed(f.warmMs, 1)} ms a round at the client, ${verdict(f.warmMs < 5)}; as a load tool times it ${fixed(f.warmWireMs, 1)} ms, ${verdict(f.warmWireMs < 5)}; the server's busy ${fixed(f.warmBusyMs, 1)} ms, ${verdict(f.warmBusyMs < 5)} (CPU ${fixed(f.warmCpuMs, 1)} ms)`)}.`,
    `- cold home under 1.5 s at 200k events: ${at(200_000, (f) => `${fixed(f.coldMs, 0)} ms with ${found(f)} kept, ${verdict(f.coldMs < 1500)}; ${noneKept(f, 1500)}`)}.`,
    `- heap after valuing 200k events under 200 MB: ${at(200_000, (f) => `${fixed(f.heapBytes / 2 ** 20, 0)} MB, ${verdict(f.heapBytes < 200 * 2 ** 20)}`)}.`,
  ];
}

interface Run {
  options: Options;
  databases: readonly DatabaseKind[];
  resolutionMs: number;
  wallMs: number;
  /** The machine's 1-minute load average when the run started and ended. */
  load: [number, number];
}

const COLD_HEADER =
  '| database | events | start ms | of it prices ms | cold ms | runs ms | kept found | cold CPU ms | none kept: cold ms | runs ms | CPU ms | not expected: cold ms | runs ms | CPU ms | cold ms per 1k events | one by one: cold ms | runs ms | kept found | warm ms | warm server ms | warm busy ms | warm CPU ms | warm wire ms | wire busy ms | one by one: warm ms | warm server ms | heap MB after valuing | prices read ms | price functions ms | events read ms | replay ms | kept read ms | the rest ms | load average |';
const COLD_ALIGN =
  '| --- | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | --- | ---: | ---: | --- | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |';

export function coldRow(f: ColdFigures): string {
  const cold = f.status === 200 ? fixed(f.coldMs, 0) : `${f.status}`;
  const p = f.phases;
  const runs = (of: number[]) => of.map((ms) => fixed(ms, 0)).join(', ');
  const o = f.oneByOne;
  const n = f.noneKept;
  const u = f.notExpected;
  const found = (of: number[]) => of.map((count) => `${count}/3`).join(', ');
  return `| ${DATABASE_NAMES[f.database]} | ${f.events} | ${fixed(f.startMs, 0)} | ${fixed(f.startPricesMs, 0)} | ${cold} | ${runs(f.runs)} | ${found(f.keptFound)} | ${fixed(f.coldCpuMs, 0)} | ${fixed(n.coldMs, 0)} | ${runs(n.runs)} | ${fixed(n.cpuMs, 0)} | ${fixed(u.coldMs, 0)} | ${runs(u.runs)} | ${fixed(u.cpuMs, 0)} | ${fixed(f.coldMs / (f.events / 1000), 2)} | ${fixed(o.coldMs, 0)} | ${runs(o.runs)} | ${found(o.keptFound)} | ${fixed(f.warmMs, 1)} | ${fixed(f.warmServerMs, 1)} | ${fixed(f.warmBusyMs, 1)} | ${fixed(f.warmCpuMs, 1)} | ${fixed(f.warmWireMs, 1)} | ${fixed(f.warmWireBusyMs, 1)} | ${fixed(o.warmMs, 1)} | ${fixed(o.warmServerMs, 1)} | ${fixed(f.heapBytes / 2 ** 20, 0)} | ${fixed(p['prices read'], 0)} | ${fixed(p['price functions'], 0)} | ${fixed(p['events read'], 0)} | ${fixed(p.replay, 0)} | ${fixed(p['kept read'], 0)} | ${fixed(p.rest, 0)} | ${f.load.toFixed(1)} |`;
}

/** The cold home's table, with what its columns mean. */
export function coldSection(colds: readonly ColdFigures[], options: Options): string[] {
  return [
    `**Cold home.** Before the starts below, ${options.coldRuns} round${options.coldRuns === 1 ? '' : 's'} of four fresh server processes per size, each asked the home screen's three calls (valuation for Forever, valuation for Year, the Year chart) right after its start and a login: the first for a user the start does not expect (no session, no login recorded and no kept answer before its start: **not expected**, whose first home builds the timelines and makes the answers in the request), the second with no kept answers (every \`kept_answers\` row deleted before its start: **none kept**; a start makes them again for the users it expects, those of a live session or a login within 400 days, the first 20 before listening and up to 100 after), the third all three together, as the app asks them, finding what earlier processes kept, the fourth one after the other (this table's figures before 2026-11-30). **kept found**: of each run's three calls, how many were answered from a kept answer's row (none read or replayed for it); **cold CPU ms**: the server process's CPU from just before the login to the median run's cold calls' answers (from 2026-12-01; over the calls alone before). **start ms**: from the process's beginning to its listening (Node, the imports, migrations, and what the server reads at start: **of it prices ms**, the held listings' prices and the rates); **cold ms** is the median run's three calls (**runs ms** every run's), **warm ms** the median of ${options.warmRounds} more rounds of them (**warm server ms**: of that, the server's own time on the three requests, from each request to its answer's close, so overlapping requests count each; **warm busy ms**: the server's wall time with one of the round's requests in progress, overlapping ones counted once, so without the client's work before and after them (its \`fetch\`, its JSON), and **warm CPU ms** the server process's CPU time, user and system, within it; **warm wire ms**: the three together as a load tool times them, over kept-alive connections to each answer's last byte, the bodies read but not parsed, and **wire busy ms** the server's busy time in those rounds), **heap MB after valuing** the server's heap in use after a garbage collection right after the cold calls. The split of the median run's cold time (the calls together), from timers in the server process (\`src/contract/phases.ts\`, set only by the benchmark's child; from just before the login, which starts the user's timelines): the listings' closes, quotes and the euro rates read from the database, the price functions built from them, the investments' events read, their replay (ledger, prices at each event, timelines), the kept answers' rows read and parsed (**kept read**), and **the rest** of the server's time on the three requests (the figures of each answer, sessions, HTTP). **load average**: the machine's, right after the run.`,
    '',
    COLD_HEADER,
    COLD_ALIGN,
    ...colds.map(coldRow),
  ];
}

const STARTS_HEADER =
  '| database | events | prices stored s | first GET /investments ms | first valuation ms | provider requests before them | provider requests during the run |';
const STARTS_ALIGN = '| --- | ---: | ---: | ---: | ---: | ---: | ---: |';

function startRow(f: StartFigures): string {
  const answer = (a: FirstAnswer) => (a.status === 200 ? a.ms.toFixed(0) : `${a.status}`);
  return `| ${DATABASE_NAMES[f.database]} | ${f.events} | ${(f.seedMs / 1000).toFixed(1)} | ${answer(f.cold)} | ${answer(f.firstValuation)} | ${askedAtStart(f).length} | ${f.inRun.length} |`;
}

export function section(
  colds: readonly ColdFigures[],
  figures: readonly Figures[],
  writes: WriteFigures,
  starts: readonly StartFigures[],
  loads: readonly ListingLoad[],
  run: Run,
): string {
  const { options, databases, resolutionMs } = run;
  const cpu = cpus();
  const date = new Date().toISOString().slice(0, 10);
  const days = Math.round(PRICE_YEARS * 365.25);
  // Below 30 listings, one of each currency and class first (listings.ts): fewer coins.
  const coins = listingNumbers(options.listings).filter((n) => n < COINS).length;
  return [
    '## Server',
    '',
    `\`npm run bench:server\` (\`scripts/server-bench/main.ts\`), ${date}, on ${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}; the whole run took ${seconds(run.wallMs)}, the load average was ${run.load[0].toFixed(1)} at its start and ${run.load[1].toFixed(1)} at its end.`,
    '',
    `For each database and size the server (\`startServer\`, bcrypt cost 4, logging off) runs in a child process (\`scripts/server-bench/child.ts\`); the load generator, autocannon, runs in the parent with ${CONNECTIONS} connections, each logged in as a session of its own, for ${options.duration} s per request (longer when a request is slow: about three rounds of ${CONNECTIONS} idle request times, at most ${options.maxRun} s) after a ${options.warmup} s warm-up; the server finishes the requests still running before the next run. The account has ${INVESTMENTS} investments in ${PORTFOLIOS} portfolios over up to ${YEARS} years (mostly buys, sells within the holding, dividends, a 2:1 split now and then): its owner, portfolios and investments made through the store as the API's calls make them (through the API on a server of their own until 2026-11-30: the same rows), the other events bulk-inserted. Load generator, PostgreSQL and server share the machine's cores, so expect noise.`,
    '',
    `**Prices.** The server values the account from stored real-format prices (\`MARKET_DATA=live\`; the records of this section to 2026-11-24 ran it on the synthetic market, which computes made-up prices in memory and reads none). Before each size, ${options.listings} listings are written through \`PriceStore\`, as a provider's answers are: ${options.listings - coins} Yahoo listings in Copenhagen, New York, Xetra, Paris, London (quoted in GBp, stored in GBP), Stockholm and Oslo, in their time zones, and ${coins} CoinGecko coins, each with ${PRICE_YEARS} years (${days} days) of daily closes (weekdays; every day for coins; a seeded random walk as decimal text), the latest session's 5-minute points and a fresh latest quote; the default benchmark's Xetra listing likewise, stored with its ISIN as a live server's start places it; and ${PRICE_YEARS} years of ECB euro rates of DKK, USD, SEK, NOK and GBP. The account's investments point at ${INVESTMENTS} of those listings, each of its instrument's currency. The measured server runs live, with all four providers' URLs at a local server that counts the requests it gets and answers 503.`,
    '',
    `- **idle ms**: median of ${IDLE_RUNS} single requests on the idle server (after one more);`,
    `- **p50 / p99 ms**: latency under load (${CONNECTIONS} requests in flight, so about ${CONNECTIONS} x the server's time per request);`,
    '- **requests**: answered within the run (the figures of a run with few are rough);',
    '- **ms per 1k events**: the server time per request (1000 / req/s) divided by thousands of events;',
    `- **idle stall ms** and **loop stall ms**: the server's longest event-loop delay (\`monitorEventLoopDelay\` in the child, ${resolutionMs} ms resolution) during the counted single requests and during the run under load; under load it adds up the synchronous work of every request handled in one turn of the loop (on SQLite the queries are synchronous too);`,
    '- **failed**: non-2xx answers, errors and timeouts (any makes the script exit 1); a request that already fails on the idle server is not put under load.',
    '',
    table(figures),
    '',
    ...coldSection(colds, options),
    '',
    `The server keeps each investment's replayed history (its timeline) and each listing's prices until they change, so the figures above are those of an account in use. The first request after a start reads and replays every event, once, and reads the held listings' closes and the rates: a first start's GET /api/v1/investments (the figure earlier records give as the first request after a bulk load) and a second start's GET /api/v1/user/valuation, each the first request after a login, are timed below. Provider requests are counted from each start until ${SETTLE_MS} ms after its first answer (a gate), and during the whole life of the measured server (reported: a scheduled refresh after an exchange's close may ask, as it should).`,
    '',
    STARTS_HEADER,
    STARTS_ALIGN,
    ...starts.map(startRow),
    '',
    `**Reads with writes** (\`scripts/server-bench/mixed.ts\`). A writer's round is to buy 1 share in an investment (with a fresh \`Idempotency-Key\`), correct that buy to 2 shares, delete it, and go on to its next investment. A write replays the investment's history outside the write lock and writes only if no other change came between; it changes the investment, whose next read (on this one server process) builds its timeline from the events the write left, replaying from the first entry that changed, with no read of the database. With the single reads, ${IDLE_WRITES_ROUNDS} rounds one request at a time on the idle server (medians, after one more round):`,
    '',
    IDLE_WRITES_HEADER,
    IDLE_WRITES_ALIGN,
    ...writes.idle.map(idleWritesRow),
    '',
    `Right after each run of the first table but those of returns and the Forever chart, the same request again on ${CONNECTIONS - WRITERS} of the ${CONNECTIONS} sessions while the other ${WRITERS} go round their writes to the same account (writer w takes investments w, w + ${WRITERS}, ...), for as long as the run alone and after a ${options.warmup} s warm-up of the same mix; the writes add a few events to the account, and the next run's warm-up replays the investments they changed. **alone** is that run alone, on all ${CONNECTIONS} connections; **reads** and **writes** count the answers within the run (a write is a buy, a correction or a deletion); **loop stall ms** and **failed** as above, with the failed answers' statuses; **heap before / after MB**: the server's heap in use after a garbage collection just before the run (after its warm-up) and just after it, **heap peak MB** the most it held during the run, garbage too (sampled every 10 ms).`,
    '',
    MIXED_HEADER,
    MIXED_ALIGN,
    ...writes.mixed.map(mixedRow),
    '',
    `**A new listing** (\`scripts/market-bench.ts\`, also \`npm run bench:market\`): ${LISTING_LOAD_TEXT}`,
    '',
    LISTING_LOAD_HEADER,
    LISTING_LOAD_ALIGN,
    ...loads.map(listingLoadRow),
    '',
    'Targets (reported, never an exit code):',
    '',
    ...targets(figures, writes, starts, databases),
    ...coldTargets(colds, databases),
    mixedTarget(
      writes.mixed,
      databases.map((db) => DATABASE_NAMES[db]),
      CONNECTIONS,
    ),
    mixedHeapTarget(
      writes.mixed,
      databases.map((db) => DATABASE_NAMES[db]),
    ),
  ].join('\n');
}

export async function writeSection(text: string): Promise<void> {
  const doc = readFileSync(DOC, 'utf8');
  const existing = /\n## Server\n[\s\S]*?(?=\n## |$)/;
  const updated = existing.test(doc)
    ? doc.replace(existing, () => `\n${text}\n`)
    : `${doc.trimEnd()}\n\n${text}\n`;
  writeFileSync(DOC, await formatted(DOC, updated));
}
