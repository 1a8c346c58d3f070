// The demo's tables as kept in localStorage, checked whole when read back (an older app's data,
// another tab's), and whether they hang together.
import { replay } from '../../domain/ledger';
import { findInstrument, isCurrency } from '../../domain/market';
import { toEntry } from '../../contract/figures';
import { SHARES_ONLY } from '../../contract/market/pricing';
import type { Tables } from './tables';

/** Whether stored tables hang together: owners exist, instruments are known, events replay. */
export function consistent(tables: Tables): boolean {
  const users = new Set(tables.users.map((u) => u.id));
  const portfolios = new Set(tables.portfolios.filter((p) => users.has(p.userId)).map((p) => p.id));
  if (portfolios.size !== tables.portfolios.length) return false;
  const investments = new Set(
    tables.investments
      .filter((i) => portfolios.has(i.portfolioId) && findInstrument(i.type, i.code))
      .map((i) => i.id),
  );
  if (investments.size !== tables.investments.length) return false;
  if (!tables.events.every((e) => investments.has(e.investmentId) && isCurrency(e.currency)))
    return false;
  if (!(tables.cash ?? []).every((e) => portfolios.has(e.portfolioId) && isCurrency(e.currency)))
    return false;
  return tables.investments.every(
    (i) =>
      replay(
        tables.events.filter((e) => e.investmentId === i.id).map((e) => toEntry(e, SHARES_ONLY)),
      ).ok,
  );
}

export const STORAGE_KEY = 'formue-mock-db-v2';
const VERSION = 2;

interface Stored {
  version: typeof VERSION;
  tables: Tables;
}

export type Loaded =
  | { kind: 'empty' }
  | { kind: 'loaded'; tables: Tables }
  | { kind: 'unreadable' };

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
    return isStored(parsed) ? { kind: 'loaded', tables: parsed.tables } : { kind: 'unreadable' };
  } catch {
    return { kind: 'unreadable' };
  }
}

export function save(storage: Storage, tables: Tables): void {
  const stored: Stored = { version: VERSION, tables };
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

const isUser = fields({ id: isNum, name: isStr, email: isStr, passwordHash: isStr });
const isPortfolio = fields({
  id: isNum,
  userId: isNum,
  name: isStr,
  // Absent in data kept before cash existed, and on a portfolio without it.
  cash: (v) => v === undefined || isBool(v),
});
const isCashEvent = fields({
  id: isNum,
  portfolioId: isNum,
  kind: (v) => v === 'deposit' || v === 'withdrawal' || v === 'interest' || v === 'fee',
  time: isNum,
  currency: isStr,
  amount: isNum,
});
const isInvestment = fields({
  id: isNum,
  userId: isNum,
  portfolioId: isNum,
  name: isStr,
  type: (v) => v === 'stock' || v === 'crypto',
  code: isStr,
  // Absent in data kept before listings existed.
  listing: (v) => v === undefined || v === null || isStr(v),
});
const isManualPrice = fields({ investmentId: isNum, day: isStr, price: isStr, currency: isStr });
const eventBase = { id: isNum, investmentId: isNum, time: isNum, currency: isStr };
const isTrade = fields({ ...eventBase, shares: isNum, price: isNum, fee: isNum });
const isDividend = fields({
  ...eventBase,
  amount: isNum,
  withholdingTax: (v) => v === undefined || isNum(v),
});
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
const isSession = fields({
  id: isStr,
  token: isStr,
  userId: (v) => v === null || isNum(v),
  lastSeen: isNum,
});
const isAttempts = fields({ count: isNum, resetAt: isNum });
const isTables = fields({
  users: listOf(isUser),
  portfolios: listOf(isPortfolio),
  investments: listOf(isInvestment),
  events: listOf(isEvent),
  prices: (v) => v === undefined || listOf(isManualPrice)(v),
  dismissed: (v) => v === undefined || listOf(isStr)(v),
  cash: (v) => v === undefined || listOf(isCashEvent)(v),
  imports: (v) =>
    v === undefined ||
    listOf(
      fields({ id: isNum, userId: isNum, portfolioId: isNum, source: isStr, createdAt: isNum }),
    )(v),
  requests: (v) =>
    v === undefined ||
    (isObject(v) &&
      Object.values(v).every(
        fields({
          fingerprint: isStr,
          status: (x) => x === null || isNum(x),
          body: (x) => x === null || isStr(x),
          createdAt: isNum,
          lockedUntil: (x) => x === undefined || x === null || isNum(x),
          saved: (x) => x === undefined || typeof x === 'boolean',
        }),
      )),
  sessions: listOf(isSession),
  remembered: (v) =>
    v === undefined ||
    listOf(
      fields({
        hash: isStr,
        userId: isNum,
        expiresAt: isNum,
        usedAt: (x) => x === null || isNum(x),
      }),
    )(v),
  resets: (v) =>
    v === undefined ||
    listOf(
      fields({
        userId: (x) => x === undefined || isNum(x),
        email: isStr,
        hash: isStr,
        createdAt: isNum,
      }),
    )(v),
  attempts: (v) => isObject(v) && Object.values(v).every(isAttempts),
  nextId: isNum,
  benchmarks: (v) =>
    v === undefined ||
    listOf(
      fields({
        userId: isNum,
        type: (x) => x === 'stock' || x === 'crypto',
        code: isStr,
        name: isStr,
        listing: (x) => x === null || isStr(x),
      }),
    )(v),
});

function isStored(v: unknown): v is Stored {
  return isObject(v) && v.version === VERSION && isTables(v.tables);
}
