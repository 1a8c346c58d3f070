// The home's kept answers (src/contract/kept-answers.ts) against a fresh computation: at random
// later instants, across closes and quotes coming into force, UTC midnights, rates, typed prices
// and events written, a kept answer (in memory, and from its row in a fresh process) is the same
// to the bit as the answer a process with nothing kept makes; with a benchmark chosen, and with
// none, before and after the market places the default.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createContract, SESSION_COOKIE } from '../../../src/contract/kernel';
import { getRequest, jsonTextOf, type Answer } from '../../../src/contract/answers';
import type { Market } from '../../../src/contract/market/market';
import { syntheticMarket } from '../../../src/contract/market/synthetic-market';
import type { EventDraft } from '../../../src/contract/store';
import { utcDay } from '../../../src/market/zoned-time';
import { MemoryStore } from '../../../src/mock-server/memory-store';
import { emptyTables } from '../../../src/mock-server/memory/tables';
import { demoHasher, randomToken, tokenDigest } from '../../../src/mock-server/secrets';
import { BASE, BENCHMARK, DAY, FX, HOUR, keptRows, LISTINGS, StoredMarket } from './stored-market';

type Action =
  | { kind: 'wait'; ms: number }
  | { kind: 'event'; investment: number; day: number; shares: number; dividend: boolean }
  | { kind: 'typed'; investment: number; day: number; price: number; usd: boolean }
  | { kind: 'quote'; listing: number; ago: number; price: number }
  | { kind: 'rate'; currency: number; perEuro: number }
  /** The market places the default benchmark (the account without one then gets its line). */
  | { kind: 'place' };

const actions: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      ms: fc.oneof(
        fc.integer({ min: 1, max: 10 * 60_000 }),
        fc.integer({ min: 1, max: 8 * HOUR }),
        fc.integer({ min: 1, max: 2 * DAY }),
      ),
    }),
  },
  fc.record({
    kind: fc.constant('event' as const),
    investment: fc.nat(3),
    // Mostly near today: an event dated later today or tomorrow steps a kept answer's holdings.
    day: fc.oneof(fc.integer({ min: -400, max: 1 }), fc.integer({ min: -1, max: 1 })),
    shares: fc.integer({ min: 1, max: 20 }),
    dividend: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('typed' as const),
    investment: fc.nat(3),
    day: fc.integer({ min: -3, max: 1 }),
    price: fc.integer({ min: 50, max: 500 }),
    usd: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('quote' as const),
    listing: fc.nat(3),
    ago: fc.integer({ min: -HOUR, max: 3 * HOUR }),
    price: fc.integer({ min: 50, max: 500 }),
  }),
  fc.record({
    kind: fc.constant('rate' as const),
    currency: fc.nat(4),
    perEuro: fc.integer({ min: 1, max: 20 }),
  }),
  fc.constant({ kind: 'place' as const }),
);

const CURRENCIES = ['DKK', 'USD', 'SEK', 'NOK', 'GBP'];
/** The home's calls, by path and selected period, for every period an answer is kept for. */
const CALLS = [
  ['/api/v1/user/valuation', 'Forever'],
  ['/api/v1/user/valuation', 'Year'],
  ['/api/v1/user/valuation', 'Month'],
  ['/api/v1/user/valuation', 'Week'],
  ['/api/v1/user/chart', 'Year'],
  ['/api/v1/user/chart', 'Month'],
  ['/api/v1/user/chart', 'Week'],
] as const;

const mailer = { delivery: 'log' as const, passwordReset: () => Promise.resolve() };

describe('kept home answers', () => {
  // Its time limit guards against a hang only: 40 runs of seven calls at every step take 20-40 s
  // here, and a busy machine must not fail them.
  it('equal a fresh computation at any later instant, across steps and writes', async () => {
    let hits = 0;
    let checks = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(actions, { minLength: 5, maxLength: 25 }),
        fc.integer({ min: 0, max: 7 * DAY }),
        // Which listings the investments hold (a coin's price steps at every UTC day's end, which
        // would hide the other steps); the last investment has none.
        fc.subarray([0, 1, 2]),
        // A benchmark chosen, or none: the default, which the market places at a 'place' step.
        fc.boolean(),
        async (steps, startOffset, held, chosen) => {
          let now = BASE + startOffset;
          let placed = false;
          // The days each market was asked to place the default from: a kept answer asks as a
          // made one does.
          const wanted = { kept: [] as string[], fresh: [] as string[] };
          const placing = (asks: string[]): Pick<Market, 'placed'> => ({
            placed: (_type, code, since) => {
              asks.push(since);
              return Promise.resolve(
                placed ? { code, name: 'World', listing: BENCHMARK.key, listings: [] } : undefined,
              );
            },
          });
          const clock = () => now;
          const stored = new StoredMarket();
          const rows = keptRows(stored);
          const store = new MemoryStore(emptyTables());
          const user = await store.createUser({
            name: 'U',
            email: 'u@example.com',
            passwordHash: '',
          });
          const portfolio = await store.createPortfolio({ userId: user.id, name: 'P' });
          const investments = [];
          const listings = [...held.map((index) => LISTINGS[index]), undefined];
          for (const [index, listing] of listings.entries())
            investments.push(
              await store.createInvestment(
                {
                  userId: user.id,
                  portfolioId: portfolio.id,
                  name: `I${index}`,
                  type: listing?.provider === 'coingecko' ? 'crypto' : 'stock',
                  code: listing?.provider === 'coingecko' ? 'COIN' : `DK000000000${index}`,
                  listing: listing?.key ?? null,
                },
                {
                  kind: 'buy',
                  time: BASE - (300 - index * 40) * DAY + 12 * HOUR,
                  currency: listing?.currency === 'USD' ? 'USD' : 'DKK',
                  shares: 10,
                  price: 100,
                  fee: 1,
                },
              ),
            );
          if (chosen)
            await store.saveBenchmark(user.id, {
              type: 'stock',
              code: 'IE00B4L5Y983',
              name: 'World',
              listing: BENCHMARK.key,
            });
          await store.saveSession({
            id: 'a'.repeat(40),
            token: 't'.repeat(40),
            userId: user.id,
            lastSeen: now,
          });
          const contractOf = (market: Market, keeping: boolean) =>
            createContract({
              store,
              hasher: demoHasher,
              randomToken,
              tokenDigest,
              mailer,
              now: clock,
              market,
              keptAnswers: keeping ? { store: rows, codeVersion: 'test', ratesKey: FX } : undefined,
            });
          const kept = contractOf({ ...stored.market(), ...placing(wanted.kept) }, true);
          const failing: Market = {
            ...syntheticMarket(),
            ...placing([]),
            snapshot: () => Promise.reject(new Error('a kept answer reads no prices')),
          };
          const ask = async (
            contract: ReturnType<typeof createContract>,
            path: string,
            period: string,
          ): Promise<Answer> => {
            // The session is seen now: it never expires between the steps.
            await store.saveSession({
              id: 'a'.repeat(40),
              token: 't'.repeat(40),
              userId: user.id,
              lastSeen: now,
            });
            return contract.handle(
              getRequest(
                path,
                { [SESSION_COOKIE]: 'a'.repeat(40), selected_period: period },
                '127.0.0.1',
              ),
            );
          };
          const check = async () => {
            for (const [path, period] of CALLS) {
              // The keeping process first: once the market places the default, whichever process
              // asks first stores it as the user's, and the others then see it chosen.
              const fromKept = await ask(kept, path, period);
              await kept.settled();
              const fresh = await ask(
                contractOf({ ...stored.market(), ...placing(wanted.fresh) }, false),
                path,
                period,
              );
              expect(fresh.status).toBe(200);
              expect(fromKept.body).toEqual(fresh.body);
              // What the server sends: a kept answer's own text, else its body serialized.
              expect(sent(fromKept)).toBe(JSON.stringify(fresh.body));
              if (!(await store.benchmark(user.id)))
                expect(wanted.kept.at(-1)).toEqual(wanted.fresh.at(-1));
              // A fresh process with the rows kept at earlier instants only: its market fails, so
              // a 200 is a kept answer.
              const cold = await ask(contractOf(failing, true), path, period);
              checks++;
              if (cold.status === 200) {
                hits++;
                expect(cold.body).toEqual(fresh.body);
                expect(sent(cold)).toBe(JSON.stringify(fresh.body));
                expect(jsonTextOf(cold)).toBeDefined();
              }
            }
          };
          await check();
          for (const step of steps) {
            switch (step.kind) {
              case 'wait':
                now += step.ms;
                break;
              case 'event': {
                const investment = investments[step.investment % investments.length];
                const event: EventDraft = step.dividend
                  ? {
                      investmentId: investment.id,
                      kind: 'dividend',
                      time: utcMidnightOf(now) + step.day * DAY + 12 * HOUR,
                      currency: 'DKK',
                      amount: step.shares * 3,
                    }
                  : {
                      investmentId: investment.id,
                      kind: 'buy',
                      time: utcMidnightOf(now) + step.day * DAY + 12 * HOUR,
                      currency: 'DKK',
                      shares: step.shares,
                      price: 90 + step.shares,
                      fee: 0,
                    };
                await store.addEvent(event);
                break;
              }
              case 'typed':
                await store.saveManualPrice({
                  investmentId: investments[step.investment % investments.length].id,
                  day: utcDay(now + step.day * DAY),
                  price: String(step.price),
                  currency: step.usd ? 'USD' : 'DKK',
                });
                break;
              case 'quote': {
                const listing = LISTINGS[step.listing];
                const time = now - step.ago;
                stored.quotes.set(listing.key, {
                  price: String(step.price),
                  time,
                  day: utcDay(time),
                  intraday: [{ time: time - HOUR, price: String(step.price - 1) }],
                });
                stored.bump(listing.key);
                break;
              }
              case 'rate':
                stored.rates.push({
                  day: utcDay(now),
                  currency: CURRENCIES[step.currency],
                  perEuro: String(step.perEuro),
                });
                stored.bump(FX);
                break;
              case 'place':
                placed = true;
                break;
            }
            await check();
          }
        },
      ),
      {
        numRuns: 40,
        examples: [
          // Saturday 7 March 2026, 10:00 UTC, holding AAA.CO since before the Year's start: no
          // close today, but the Year's start (a Friday) passes that day's close by 19:00, so a
          // Year answer kept at 10:00 is not exact then though nothing steps at `now`.
          [
            [
              { kind: 'event', investment: 0, day: -380, shares: 5, dividend: false },
              { kind: 'wait', ms: 9 * HOUR },
            ],
            5 * DAY + 10 * HOUR,
            [0],
            true,
          ],
          // No benchmark: the charts are kept without a line until the market places the default,
          // then made with it.
          [[{ kind: 'wait', ms: 60_000 }, { kind: 'place' }], DAY + 10 * HOUR, [0, 1], false],
        ],
      },
    );
    // Not vacuous: most answers of a fresh process came from the rows.
    expect(hits).toBeGreaterThan(checks / 4);
  }, 600_000);
});

/** The body as the HTTP adapter sends it (src/server/app.ts, `send`). */
const sent = (answer: Answer) => jsonTextOf(answer) ?? JSON.stringify(answer.body);

const utcMidnightOf = (time: number) => Math.floor(time / DAY) * DAY;
