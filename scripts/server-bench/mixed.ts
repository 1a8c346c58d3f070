// The writes of `npm run bench:server` (scripts/server-bench/main.ts): a writer's rounds one request
// at a time on the idle server, and the mixed run, a read request on all but WRITERS of the
// connections while those WRITERS change the same account's history, to see whether writes hold
// up reads (the target: reads' p99 within MIXED_LIMIT x that of the same reads alone).
//
// Each writing connection, in its own session, goes round: buy 1 share in an investment
// (POST .../events/buy with a fresh Idempotency-Key), correct that buy to 2 shares (PUT), delete
// it (DELETE), then the same in its next investment. Writer w takes investments w, w + WRITERS,
// w + 2 x WRITERS, ... of the account, so writers do not wait on each other's investment and
// the account stays the size it was (give or take the round each writer is in when a run ends).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { autocannon, failedOf, type CannonRequest, type CannonResult } from './cannon';

export const WRITERS = 3;
/** Rounds of single writes on the idle server (after one more, not counted). */
export const IDLE_WRITES_ROUNDS = 5;
/** Reads' p99 with writes at most this many times that of the reads alone: the target. */
export const MIXED_LIMIT = 2;

/** A logged-in session: its cookies, and the CSRF token a write sends back in a header. */
export interface WritingSession {
  header(extra?: string): string;
  readonly xsrf: string;
}

/** An investment a writer buys in: its id and currency. */
export interface WriteTarget {
  id: number;
  currency: string;
}

export interface ReadRequest {
  name: string;
  path: string;
  /** Cookies beyond the session's. */
  cookie: string;
}

export interface MixedResult {
  reads: CannonResult;
  writes: CannonResult;
}

const tradeBody = (target: WriteTarget, shares: number) =>
  JSON.stringify({ shares, share_price: 100, fee: 0, currency_code: target.currency });

const writeHeaders = (session: WritingSession, json: boolean): Record<string, string> => ({
  accept: 'application/json',
  cookie: session.header(),
  'x-xsrf-token': session.xsrf,
  ...(json ? { 'content-type': 'application/json' } : {}),
});

/** One writing connection's round of requests, over `targets` from its `first`. */
function writeRound(
  session: WritingSession,
  targets: readonly WriteTarget[],
  first: number,
): CannonRequest[] {
  let next = first;
  let target = targets[first % targets.length];
  let eventId: number | undefined;
  const headers = (json: boolean) => writeHeaders(session, json);
  const trade = (shares: number) => tradeBody(target, shares);
  return [
    {
      method: 'POST',
      path: '/',
      headers: {},
      setupRequest: (request) => {
        target = targets[next % targets.length];
        next += WRITERS;
        eventId = undefined;
        return {
          ...request,
          path: `/api/v1/investments/${target.id}/events/buy`,
          headers: { ...headers(true), 'idempotency-key': randomUUID() },
          body: trade(1),
        };
      },
      onResponse: (status, body) => {
        if (status === 201) eventId = createdEventId(body);
      },
    },
    {
      method: 'PUT',
      path: '/',
      headers: {},
      // No buy made: start the round over.
      setupRequest: (request) =>
        eventId === undefined
          ? undefined
          : {
              ...request,
              path: `/api/v1/investments/events/${eventId}`,
              headers: headers(true),
              body: trade(2),
            },
    },
    {
      method: 'DELETE',
      path: '/',
      headers: {},
      setupRequest: (request) =>
        eventId === undefined
          ? undefined
          : { ...request, path: `/api/v1/investments/events/${eventId}`, headers: headers(false) },
    },
  ];
}

function createdEventId(body: string): number | undefined {
  const parsed: unknown = JSON.parse(body);
  const data =
    typeof parsed === 'object' && parsed !== null && 'data' in parsed ? parsed.data : undefined;
  const id = typeof data === 'object' && data !== null && 'id' in data ? data.id : undefined;
  return typeof id === 'number' ? id : undefined;
}

/** Median ms of a round's buy, correction and deletion, one at a time on the idle server. */
export interface IdleWrites {
  buy: number;
  edit: number;
  delete: number;
  /** The first write that did not answer 2xx, as `METHOD status`. */
  failure?: string;
}

/** IDLE_WRITES_ROUNDS rounds of a writer's buy, correction and deletion, one request at a time. */
export async function idleWrites(
  base: string,
  session: WritingSession,
  target: WriteTarget,
): Promise<IdleWrites> {
  const times = { buy: [] as number[], edit: [] as number[], delete: [] as number[] };
  const send = async (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: string) => {
    const headers = writeHeaders(session, body !== undefined);
    if (method === 'POST') headers['idempotency-key'] = randomUUID();
    const started = performance.now();
    const response = await fetch(base + path, { method, headers, body });
    const text = await response.text();
    return { ms: performance.now() - started, status: response.status, text };
  };
  for (let round = 0; round <= IDLE_WRITES_ROUNDS; round++) {
    const buy = await send(
      'POST',
      `/api/v1/investments/${target.id}/events/buy`,
      tradeBody(target, 1),
    );
    const id = buy.status === 201 ? createdEventId(buy.text) : undefined;
    if (id === undefined) return { ...medians(times), failure: `POST ${buy.status}` };
    const path = `/api/v1/investments/events/${id}`;
    const edit = await send('PUT', path, tradeBody(target, 2));
    if (edit.status !== 200) return { ...medians(times), failure: `PUT ${edit.status}` };
    const deletion = await send('DELETE', path);
    if (deletion.status !== 204) return { ...medians(times), failure: `DELETE ${deletion.status}` };
    // The first round is not counted: it warms the caches of the requests' code.
    if (round === 0) continue;
    times.buy.push(buy.ms);
    times.edit.push(edit.ms);
    times.delete.push(deletion.ms);
  }
  return medians(times);
}

function medians(times: Record<'buy' | 'edit' | 'delete', number[]>) {
  const median = (values: readonly number[]) =>
    values.length === 0 ? NaN : [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { buy: median(times.buy), edit: median(times.edit), delete: median(times.delete) };
}

/**
 * `read` on every one of `readers`' connections while `writers` go round their writes, both for
 * `seconds`; each connection in a session of its own, all of the same account.
 */
export async function mixedRun(
  base: string,
  read: ReadRequest,
  readers: readonly WritingSession[],
  writers: readonly WritingSession[],
  targets: readonly WriteTarget[],
  seconds: number,
): Promise<MixedResult> {
  let nextReader = 0;
  let nextWriter = 0;
  const [reads, writes] = await Promise.all([
    autocannon({
      url: base,
      connections: readers.length,
      duration: seconds,
      timeout: 120,
      setupClient: (client) => {
        const session = readers[nextReader++];
        client.setRequests([
          {
            method: 'GET',
            path: read.path,
            headers: { accept: 'application/json', cookie: session.header(read.cookie) },
          },
        ]);
      },
    }),
    autocannon({
      url: base,
      connections: writers.length,
      duration: seconds,
      timeout: 120,
      setupClient: (client) => {
        const writer = nextWriter++;
        client.setRequests(writeRound(writers[writer], targets, writer));
      },
    }),
  ]);
  return { reads, writes };
}

// ---------------------------------------------------------------------------------------------
// Reporting

const fixed = (value: number, digits: number) =>
  Number.isFinite(value) ? value.toFixed(digits) : '-';

export interface MixedFigures {
  /** The database's name as printed. */
  database: string;
  events: number;
  endpoint: string;
  /** The same request's run alone on all the connections, just before. */
  alone: { p50: number; p99: number };
  reads: { p50: number; p99: number; completed: number };
  writes: { p50: number; p99: number; completed: number };
  seconds: number;
  loopMaxMs: number;
  /**
   * The server's heap in bytes: in use after a garbage collection before the run and after it,
   * and the most it held during the run (garbage too; sampled).
   */
  heap: MixedHeap;
  failed: number;
  /** The statuses of the failed answers, as `status x count`. */
  failures: string[];
}

export interface MixedHeap {
  before: number;
  after: number;
  peak: number;
}

export function mixedFigures(
  where: { database: string; events: number; endpoint: string },
  alone: { p50: number; p99: number },
  run: MixedResult,
  loopMaxMs: number,
  heap: MixedHeap,
): MixedFigures {
  const answered = (result: CannonResult) => ({
    p50: result.latency.p50,
    p99: result.latency.p99,
    completed: result.requests.total,
  });
  const failures = [run.reads, run.writes].flatMap((result) =>
    Object.entries(result.statusCodeStats)
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, { count }]) => `${status} x ${count}`),
  );
  return {
    ...where,
    alone,
    reads: answered(run.reads),
    writes: answered(run.writes),
    seconds: Math.max(run.reads.duration, run.writes.duration),
    loopMaxMs,
    heap,
    failed: failedOf(run.reads) + failedOf(run.writes),
    failures,
  };
}

/** A database and size's single writes on the idle server. */
export interface IdleWriteFigures extends IdleWrites {
  database: string;
  events: number;
}

export const IDLE_WRITES_HEADER =
  '| database | events | buy ms | correction ms | deletion ms | failed |';
export const IDLE_WRITES_ALIGN = '| --- | ---: | ---: | ---: | ---: | --- |';

export const idleWritesRow = (f: IdleWriteFigures) =>
  `| ${f.database} | ${f.events} | ${fixed(f.buy, 1)} | ${fixed(f.edit, 1)} | ${fixed(f.delete, 1)} | ${f.failure ? `${f.failure}, not loaded` : '0'} |`;

export const MIXED_HEADER =
  '| database | events | read | alone p50 ms | alone p99 ms | mixed p50 ms | mixed p99 ms | p99 mixed / alone | reads | writes | write p50 ms | write p99 ms | loop stall ms | heap before MB | heap after MB | heap peak MB | failed |';
export const MIXED_ALIGN =
  '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |';

const mb = (bytes: number) => fixed(bytes / 2 ** 20, 0);

const ratioOf = (f: MixedFigures) => f.reads.p99 / f.alone.p99;

export function mixedRow(f: MixedFigures): string {
  const failed = f.failures.length > 0 ? `${f.failed} (${f.failures.join(', ')})` : `${f.failed}`;
  const seconds = Math.round(f.seconds);
  return `| ${f.database} | ${f.events} | ${f.endpoint} | ${fixed(f.alone.p50, 0)} | ${fixed(f.alone.p99, 0)} | ${fixed(f.reads.p50, 0)} | ${fixed(f.reads.p99, 0)} | x${fixed(ratioOf(f), 2)} | ${f.reads.completed} in ${seconds} s | ${f.writes.completed} in ${seconds} s | ${fixed(f.writes.p50, 0)} | ${fixed(f.writes.p99, 0)} | ${fixed(f.loopMaxMs, 0)} | ${mb(f.heap.before)} | ${mb(f.heap.after)} | ${mb(f.heap.peak)} | ${failed} |`;
}

/** Per database: each run's figure as `describe` says it, and met unless one `misses`. */
function verdicts(
  figures: readonly MixedFigures[],
  databases: readonly string[],
  describe: (f: MixedFigures) => string,
  misses: (f: MixedFigures) => boolean,
): string {
  return databases
    .map((database) => {
      const rows = figures.filter((f) => f.database === database);
      if (rows.length === 0) return `${database} not measured`;
      const met = !rows.some(misses);
      return `${database} ${rows.map(describe).join(', ')}, ${met ? 'met' : 'missed'}`;
    })
    .join('; ');
}

/** The target's line: per database, each run's ratio and the verdict. */
export function mixedTarget(
  figures: readonly MixedFigures[],
  databases: readonly string[],
  connections: number,
): string {
  const each = verdicts(
    figures,
    databases,
    (f) =>
      `${f.endpoint} at ${f.events} x${fixed(ratioOf(f), 2)} (${f.reads.p99} vs ${f.alone.p99} ms)`,
    (f) => f.failed > 0 || !(ratioOf(f) <= MIXED_LIMIT),
  );
  return `- reads' p99 with ${WRITERS} of the ${connections} connections writing within x${MIXED_LIMIT} of the same reads alone: ${each}.`;
}

/** A heap is flat when the run leaves it this much bigger at most (garbage collected both times). */
const FLAT_HEAP_SHARE = 0.1;
const FLAT_HEAP_BYTES = 5 * 2 ** 20;

/** The memory target's line: per database, each mixed run's heap before and after, and the verdict. */
export function mixedHeapTarget(
  figures: readonly MixedFigures[],
  databases: readonly string[],
): string {
  const each = verdicts(
    figures,
    databases,
    (f) =>
      `${f.endpoint} at ${f.events} ${mb(f.heap.before)} -> ${mb(f.heap.after)} MB (peak ${mb(f.heap.peak)})`,
    (f) =>
      f.heap.after - f.heap.before > Math.max(FLAT_HEAP_BYTES, f.heap.before * FLAT_HEAP_SHARE),
  );
  return `- the server's heap flat under the mixed run (after a garbage collection, at most ${FLAT_HEAP_SHARE * 100} % or ${FLAT_HEAP_BYTES / 2 ** 20} MB more after it than before): ${each}.`;
}
