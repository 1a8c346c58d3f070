// Makes the demo account's data (decisions.md section 4) from a fixed faker seed and fixed dates
// before an anchor. Prices of trades follow the domain's market, and each event is checked by the
// domain's ledger as it is generated, so the history always replays. Only its test runs it: it
// writes demo-data.json, which the demo and the server load instead of running faker each time.
import { base, Faker } from '@faker-js/faker';
import { applyEntry, EMPTY_HOLDING, type Holding } from '../domain/ledger';
import {
  assetClassOf,
  findInstrument,
  priceAt,
  rateToDkk,
  type Instrument,
} from '../domain/market';
import type { InstrumentType } from '../domain/types';
import { toEntry } from './figures';
import { DEMO_ANCHOR, type DemoPortfolio } from './demo-data';
import type { EventFacts } from './store';

const SEED = 20260901;
const DAY = 86_400_000;
/** The split story's split: 2 for 1. */
const SPLIT_RATIO = 2;
/** Dividend tax withheld at source by the dividend's currency: Danish 27 %, US treaty 15 %. */
const WITHHOLDING: Record<string, number> = { DKK: 0.27, USD: 0.15, EUR: 0.15 };

type Story = 'plain' | 'split' | 'sold-out' | 'no-sells';

interface Slot {
  type: InstrumentType;
  code: string;
  /** Rough DKK value the holding is built up to. */
  target: number;
  story?: Story;
}

const PLAN: readonly { portfolio: string; slots: readonly Slot[] }[] = [
  {
    portfolio: 'Pension',
    slots: [
      // The largest holding, with whole shares: the first row of the demo's tables.
      { type: 'stock', code: 'DK0062498333', target: 250_000, story: 'no-sells' },
      { type: 'stock', code: 'IE00B4L5Y983', target: 90_000 },
      { type: 'stock', code: 'IE00BK5BQT80', target: 70_000 },
      { type: 'stock', code: 'DK0060079531', target: 60_000 },
    ],
  },
  {
    portfolio: 'US tech',
    slots: [
      { type: 'stock', code: 'US0378331005', target: 80_000 },
      { type: 'stock', code: 'US5949181045', target: 60_000 },
      { type: 'stock', code: 'US67066G1040', target: 50_000, story: 'split' },
    ],
  },
  {
    portfolio: 'Danish dividends',
    slots: [
      { type: 'stock', code: 'DK0010181759', target: 45_000 },
      { type: 'stock', code: 'DK0060636678', target: 30_000 },
      { type: 'stock', code: 'DK0010274414', target: 40_000, story: 'sold-out' },
    ],
  },
  {
    portfolio: 'Crypto',
    slots: [
      { type: 'crypto', code: 'BTC', target: 60_000 },
      { type: 'crypto', code: 'ETH', target: 30_000 },
      { type: 'crypto', code: 'SOL', target: 15_000 },
    ],
  },
];

const isFund = (instrument: Instrument) => assetClassOf(instrument) === 'fund';
const round2 = (x: number) => Math.round(x * 100) / 100;

/** The demo account's portfolios, the same on every call. */
export function makeDemoPortfolios(): DemoPortfolio[] {
  const faker = new Faker({ locale: [base] });
  faker.seed(SEED);
  return PLAN.map(({ portfolio, slots }) => ({
    name: portfolio,
    investments: slots.flatMap((slot) => {
      const instrument = findInstrument(slot.type, slot.code);
      if (!instrument) return [];
      return [
        {
          name: instrument.name,
          type: instrument.type,
          code: instrument.code,
          events: history(faker, instrument, slot),
        },
      ];
    }),
  }));
}

/** A few years of events of one holding, each accepted by the ledger. */
function history(faker: Faker, instrument: Instrument, slot: Slot): EventFacts[] {
  const story = slot.story ?? 'plain';
  const crypto = instrument.type === 'crypto';
  const events: EventFacts[] = [];
  let holding: Holding = EMPTY_HOLDING;
  const accept = (event: EventFacts) => {
    const result = applyEntry(holding, toEntry(event, rateToDkk));
    if (!result.ok) return;
    holding = result.holding;
    events.push(event);
  };

  // Around midday UTC, `day` days before the anchor.
  const at = (day: number) =>
    DEMO_ANCHOR - day * DAY + faker.number.int({ min: -3, max: 3 }) * 3_600_000;
  const currency = instrument.currency;
  // Quoted as the server quotes it: after a split, the market's price divided by its ratio.
  let splitsBehind = 1;
  const quote = (time: number) => priceAt(instrument, time) / splitsBehind;
  const marketPrice = (time: number) =>
    round2(quote(time) * faker.number.float({ min: 0.996, max: 1.004 }));
  const sharesFor = (dkk: number, price: number, time: number) => {
    const units = dkk / (price * rateToDkk(currency, time));
    return crypto
      ? Math.max(0.0001, Math.floor(units * 10_000) / 10_000)
      : Math.max(1, Math.floor(units));
  };
  const feeFor = (value: number, time: number) =>
    round2(Math.max(value * (crypto ? 0.005 : 0.001), 29 / rateToDkk(currency, time)));

  const trade = (kind: 'buy' | 'sell', time: number, shares: number) => {
    const price = marketPrice(time);
    accept({
      kind,
      time,
      currency,
      shares,
      price,
      fee: feeFor(shares * price, time),
    });
  };

  let day = faker.number.int({ min: 1000, max: 1300 });
  const first = at(day);
  trade('buy', first, sharesFor(slot.target * 0.5, quote(first), first));

  const steps = faker.number.int({ min: 4, max: 7 });
  const splitStep = story === 'split' ? 0 : -1;
  for (let step = 0; step < steps && day > 60; step++) {
    day -= faker.number.int({ min: 60, max: Math.max(61, Math.floor(day / (steps - step))) });
    const time = at(Math.max(day, 1));
    if (step === splitStep) {
      accept({
        kind: 'split',
        time,
        currency,
        sharesAfter: holding.shares * SPLIT_RATIO,
        fee: 0,
        soldShares: 0,
        soldPrice: 0,
        hide: false,
        fromShares: holding.shares,
      });
      splitsBehind = SPLIT_RATIO;
      continue;
    }
    const options = [
      { weight: 3, value: 'buy' as const },
      { weight: story === 'no-sells' || holding.shares < 2 ? 0 : 2, value: 'sell' as const },
      { weight: crypto || isFund(instrument) ? 0 : 2, value: 'dividend' as const },
    ];
    const choice = faker.helpers.weightedArrayElement(options.filter((o) => o.weight > 0));
    const price = quote(time);
    if (choice === 'buy') {
      const value = slot.target * faker.number.float({ min: 0.15, max: 0.35 });
      trade('buy', time, sharesFor(value, price, time));
    } else if (choice === 'sell') {
      const part = holding.shares * faker.number.float({ min: 0.1, max: 0.3 });
      trade(
        'sell',
        time,
        crypto ? Math.floor(part * 10_000) / 10_000 : Math.max(1, Math.floor(part)),
      );
    } else {
      const amount = round2(holding.shares * price * faker.number.float({ min: 0.01, max: 0.03 }));
      // The tax the source country withholds (no draw: the rest of the demo stays as it was).
      const withholdingTax = round2(amount * (WITHHOLDING[currency] ?? 0));
      accept({
        kind: 'dividend',
        time,
        currency,
        amount,
        ...(withholdingTax && { withholdingTax }),
      });
    }
  }
  if (story === 'sold-out') trade('sell', at(Math.max(day - 30, 1)), holding.shares);
  return events;
}
