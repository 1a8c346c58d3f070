// The mock's market: real instruments, and deterministic prices and exchange rates
// (decisions.md sections 2 and 3). Prices are smooth sums of sinusoids with phases hashed from
// the instrument's code, so any time costs O(1) and every reload sees the same numbers.
import type { AssetClass, InstrumentType } from './kinds';
import { normaliseIdentifier } from './isin';

export interface Instrument {
  type: InstrumentType;
  /** ISIN for stocks and funds, symbol for crypto. */
  code: string;
  name: string;
  /** Listing currency; crypto is quoted in USD. */
  currency: string;
}

/**
 * A suggestion the market data names by listing only, with no ISIN (OpenFIGI's search): choosing
 * it fills the name, and the ISIN is for the user to type.
 */
export interface UnidentifiedInstrument {
  type: InstrumentType;
  code: null;
  name: string;
  currency: string;
  ticker: string;
  exchange: string;
}

/** An entry of Add investment's suggestions. */
export type SuggestedInstrument = Instrument | UnidentifiedInstrument;

export const CURRENCIES: readonly string[] = ['DKK', 'EUR', 'USD', 'SEK', 'NOK', 'GBP'];

export function isCurrency(code: string): boolean {
  return CURRENCIES.includes(code);
}

/** [code, name, listing currency, typical price in that currency]. */
type Listing = readonly [string, string, string, number];

const STOCKS: readonly Listing[] = [
  ['DK0062498333', 'Novo Nordisk B', 'DKK', 400],
  ['DK0010274414', 'Danske Bank', 'DKK', 220],
  ['DK0060079531', 'DSV', 'DKK', 1500],
  ['DK0010244508', 'A.P. Møller - Mærsk B', 'DKK', 11000],
  ['DK0060094928', 'Ørsted', 'DKK', 300],
  ['DK0061539921', 'Vestas Wind Systems', 'DKK', 110],
  ['DK0060448595', 'Coloplast B', 'DKK', 800],
  ['DK0010181759', 'Carlsberg B', 'DKK', 850],
  ['DK0060336014', 'Novonesis B', 'DKK', 420],
  ['DK0060252690', 'Pandora', 'DKK', 1100],
  ['DK0010272202', 'Genmab', 'DKK', 1500],
  ['DK0060636678', 'Tryg', 'DKK', 155],
  ['US0378331005', 'Apple', 'USD', 200],
  ['US5949181045', 'Microsoft', 'USD', 420],
  ['US02079K3059', 'Alphabet A', 'USD', 170],
  ['US0231351067', 'Amazon.com', 'USD', 190],
  ['US67066G1040', 'NVIDIA', 'USD', 130],
  ['US88160R1014', 'Tesla', 'USD', 250],
  ['US30303M1027', 'Meta Platforms A', 'USD', 550],
  ['US4781601046', 'Johnson & Johnson', 'USD', 155],
  ['NL0010273215', 'ASML Holding', 'EUR', 700],
  ['DE0007164600', 'SAP', 'EUR', 220],
  ['FR0000121014', 'LVMH', 'EUR', 650],
  ['DE0007236101', 'Siemens', 'EUR', 190],
  ['NL0000235190', 'Airbus', 'EUR', 150],
  ['SE0000108656', 'Ericsson B', 'SEK', 80],
  ['SE0000115446', 'Volvo B', 'SEK', 270],
  ['NO0010096985', 'Equinor', 'NOK', 260],
  ['GB0009895292', 'AstraZeneca', 'GBP', 110],
  ['GB0005405286', 'HSBC Holdings', 'GBP', 8],
  ['IE00B4L5Y983', 'iShares Core MSCI World UCITS ETF', 'EUR', 95],
  ['IE00B5BMR087', 'iShares Core S&P 500 UCITS ETF', 'EUR', 550],
  ['IE00BK5BQT80', 'Vanguard FTSE All-World UCITS ETF Acc', 'EUR', 125],
  ['IE00BKM4GZ66', 'iShares Core MSCI EM IMI UCITS ETF', 'EUR', 32],
  ['DK0060005254', 'Sparindex INDEX Globale Aktier KL', 'DKK', 180],
];

/** Danish investment funds (investeringsforeninger): their ISINs look like shares'. */
const DANISH_FUNDS: ReadonlySet<string> = new Set(['DK0060005254']);

const CRYPTO: readonly Listing[] = [
  ['BTC', 'Bitcoin', 'USD', 60000],
  ['ETH', 'Ethereum', 'USD', 3000],
  ['SOL', 'Solana', 'USD', 150],
  ['XRP', 'XRP', 'USD', 0.6],
  ['BNB', 'BNB', 'USD', 550],
  ['ADA', 'Cardano', 'USD', 0.45],
  ['DOGE', 'Dogecoin', 'USD', 0.15],
];

const LEVELS = new Map<string, number>();

function toInstruments(type: InstrumentType, listings: readonly Listing[]): Instrument[] {
  return listings.map(([code, name, currency, level]) => {
    LEVELS.set(code, level);
    return { type, code, name, currency };
  });
}

/** Real instruments the mock accepts (decisions.md section 3). */
export const CATALOGUE: readonly Instrument[] = [
  ...toInstruments('stock', STOCKS),
  ...toInstruments('crypto', CRYPTO),
];

/** The catalogue's funds: its Irish-domiciled UCITS ETFs and its Danish funds; else shares. */
export function assetClassOf(instrument: Instrument): AssetClass {
  if (instrument.type === 'crypto') return 'crypto';
  return instrument.code.startsWith('IE') || DANISH_FUNDS.has(instrument.code) ? 'fund' : 'stock';
}

const BY_KEY = new Map(CATALOGUE.map((i) => [`${i.type}:${i.code}`, i]));

/** The catalogue entry for a type and code (normalised: trimmed, upper-cased). */
export function findInstrument(type: InstrumentType, code: string): Instrument | undefined {
  return BY_KEY.get(`${type}:${normaliseIdentifier(code)}`);
}

const DAY = 86_400_000;
const YEAR = 365.25 * DAY;
/** Prices sit near their typical level here, and drift away slowly either side. */
const ANCHOR = Date.UTC(2025, 6, 1);

/** FNV-1a: a stable 32-bit hash of a string. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** [period in days, amplitude of the log price] from years down to an hour and a half. */
const WAVES: readonly (readonly [number, number])[] = [
  [1100, 0.18],
  [320, 0.1],
  [75, 0.05],
  [19, 0.03],
  [4.3, 0.015],
  [1, 0.006],
  [0.29, 0.003],
  [0.061, 0.0015],
];

interface Motion {
  /** Drift of the log price per year. */
  drift: number;
  /** Angular frequency per day, amplitude and phase of each wave. */
  waves: { omega: number; amplitude: number; phase: number }[];
}

function motion(seedText: string, scale: number, driftRange: readonly [number, number]): Motion {
  const random = seededRandom(hash(seedText));
  const drift = driftRange[0] + (driftRange[1] - driftRange[0]) * random();
  const waves = WAVES.map(([period, amplitude]) => ({
    omega: (2 * Math.PI) / period,
    amplitude: amplitude * scale * (0.6 + 0.8 * random()),
    phase: 2 * Math.PI * random(),
  }));
  return { drift, waves };
}

function logFactor(m: Motion, time: number): number {
  const days = time / DAY;
  let log = (m.drift * (time - ANCHOR)) / YEAR;
  for (const w of m.waves) log += w.amplitude * Math.sin(w.omega * days + w.phase);
  return log;
}

/** Per-code price parameters, computed once: priceAt runs for every chart point. */
interface Pricing {
  motion: Motion;
  level: number;
}
const PRICING: Record<InstrumentType, Map<string, Pricing>> = {
  stock: new Map(),
  crypto: new Map(),
};

function pricingOf(instrument: Instrument): Pricing {
  const known = PRICING[instrument.type].get(instrument.code);
  if (known) return known;
  const pricing: Pricing = {
    motion:
      instrument.type === 'crypto'
        ? motion(instrument.code, 2.5, [0.1, 0.35])
        : motion(instrument.code, 1, [0.02, 0.12]),
    // Outside the catalogue: a level from the hash, so any instrument still has a stable price.
    level: LEVELS.get(instrument.code) ?? 20 + (hash(instrument.code) % 500),
  };
  PRICING[instrument.type].set(instrument.code, pricing);
  return pricing;
}

/** How long a quote holds: the demo's quotes are delayed ones, updated once a minute. */
export const QUOTE_INTERVAL_MS = 60_000;

/**
 * The start of the minute a quote at `time` was made: every time in that minute gets the same
 * quote, so figures computed moments apart agree and totals equal the sum of their parts.
 */
export function quoteTime(time: number): number {
  return Math.floor(time / QUOTE_INTERVAL_MS) * QUOTE_INTERVAL_MS;
}

/** Deterministic price in the listing currency, quoted per minute (`quoteTime`). */
export function priceAt(instrument: Instrument, time: number): number {
  const { motion, level } = pricingOf(instrument);
  return level * Math.exp(logFactor(motion, quoteTime(time)));
}

/** Typical DKK per unit, and how far the rate wanders (EUR is pegged, so barely). */
const RATES = new Map<string, { level: number; motion: Motion }>(
  (
    [
      ['EUR', 7.46, 0.02],
      ['USD', 6.9, 0.4],
      ['SEK', 0.65, 0.3],
      ['NOK', 0.63, 0.3],
      ['GBP', 8.6, 0.3],
    ] as const
  ).map(([code, level, scale]) => [code, { level, motion: motion(code, scale, [0, 0]) }]),
);

/** Deterministic DKK per one unit of `currency` at `time` (DKK is 1), quoted per minute. */
export function rateToDkk(currency: string, time: number): number {
  if (currency === 'DKK') return 1;
  const rate = RATES.get(currency);
  if (!rate) throw new RangeError(`Unknown currency ${currency}; expected one of CURRENCIES.`);
  return rate.level * Math.exp(logFactor(rate.motion, quoteTime(time)));
}
