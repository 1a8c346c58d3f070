// Investments and their events. Input rules of decisions.md are checked first (Laravel rules),
// then the ledger decides whether the event can apply (selling more than held, split rules).
import {
  json,
  noContent,
  notFound,
  owned,
  unprocessable,
  unprocessableFor,
  validateOnly,
  type Answer,
  type Call,
  type Route,
} from '../answers';
import { eventTimeOf, identifierErrors, readers, tradeOf, type EventKind } from '../events';
import { enteredOf, transactionOf } from '../figures';
import {
  conflictMessage,
  keepReplayed,
  PENDING_ID,
  refusalErrors,
  replayHistory,
} from '../history';
import type { EventRow, InvestmentRow, Store } from '../store';
import { pendingSplits } from '../suggestions';
import { utcDay } from '../../market/zoned-time';
import {
  createInvestment,
  id as idRules,
  identifier,
  instrumentType,
  nameInput,
} from '../../domain/wire/requests';
import { readRequest } from '../read-request';

/** The investment `{id}` of the user, or Laravel's 404 for anything else. */
export const ownedInvestment = (call: Call, answer: (row: InvestmentRow) => Promise<Answer>) =>
  owned(call, 'Investment', call.store.investments(call.userId), answer);

/** A write's answer with the investment's events once it is made. */
interface Written {
  answer: Answer;
  events: readonly EventRow[];
}

type Write = (store: Store) => Promise<Written>;

/** A change's answer, and once written, the investment's versions and events around it. */
interface Done {
  answer: Answer;
  change?: { before: number; after: number; events: readonly EventRow[] };
}

/** What a change to an investment's history comes to: a final answer, or a write to make. */
type Step = { answer: Answer } | { write: Write };

/** Tries the replay outside the lock this often before doing it under the lock. */
const OPTIMISTIC_TRIES = 3;

/**
 * Replays the investment's history with a change outside the write lock, then writes under the
 * lock only if the investment's version is still the one read (no other change came between),
 * so the database is held for the write alone, not the replay; else it tries again. A busy
 * investment is finally replayed under the lock. Once committed, the events written are told
 * to the kept timelines, so the next read replays from them without reading them again.
 */
async function replayThenWrite(
  call: Call,
  investmentId: number,
  plan: (existing: readonly EventRow[]) => Step,
): Promise<Answer> {
  /** Writes, and reads the version the write made, in the same transaction. */
  const write = async (store: Store, make: Write, before: number): Promise<Done> => {
    const { answer, events } = await make(store);
    const after = await store.investmentVersion(investmentId);
    return { answer, change: after === undefined ? undefined : { before, after, events } };
  };
  const told = (done: Done) => {
    if (done.change) call.recorded({ investmentId, ...done.change });
    return done.answer;
  };
  for (let attempt = 0; attempt < OPTIMISTIC_TRIES; attempt++) {
    const version = await call.store.investmentVersion(investmentId);
    if (version === undefined) return notFound('Investment', String(investmentId));
    const step = plan(await call.store.events([investmentId]));
    const unchanged = async (store: Store) =>
      (await store.investmentVersion(investmentId)) === version;
    if ('answer' in step) {
      if (await unchanged(call.store)) return step.answer;
      continue;
    }
    const written = await call.store.exclusive(investmentId, async (store) =>
      (await unchanged(store)) ? write(store, step.write, version) : undefined,
    );
    if (written) return told(written);
  }
  return told(
    await call.store.exclusive(investmentId, async (store): Promise<Done> => {
      const version = await store.investmentVersion(investmentId);
      if (version === undefined) return { answer: notFound('Investment', String(investmentId)) };
      const step = plan(await store.events([investmentId]));
      return 'answer' in step ? step : write(store, step.write, version);
    }),
  );
}

function eventRoute(kind: EventKind): Route {
  return {
    method: 'POST',
    path: `/api/v1/investments/{id}/events/${kind}`,
    access: 'auth',
    handle: (call) =>
      ownedInvestment(call, async (investment) => {
        const { read, facts: factsAt } = readers[kind].request(call.body);
        const time = eventTimeOf(read, 'date', call.now, call.now);
        const facts = time === undefined ? undefined : factsAt(time);
        if (!facts || time === undefined) return unprocessable(read.errors);
        const draft = { ...facts, investmentId: investment.id };
        const rates = await call.rates();
        // Checked and added as one step, so concurrent events cannot both pass the ledger.
        return replayThenWrite(call, investment.id, (existing): Step => {
          const verdict = replayHistory([...existing, { ...draft, id: PENDING_ID }]);
          if (!verdict.ok)
            return {
              answer: unprocessableFor(
                verdict.event.id === PENDING_ID
                  ? refusalErrors(verdict.refusal, '', time === call.now ? undefined : utcDay(time))
                  : { date: [conflictMessage(verdict.event, verdict.refusal)] },
              ),
            };
          if (validateOnly(call)) return { answer: json(200, { data: null }) };
          // The replayed draft: a split's from_shares is known now.
          const { id: _pending, ...replayed } = verdict.events.find((e) => e.id === PENDING_ID)!;
          return {
            write: async (store) => {
              const row = await store.addEvent(replayed);
              await keepReplayed(store, existing, verdict.events);
              return {
                answer: json(201, { data: transactionOf(row, investment, rates) }),
                events: verdict.events.map((e) => (e.id === PENDING_ID ? row : e)),
              };
            },
          };
        });
      }),
  };
}

/** The event `{id}` of one of the user's investments, with that investment. */
async function ownedEvent(
  call: Call,
  answer: (event: EventRow, investment: InvestmentRow) => Promise<Answer>,
): Promise<Answer> {
  const id = call.id();
  const event = id === undefined ? undefined : await call.store.event(id);
  const investment =
    event && (await call.store.investments(call.userId)).find((i) => i.id === event.investmentId);
  return event && investment ? answer(event, investment) : notFound('Event', call.rawId);
}

/** The event as entered (currency, fee, amounts), which a correction form starts from. */
const showEvent: Route = {
  method: 'GET',
  path: '/api/v1/investments/events/{id}',
  access: 'auth',
  handle: (call) =>
    ownedEvent(call, (event) => Promise.resolve(json(200, { event: enteredOf(event) }))),
};

const editEvent: Route = {
  method: 'PUT',
  path: '/api/v1/investments/events/{id}',
  access: 'auth',
  handle: (call) =>
    ownedEvent(call, async (event, investment) => {
      const { read, facts: factsAt } = readers[event.kind].request(call.body);
      // Without a date the event stays on its day.
      const time = eventTimeOf(read, 'date', call.now, event.time);
      const facts = time === undefined ? undefined : factsAt(time);
      if (!facts || time === undefined) return unprocessable(read.errors);
      // Without exchange_rate a correction keeps the broker's rate of the same currency.
      const keptRate =
        read.input('exchange_rate') === undefined &&
        event.exchangeRate !== undefined &&
        facts.currency === event.currency
          ? { exchangeRate: event.exchangeRate }
          : {};
      const edited: EventRow = {
        ...keptRate,
        ...facts,
        id: event.id,
        investmentId: investment.id,
        ...(event.origin && { origin: event.origin }),
        edited: true,
      };
      const rates = await call.rates();
      return replayThenWrite(call, investment.id, (existing): Step => {
        // Deleted since it was read: an edit that lost the race must not answer 200.
        if (!existing.some((e) => e.id === event.id))
          return { answer: notFound('Event', call.rawId) };
        const verdict = replayHistory(existing.map((e) => (e.id === event.id ? edited : e)));
        if (!verdict.ok)
          return {
            answer: unprocessableFor(
              verdict.event.id === event.id
                ? refusalErrors(verdict.refusal, '', utcDay(time))
                : { date: [conflictMessage(verdict.event, verdict.refusal)] },
            ),
          };
        if (validateOnly(call)) return { answer: json(200, { data: null }) };
        const row = verdict.events.find((e) => e.id === event.id) ?? edited;
        return {
          write: async (store) => {
            await store.updateEvent(row);
            await keepReplayed(store, existing, verdict.events);
            // As stored, which a read of the events would give.
            const stored = (await store.event(row.id)) ?? row;
            return {
              answer: json(200, { data: transactionOf(row, investment, rates) }),
              events: verdict.events.map((e) => (e.id === row.id ? stored : e)),
            };
          },
        };
      });
    }),
};

const deleteEvent: Route = {
  method: 'DELETE',
  path: '/api/v1/investments/events/{id}',
  access: 'auth',
  handle: (call) =>
    ownedEvent(call, (event, investment) =>
      replayThenWrite(call, investment.id, (existing): Step => {
        if (!existing.some((e) => e.id === event.id))
          return { answer: notFound('Event', call.rawId) };
        const verdict = replayHistory(existing.filter((e) => e.id !== event.id));
        if (!verdict.ok)
          return {
            answer: unprocessableFor({ event: [conflictMessage(verdict.event, verdict.refusal)] }),
          };
        return {
          write: async (store) => {
            await store.deleteEvent(event.id);
            await keepReplayed(store, existing, verdict.events);
            return { answer: noContent(), events: verdict.events };
          },
        };
      }),
    ),
};

export function investmentRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/investments',
      access: 'auth',
      handle: async (call) => {
        const investments = await call.store.investments(call.userId);
        const [figures, pending] = await Promise.all([
          call.valuer(investments),
          pendingSplits(call, investments),
        ]);
        return json(200, {
          investments: investments.map((i) => {
            const split = pending.get(i.id);
            return { ...figures.investment(i), ...(split && { pending_split: split }) };
          }),
        });
      },
    },
    {
      method: 'POST',
      path: '/api/v1/investments',
      access: 'auth',
      handle: async (call) => {
        const { store } = call;
        const read = readRequest(createInvestment, call.body);
        const { errors } = read;
        const portfolioId = read.field('investment.portfolio_id', idRules);
        if (
          portfolioId !== undefined &&
          !(await store.portfolios(call.userId)).some((p) => p.id === portfolioId)
        )
          errors.add('investment.portfolio_id', 'The selected investment.portfolio id is invalid.');
        const type = read.field('instrument.type', instrumentType);
        const code = read.field('instrument.isin', identifier);
        const wantedListing = read.input('instrument.listing');
        const time = eventTimeOf(read, 'buy_event.date', call.now, call.now);
        const accepted = type && code ? await call.market.resolve(type, code) : undefined;
        if (type && code && accepted && 'refusal' in accepted) {
          for (const message of identifierErrors(type, accepted.refusal))
            errors.add('instrument.isin', message);
        }
        const instrument = accepted && !('refusal' in accepted) ? accepted : undefined;
        let listing = instrument?.listing ?? null;
        if (instrument && wantedListing != null) {
          const chosen = instrument.listings.find((l) => l.id === wantedListing);
          if (chosen) listing = chosen.id;
          else errors.add('instrument.listing', 'The selected instrument.listing is invalid.');
        }
        if (!read.value || errors.failed || !instrument || time === undefined)
          return unprocessable(errors);
        const { investment: asked, instrument: wanted, buy_event: buy } = read.value;
        const trade = tradeOf(buy);

        const first = { kind: 'buy', time, ...trade } as const;
        const verdict = replayHistory([{ ...first, investmentId: 0, id: PENDING_ID }]);
        if (!verdict.ok) return unprocessableFor(refusalErrors(verdict.refusal, 'buy_event.'));
        if (validateOnly(call)) return json(200, { data: null });

        // Its prices from the first trade on, so the answer is valued from them.
        if (listing) await call.market.held(listing, utcDay(time));
        const investment = await store.createInvestment(
          {
            userId: call.userId,
            portfolioId: asked.portfolio_id,
            name: asked.name,
            type: wanted.type,
            code: instrument.code,
            listing,
          },
          first,
        );
        call.saved();
        return json(201, { data: (await call.valuer([investment])).investment(investment) });
      },
    },
    {
      method: 'PATCH',
      path: '/api/v1/investments/{id}',
      access: 'auth',
      handle: (call) =>
        ownedInvestment(call, async (row) => {
          const { value: body, errors } = readRequest(nameInput, call.body);
          if (!body) return unprocessable(errors);
          const { name } = body;
          await call.store.renameInvestment(row.id, name);
          const renamed = { ...row, name };
          return json(200, { data: (await call.valuer([renamed])).investment(renamed) });
        }),
    },
    {
      method: 'GET',
      path: '/api/v1/investments/{id}/stats',
      access: 'auth',
      handle: (call) =>
        ownedInvestment(call, async (row) =>
          json(200, { statistics: (await call.valuer([row])).statistics([row]) }),
        ),
    },
    {
      method: 'GET',
      path: '/api/v1/investments/{id}/chart',
      access: 'auth',
      handle: (call) =>
        ownedInvestment(call, async (row) => json(200, (await call.valuer([row])).chart([row]))),
    },
    {
      method: 'GET',
      path: '/api/v1/investments/events',
      access: 'auth',
      handle: async (call) => {
        const investments = new Map(
          (await call.store.investments(call.userId)).map((i) => [i.id, i]),
        );
        const rates = await call.rates();
        const events = (await call.store.events([...investments.keys()]))
          .filter((e) => !(e.kind === 'split' && e.hide))
          .sort((a, b) => b.time - a.time || b.id - a.id)
          .map((e) => transactionOf(e, investments.get(e.investmentId)!, rates));
        return json(200, { events });
      },
    },
    {
      method: 'DELETE',
      path: '/api/v1/investments/{id}',
      access: 'auth',
      handle: (call) =>
        ownedInvestment(call, async (row) => {
          await call.store.deleteInvestment(row.id);
          return noContent();
        }),
    },
    eventRoute('buy'),
    eventRoute('sell'),
    eventRoute('dividend'),
    eventRoute('split'),
    showEvent,
    editEvent,
    deleteEvent,
  ];
}
