// Investments and their events. Input rules of decisions.md are checked first (Laravel rules),
// then the ledger decides whether the event can apply (selling more than held, split rules).
import { replay, type Refusal } from '../../domain/ledger';
import { CURRENCIES } from '../../domain/market';
import { INSTRUMENT_TYPES } from '../../domain/types';
import { knownInstrument } from '../catalogue';
import {
  eventsOf,
  investmentsOf,
  nextId,
  portfoliosOf,
  type EventRow,
  type InvestmentRow,
} from '../db';
import { toEntry, transactionOf } from '../figures';
import {
  json,
  notFound,
  unprocessable,
  unprocessableFor,
  validateOnly,
  valuer,
  type Call,
  type Route,
} from '../http';
import { Validator, type Errors } from '../validation';

type Draft = EventRow extends infer E ? (E extends EventRow ? Omit<E, 'id'> : never) : never;

function owned(call: Call): InvestmentRow | undefined {
  const id = call.id();
  return investmentsOf(call.backend.tables, call.userId).find((i) => i.id === id);
}

function readTrade(v: Validator, prefix = '') {
  const shares = v.number(`${prefix}shares`, { greaterThan: 0 });
  const price = v.number(`${prefix}share_price`, { atLeast: 0 });
  const fee = v.number(`${prefix}fee`, { atLeast: 0, fallback: 0 });
  const currency = v.oneOf(`${prefix}currency_code`, CURRENCIES);
  if (shares === undefined || price === undefined || fee === undefined || !currency)
    return undefined;
  return { shares, price, fee, currency };
}

type Reader = (v: Validator, investmentId: number, time: number) => Draft | undefined;

const readers: Record<'buy' | 'sell' | 'dividend' | 'split', Reader> = {
  buy: (v, investmentId, time) => {
    const trade = readTrade(v);
    return trade && { kind: 'buy', investmentId, time, ...trade };
  },
  sell: (v, investmentId, time) => {
    const trade = readTrade(v);
    return trade && { kind: 'sell', investmentId, time, ...trade };
  },
  dividend: (v, investmentId, time) => {
    const amount = v.number('amount', { greaterThan: 0 });
    const currency = v.oneOf('currency_code', CURRENCIES);
    if (amount === undefined || !currency) return undefined;
    return { kind: 'dividend', investmentId, time, amount, currency };
  },
  split: (v, investmentId, time) => {
    const sharesAfter = v.number('shares_after', { greaterThan: 0 });
    const fee = v.number('fee', { atLeast: 0, fallback: 0 });
    const currency = v.oneOf('currency_code', CURRENCIES);
    const soldShares = v.number('sold_shares', { atLeast: 0, fallback: 0 });
    const soldPrice = v.number('sold_share_price', { atLeast: 0, fallback: 0 });
    const hide = v.boolean('hide');
    if (
      sharesAfter === undefined ||
      fee === undefined ||
      !currency ||
      soldShares === undefined ||
      soldPrice === undefined ||
      hide === undefined
    )
      return undefined;
    // from_shares is filled in once the holding before the split is known.
    return {
      kind: 'split',
      investmentId,
      time,
      sharesAfter,
      fee,
      currency,
      soldShares,
      soldPrice,
      hide,
      fromShares: 0,
    };
  },
};

const shown = (n: number) => String(Number(n.toFixed(8)));

function refusalErrors(refusal: Refusal, prefix: string): Errors {
  const key = `${prefix}${refusal.field}`;
  const name = key.replace(/_/g, ' ');
  switch (refusal.reason) {
    case 'sell-exceeds-holding':
      return {
        [key]: [
          `The ${name} field must not be greater than ${shown(refusal.held)}, the shares held.`,
        ],
      };
    case 'sold-shares-need-smaller-holding':
      return {
        [key]: [
          `The ${name} field must be 0 unless shares after is less than the ${shown(refusal.held)} shares held.`,
        ],
      };
    case 'split-needs-holding':
      return { [key]: [`The ${name} field needs shares to split; 0 shares are held.`] };
    case 'not-positive':
      return { [key]: [`The ${name} field must be greater than 0.`] };
    case 'negative':
      return { [key]: [`The ${name} field must be at least 0.`] };
    case 'not-finite':
      return { [key]: [`The ${name} field must be a number.`] };
  }
}

/** The ledger's verdict on the investment's events with the draft added. */
function refusalWith(existing: readonly EventRow[], draft: Draft): Refusal | undefined {
  const result = replay([...existing, { ...draft, id: 0 }].map(toEntry));
  return result.ok ? undefined : result.refusal;
}

function eventRoute(kind: keyof typeof readers): Route {
  return {
    method: 'post',
    path: `/api/v1/investments/:id/events/${kind}`,
    access: 'auth',
    handle: (call) => {
      const investment = owned(call);
      if (!investment) return notFound('Investment', call.request.params.id);
      const now = call.backend.now();
      const v = new Validator(call.body);
      const draft = readers[kind](v, investment.id, now);
      if (v.failed || !draft) return unprocessable(v);
      const existing = eventsOf(call.backend.tables, investment.id);
      if (draft.kind === 'split') {
        draft.fromShares = valuer(call).holding(investment, now).shares;
      }
      const refusal = refusalWith(existing, draft);
      if (refusal) return unprocessableFor(refusalErrors(refusal, ''));
      if (validateOnly(call)) return json(200, { data: null });
      const row = { ...draft, id: nextId(call.backend.tables) };
      call.backend.tables.events.push(row);
      call.backend.changed();
      return json(201, { data: transactionOf(row, investment) });
    },
  };
}

export function investmentRoutes(): Route[] {
  return [
    {
      method: 'get',
      path: '/api/v1/investments',
      access: 'auth',
      handle: (call) => {
        const figures = valuer(call);
        return json(200, {
          investments: investmentsOf(call.backend.tables, call.userId).map((i) =>
            figures.investment(i),
          ),
        });
      },
    },
    {
      method: 'post',
      path: '/api/v1/investments',
      access: 'auth',
      handle: (call) => {
        const { tables } = call.backend;
        const v = new Validator(call.body);
        const portfolioId = v.id('investment.portfolio_id');
        if (
          portfolioId !== undefined &&
          !portfoliosOf(tables, call.userId).some((p) => p.id === portfolioId)
        )
          v.add('investment.portfolio_id', 'The selected investment.portfolio id is invalid.');
        const name = v.text('investment.name');
        const type = v.oneOf('instrument.type', INSTRUMENT_TYPES);
        const code = v.text('instrument.isin', 32);
        const instrument = type && code ? knownInstrument(type, code) : undefined;
        if (type && code && !instrument)
          v.add(
            'instrument.isin',
            type === 'stock'
              ? 'The instrument.isin field must be a valid ISIN code.'
              : 'The instrument.isin field must be a valid crypto symbol.',
          );
        const trade = readTrade(v, 'buy_event.');
        if (v.failed || !portfolioId || !name || !type || !instrument || !trade)
          return unprocessable(v);

        const draft: Draft = { kind: 'buy', investmentId: 0, time: call.backend.now(), ...trade };
        const refusal = refusalWith([], draft);
        if (refusal) return unprocessableFor(refusalErrors(refusal, 'buy_event.'));
        if (validateOnly(call)) return json(200, { data: null });

        const investment: InvestmentRow = {
          id: nextId(tables),
          userId: call.userId,
          portfolioId,
          name,
          type,
          code: instrument.code,
        };
        tables.investments.push(investment);
        tables.events.push({ ...draft, investmentId: investment.id, id: nextId(tables) });
        call.backend.changed();
        return json(201, { data: valuer(call).investment(investment) });
      },
    },
    {
      method: 'patch',
      path: '/api/v1/investments/:id',
      access: 'auth',
      handle: (call) => {
        const row = owned(call);
        if (!row) return notFound('Investment', call.request.params.id);
        const v = new Validator(call.body);
        const name = v.text('name');
        if (v.failed || name === undefined) return unprocessable(v);
        row.name = name;
        call.backend.changed();
        return json(200, { data: valuer(call).investment(row) });
      },
    },
    {
      method: 'get',
      path: '/api/v1/investments/:id/stats',
      access: 'auth',
      handle: (call) => {
        const row = owned(call);
        if (!row) return notFound('Investment', call.request.params.id);
        return json(200, { statistics: valuer(call).statistics([row]) });
      },
    },
    {
      method: 'get',
      path: '/api/v1/investments/:id/chart',
      access: 'auth',
      handle: (call) => {
        const row = owned(call);
        if (!row) return notFound('Investment', call.request.params.id);
        return json(200, { chart: valuer(call).chart([row]) });
      },
    },
    {
      method: 'get',
      path: '/api/v1/investments/events',
      access: 'auth',
      handle: (call) => {
        const { tables } = call.backend;
        const investments = new Map(investmentsOf(tables, call.userId).map((i) => [i.id, i]));
        const events = tables.events
          .filter((e) => investments.has(e.investmentId) && !(e.kind === 'split' && e.hide))
          .sort((a, b) => b.time - a.time || b.id - a.id)
          .map((e) => transactionOf(e, investments.get(e.investmentId)!));
        return json(200, { events });
      },
    },
    eventRoute('buy'),
    eventRoute('sell'),
    eventRoute('dividend'),
    eventRoute('split'),
  ];
}
