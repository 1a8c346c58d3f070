// The server's fault soak (issue 24): a scripted session of writes to one account, drawn from a
// fixed seed, sent through a proxy that loses requests, loses answers, cuts connections while
// the server works and holds requests; on PostgreSQL the server's database connections are also
// ended under it now and then. The client retries each write until it has a definitive answer,
// as the app does, with one Idempotency-Key per intended create. Afterwards the account, read
// from the server directly, must be what the script meant: nothing lost, nothing twice.
import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { seededRandom } from '../../src/domain/market';
import { KEPT_CONNECTIONS } from '../../src/server/sql/connect';
import { endServerConnections, freshDatabaseUrl, postgresUrl } from '../server/databases';
import { startQuietServer } from '../server/quiet-server';
import { startFaultProxy, type FaultProxy, type Plan } from './fault-proxy';
import { differences } from './soak-check';
import { SoakClient, type Reply } from './soak-client';
import { Intents } from './soak-intents';
import {
  ACTIONS,
  type Entered,
  FAULTS,
  ISINS,
  type Named,
  type WireEvent,
  type Write,
  weighted,
} from './soak-plan';

const SEED = 24;
const WRITES = 80;
/** Ends a write that never gets a definitive answer (a key stuck in flight, say). */
const MAX_ATTEMPTS = 60;
/** Retry-After is honoured, scaled down: the soak waits this much per second asked. */
const WAIT_PER_SECOND_MS = 20;

/** On PostgreSQL: the steps whose first request meets ended database connections. */
const TERMINATIONS = 6;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const running: { close(): Promise<unknown> }[] = [];
afterAll(async () => {
  for (const thing of running.reverse()) await thing.close();
});

async function serve(): Promise<number> {
  // The demo's made-up market: no provider is asked, nothing leaves the machine.
  // Production's PostgreSQL pool: the soak's writes overlap, and it ends their backends.
  const { app, port } = await startQuietServer(
    await freshDatabaseUrl(),
    {},
    { keptConnections: KEPT_CONNECTIONS },
  );
  running.push(app);
  return port;
}

it(
  'loses and doubles no write under dropped connections and retries',
  { timeout: 110_000 },
  async () => {
    const serverPort = await serve();
    const client = new SoakClient();
    await client.send(serverPort, 'GET', '/sanctum/csrf-cookie');
    const registered = await client.send(serverPort, 'POST', '/api/v1/auth/register', {
      name: 'Soak',
      email: 'soak@example.com',
      password: 'soak-password',
    });
    expect(registered.status).toBe(200);

    // The proxy's faults, one draw per request that reaches it.
    const chance = seededRandom(SEED + 1);
    let faults = 0;
    let firstAttempt: Plan | undefined;
    const endings: Promise<void>[] = [];
    const terminate = async () => {
      if ((await endServerConnections()) > 0) faults++;
    };
    const proxy: FaultProxy = await startFaultProxy(serverPort, () => {
      const special = firstAttempt;
      firstAttempt = undefined;
      if (special) return special;
      const fault = weighted(chance, FAULTS);
      if (fault !== 'pass') faults++;
      return { fault, delayMs: 20 + Math.floor(chance() * 150) };
    });
    running.push(proxy);

    /** A read of the account as the server has it, directly (no proxy); a 503 just after a
     * termination is waited out like any other. */
    const read = async (path: string): Promise<unknown> => {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const reply = await client.send(serverPort, 'GET', path);
        if (reply.status === 200) return reply.body;
        if (reply.status !== 503) throw new Error(`GET ${path} answered ${reply.status}`);
        await pause(WAIT_PER_SECOND_MS);
      }
      throw new Error(`GET ${path} stayed unavailable`);
    };

    /**
     * The id of a created record: in the answer, or, when a retry got 201 without a body (the
     * first request saved it but could not read its answer), from the list by its unique name.
     */
    async function createdId(reply: Reply, path: string, list: string, name: string) {
      const data = (reply.body as { data?: Named } | undefined)?.data;
      if (data) return data.id;
      const listed = ((await read(path)) as Record<string, Named[]>)[list] ?? [];
      const found = listed.find((item) => item.name === name);
      if (!found) throw new Error(`${name} was answered 201 but is not listed`);
      return found.id;
    }

    /** Sends a write through the proxy until the answer is definitive. */
    async function deliver(write: Write): Promise<Reply> {
      let last = 'nothing';
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        let reply: Reply;
        try {
          reply = await client.send(
            proxy.port,
            write.method,
            write.path,
            write.body,
            write.key ? { 'Idempotency-Key': write.key } : {},
          );
        } catch (error) {
          // The request or its answer was lost: the same write again, under the same key.
          last = String(error);
          continue;
        }
        last = `${reply.status} ${JSON.stringify(reply.body)}`;
        const retryAfter = Number(reply.headers['retry-after'] ?? 1);
        // 503: the database is away; 409 with a key: the first request still runs.
        if (reply.status === 503 || (reply.status === 409 && write.key)) {
          await pause(retryAfter * WAIT_PER_SECOND_MS);
          continue;
        }
        if (reply.status === write.expect) return reply;
        // An earlier try did the delete and only its answer was lost.
        if (write.method === 'DELETE' && reply.status === 404 && attempt > 1) return reply;
        throw new Error(`${write.label} answered ${last} (attempt ${attempt})`);
      }
      throw new Error(
        `${write.label}: no definitive answer in ${MAX_ATTEMPTS} tries, last ${last}`,
      );
    }

    // The script, drawn step by step from the seed and what it has made so far.
    const random = seededRandom(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const intents = new Intents();
    const { portfolios, investments, events, unique, livePortfolios, liveInvestments } = intents;
    const { liveEvents, held, trade, dividend } = intents;

    const terminationSteps = new Set<number>();
    if (postgresUrl)
      while (terminationSteps.size < TERMINATIONS)
        terminationSteps.add(5 + Math.floor(random() * (WRITES - 5)));

    for (let step = 0; step < WRITES; step++) {
      let action = weighted(random, ACTIONS);
      const sellable = liveInvestments().filter((i) => held(i) >= 1);
      const editable = liveEvents().filter((e) => e.id !== undefined);
      const removable = editable.filter((e) => e.entered.type !== 'buy');
      if (action === 'sell' && sellable.length === 0) action = 'buy';
      if (action === 'editEvent' && editable.length === 0) action = 'buy';
      if (action === 'deleteEvent' && removable.length === 0) action = 'dividend';
      if (action === 'deletePortfolio' && livePortfolios().length < 2) action = 'createPortfolio';
      if (action === 'deleteInvestment' && liveInvestments().length < 2)
        action = 'createInvestment';
      if (
        ['buy', 'dividend', 'renameInvestment'].includes(action) &&
        liveInvestments().length === 0
      )
        action = 'createInvestment';
      if (action === 'createInvestment' && livePortfolios().length === 0)
        action = 'createPortfolio';
      if (action === 'renamePortfolio' && livePortfolios().length === 0) action = 'createPortfolio';

      if (terminationSteps.has(step)) {
        // Half before the request reaches the server, half while it is at work.
        firstAttempt =
          step % 2 === 0
            ? { fault: 'pass', delayMs: 0, beforeForward: terminate }
            : { fault: 'pass', delayMs: 0, afterForward: () => void endings.push(terminate()) };
      }
      const label = `step ${step} ${action}`;
      switch (action) {
        case 'createPortfolio': {
          const name = `Soak portfolio ${unique()}`;
          const reply = await deliver({
            label,
            method: 'POST',
            path: '/api/v1/portfolios',
            body: { name },
            key: randomUUID(),
            expect: 201,
          });
          const id = await createdId(reply, '/api/v1/portfolios', 'portfolios', name);
          portfolios.push({ id, name, deleted: false });
          break;
        }
        case 'createInvestment': {
          const portfolio = pick(livePortfolios());
          const name = `Soak investment ${unique()}`;
          const buy = trade(1 + Math.floor(random() * 5));
          const reply = await deliver({
            label,
            method: 'POST',
            path: '/api/v1/investments',
            body: {
              investment: { portfolio_id: portfolio.id, name },
              instrument: { type: 'stock', isin: pick(ISINS) },
              buy_event: buy,
            },
            key: randomUUID(),
            expect: 201,
          });
          const id = await createdId(reply, '/api/v1/investments', 'investments', name);
          const investment = { id, name, portfolio, deleted: false };
          investments.push(investment);
          events.push({
            id: undefined,
            investment,
            entered: { type: 'buy', ...buy },
            deleted: false,
          });
          break;
        }
        case 'buy':
        case 'sell':
        case 'dividend': {
          const investment = pick(action === 'sell' ? sellable : liveInvestments());
          const most = Math.min(held(investment), 3);
          const body =
            action === 'buy'
              ? trade(1 + Math.floor(random() * 5))
              : action === 'sell'
                ? trade(1 + Math.floor(random() * most))
                : dividend();
          const reply = await deliver({
            label,
            method: 'POST',
            path: `/api/v1/investments/${investment.id}/events/${action}`,
            body,
            key: randomUUID(),
            expect: 201,
          });
          const entered: Entered =
            'amount' in body
              ? { type: 'div', ...body }
              : { type: action === 'sell' ? 'sell' : 'buy', ...body };
          events.push({
            id: (reply.body as { data: WireEvent }).data.id,
            investment,
            entered,
            deleted: false,
          });
          break;
        }
        case 'editEvent': {
          const event = pick(editable);
          const was = event.entered;
          // Buys only grow and sells only shrink, so no sell ever outgrows what is held.
          const entered: Entered =
            was.type === 'div'
              ? { type: 'div', ...dividend() }
              : {
                  type: was.type,
                  ...trade(
                    was.type === 'buy'
                      ? was.shares + Math.floor(random() * 3)
                      : Math.max(1, was.shares - Math.floor(random() * 2)),
                  ),
                };
          const { type: _type, ...body } = entered;
          await deliver({
            label,
            method: 'PUT',
            path: `/api/v1/investments/events/${event.id}`,
            body,
            expect: 200,
          });
          event.entered = entered;
          break;
        }
        case 'deleteEvent': {
          // Dividends and sells: without them no sell outgrows what is held.
          const event = pick(removable);
          await deliver({
            label,
            method: 'DELETE',
            path: `/api/v1/investments/events/${event.id}`,
            expect: 204,
          });
          event.deleted = true;
          break;
        }
        case 'renamePortfolio': {
          const portfolio = pick(livePortfolios());
          const name = `Soak portfolio ${unique()}`;
          await deliver({
            label,
            method: 'PATCH',
            path: `/api/v1/portfolios/${portfolio.id}`,
            body: { name },
            expect: 200,
          });
          portfolio.name = name;
          break;
        }
        case 'renameInvestment': {
          const investment = pick(liveInvestments());
          const name = `Soak investment ${unique()}`;
          await deliver({
            label,
            method: 'PATCH',
            path: `/api/v1/investments/${investment.id}`,
            body: { name },
            expect: 200,
          });
          investment.name = name;
          break;
        }
        case 'deleteInvestment': {
          const investment = pick(liveInvestments());
          await deliver({
            label,
            method: 'DELETE',
            path: `/api/v1/investments/${investment.id}`,
            expect: 204,
          });
          investment.deleted = true;
          break;
        }
        case 'deletePortfolio': {
          const portfolio = pick(livePortfolios());
          await deliver({
            label,
            method: 'DELETE',
            path: `/api/v1/portfolios/${portfolio.id}`,
            expect: 204,
          });
          portfolio.deleted = true;
          break;
        }
      }
    }
    await Promise.all(endings);

    const { lost, doubled } = await differences(intents, read);

    console.log(
      `server fault soak: ${WRITES} writes, ${faults} faults, ${lost.length} lost, ${doubled.length} doubled`,
    );
    expect(lost).toEqual([]);
    expect(doubled).toEqual([]);
  },
);
