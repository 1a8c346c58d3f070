// The mock's tables: plain JSON so the whole database persists as one localStorage value.
import type { InstrumentType } from '../domain/types';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  salt: string;
  passwordHash: string;
}

export interface PortfolioRow {
  id: number;
  userId: number;
  name: string;
}

export interface InvestmentRow {
  id: number;
  userId: number;
  portfolioId: number;
  name: string;
  type: InstrumentType;
  /** ISIN or crypto symbol, as in the catalogue. */
  code: string;
}

/** An event as entered: amounts in `currency`, converted to DKK at `time` when read. */
export type EventRow = { id: number; investmentId: number; time: number; currency: string } & (
  | { kind: 'buy' | 'sell'; shares: number; price: number; fee: number }
  | { kind: 'dividend'; amount: number }
  | {
      kind: 'split';
      sharesAfter: number;
      fee: number;
      soldShares: number;
      soldPrice: number;
      hide: boolean;
      /** Shares held just before the split, kept for the transaction list. */
      fromShares: number;
    }
);

export interface Tables {
  users: UserRow[];
  portfolios: PortfolioRow[];
  investments: InvestmentRow[];
  events: EventRow[];
  nextId: number;
}

/** Laravel's session: its cookie's id, the CSRF token and the logged-in user, if any. */
export interface Session {
  id: string;
  token: string;
  userId: number | null;
}

export const STORAGE_KEY = 'formue-mock-db-v1';
const VERSION = 1;

interface Stored {
  version: typeof VERSION;
  tables: Tables;
  session: Session;
}

export function nextId(tables: Tables): number {
  return tables.nextId++;
}

/** The user's rows only: another user's ids behave as unknown (404), as in Laravel. */
export function portfoliosOf(tables: Tables, userId: number): PortfolioRow[] {
  return tables.portfolios.filter((p) => p.userId === userId);
}

export function investmentsOf(tables: Tables, userId: number): InvestmentRow[] {
  return tables.investments.filter((i) => i.userId === userId);
}

export function eventsOf(tables: Tables, investmentId: number): EventRow[] {
  return tables.events.filter((e) => e.investmentId === investmentId);
}

export type Loaded =
  { kind: 'empty' } | { kind: 'loaded'; tables: Tables; session: Session } | { kind: 'unreadable' };

export function load(storage: Storage): Loaded {
  let raw: string | null;
  try {
    raw = storage.getItem(STORAGE_KEY);
  } catch {
    return { kind: 'unreadable' };
  }
  if (raw === null) return { kind: 'empty' };
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStored(parsed)
      ? { kind: 'loaded', tables: parsed.tables, session: parsed.session }
      : { kind: 'unreadable' };
  } catch {
    return { kind: 'unreadable' };
  }
}

export function save(storage: Storage, tables: Tables, session: Session): void {
  const stored: Stored = { version: VERSION, tables, session };
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // A full or blocked storage only costs persistence; the demo keeps running in memory.
  }
}

// Shape checks of stored data: anything else (older versions, hand edits) is reset.
type Guard = (value: unknown) => boolean;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum: Guard = (v) => typeof v === 'number' && Number.isFinite(v);
const isStr: Guard = (v) => typeof v === 'string';
const isBool: Guard = (v) => typeof v === 'boolean';
const fields =
  (shape: Record<string, Guard>): Guard =>
  (v) =>
    isObject(v) && Object.entries(shape).every(([key, guard]) => guard(v[key]));
const listOf =
  (guard: Guard): Guard =>
  (v) =>
    Array.isArray(v) && v.every(guard);

const isUser = fields({ id: isNum, name: isStr, email: isStr, salt: isStr, passwordHash: isStr });
const isPortfolio = fields({ id: isNum, userId: isNum, name: isStr });
const isInvestment = fields({
  id: isNum,
  userId: isNum,
  portfolioId: isNum,
  name: isStr,
  type: (v) => v === 'stock' || v === 'crypto',
  code: isStr,
});
const eventBase = { id: isNum, investmentId: isNum, time: isNum, currency: isStr };
const isTrade = fields({ ...eventBase, shares: isNum, price: isNum, fee: isNum });
const isDividend = fields({ ...eventBase, amount: isNum });
const isSplit = fields({
  ...eventBase,
  sharesAfter: isNum,
  fee: isNum,
  soldShares: isNum,
  soldPrice: isNum,
  hide: isBool,
  fromShares: isNum,
});
const isEvent: Guard = (v) => {
  if (!isObject(v)) return false;
  switch (v.kind) {
    case 'buy':
    case 'sell':
      return isTrade(v);
    case 'dividend':
      return isDividend(v);
    case 'split':
      return isSplit(v);
    default:
      return false;
  }
};
const isTables = fields({
  users: listOf(isUser),
  portfolios: listOf(isPortfolio),
  investments: listOf(isInvestment),
  events: listOf(isEvent),
  nextId: isNum,
});
const isSession = fields({ id: isStr, token: isStr, userId: (v) => v === null || isNum(v) });

function isStored(v: unknown): v is Stored {
  return isObject(v) && v.version === VERSION && isTables(v.tables) && isSession(v.session);
}
