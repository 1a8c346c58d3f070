// The mock's store: plain JSON tables, so the whole database persists as one localStorage value.
import { replay } from '../domain/ledger';
import { findInstrument, isCurrency } from '../domain/market';
import { toEntry } from '../contract/figures';
import { SHARES_ONLY } from '../contract/pricing';
import type { KeptRequest } from '../contract/idempotency';
import type {
  Attempts,
  EventDraft,
  EventFacts,
  EventRow,
  ImportBatchRow,
  InvestmentRow,
  ManualPriceRow,
  NewInvestment,
  PortfolioRow,
  RememberToken,
  ResetToken,
  Session,
  Store,
  UserRow,
} from '../contract/store';

/** Versions are not stored: each load of the tables starts them afresh (see `versionOf`). */
export type StoredInvestment = Omit<InvestmentRow, 'version'>;

export interface Tables {
  users: UserRow[];
  portfolios: PortfolioRow[];
  investments: StoredInvestment[];
  events: EventRow[];
  /** Typed prices; absent in data kept before they existed. */
  prices?: ManualPriceRow[];
  /** `investmentId:kind:day` of dismissed provider actions; absent in older data. */
  dismissed?: string[];
  /** Committed imports; absent in older data. */
  imports?: ImportBatchRow[];
  /** Idempotency keys by `userId:key`; absent in older data. */
  requests?: Record<string, KeptRequest & { createdAt: number }>;
  sessions: Session[];
  /** "Remember me" tokens and password reset tokens, by digest; absent in older data. */
  remembered?: RememberToken[];
  /** Tokens kept before they had an owner have none, and are refused. */
  resets?: (Omit<ResetToken, 'userId'> & { userId?: number })[];
  attempts: Record<string, Attempts>;
  nextId: number;
}

export const emptyTables = (): Tables => ({
  users: [],
  portfolios: [],
  investments: [],
  events: [],
  prices: [],
  sessions: [],
  attempts: {},
  nextId: 1,
});

/** The browser keeps one cookie jar; a few sessions are plenty (old tabs, expired ones). */
const MAX_SESSIONS = 20;

/** Investment versions never repeat within the page, whichever tables they belong to. */
let lastVersion = 0;

/** The store port over plain tables; `changed` hears of every write, for persistence. */
export class MemoryStore implements Store {
  private queue: Promise<unknown> = Promise.resolve();
  /** Per tables object: another tab's write or a demo reset replaces the tables, and with them every version. */
  private readonly versions = new WeakMap<Tables, Map<number, number>>();

  constructor(
    public tables: Tables,
    private readonly changed: () => void = () => {},
  ) {}

  private write<T>(value: T): Promise<T> {
    this.changed();
    return Promise.resolve(value);
  }

  private nextId(): number {
    return this.tables.nextId++;
  }

  private versionsOfTables(): Map<number, number> {
    let versions = this.versions.get(this.tables);
    if (!versions) {
      versions = new Map();
      this.versions.set(this.tables, versions);
    }
    return versions;
  }

  private versionOf(investmentId: number): number {
    const versions = this.versionsOfTables();
    let version = versions.get(investmentId);
    if (version === undefined) {
      version = ++lastVersion;
      versions.set(investmentId, version);
    }
    return version;
  }

  private eventsChanged(investmentId: number): void {
    this.versionsOfTables().set(investmentId, ++lastVersion);
  }

  userById(id: number) {
    return Promise.resolve(this.tables.users.find((u) => u.id === id));
  }

  userByEmail(email: string) {
    const wanted = email.toLowerCase();
    return Promise.resolve(this.tables.users.find((u) => u.email.toLowerCase() === wanted));
  }

  createUser(user: Omit<UserRow, 'id'>) {
    const row = { ...user, id: this.nextId() };
    this.tables.users.push(row);
    return this.write(row);
  }

  updateUser(user: UserRow) {
    this.tables.users = this.tables.users.map((u) => (u.id === user.id ? { ...user } : u));
    return this.write(undefined);
  }

  portfolios(userId: number) {
    return Promise.resolve(this.tables.portfolios.filter((p) => p.userId === userId));
  }

  createPortfolio(portfolio: Omit<PortfolioRow, 'id'>) {
    const row = { ...portfolio, id: this.nextId() };
    this.tables.portfolios.push(row);
    return this.write(row);
  }

  renamePortfolio(id: number, name: string) {
    const row = this.tables.portfolios.find((p) => p.id === id);
    if (row) row.name = name;
    return this.write(undefined);
  }

  investments(userId: number) {
    return Promise.resolve(
      this.tables.investments
        .filter((i) => i.userId === userId)
        .map((i): InvestmentRow => ({
          ...i,
          listing: i.listing ?? null,
          version: this.versionOf(i.id),
        })),
    );
  }

  investmentVersion(id: number) {
    const found = this.tables.investments.some((i) => i.id === id);
    return Promise.resolve(found ? this.versionOf(id) : undefined);
  }

  createInvestment(investment: NewInvestment, first: EventFacts) {
    const row = { ...investment, listing: investment.listing ?? null, id: this.nextId() };
    this.tables.investments.push(row);
    this.tables.events.push({ ...first, investmentId: row.id, id: this.nextId() });
    return this.write<InvestmentRow>({ ...row, version: this.versionOf(row.id) });
  }

  renameInvestment(id: number, name: string) {
    const row = this.tables.investments.find((i) => i.id === id);
    if (row) row.name = name;
    return this.write(undefined);
  }

  setListing(id: number, listing: string | null) {
    const row = this.tables.investments.find((i) => i.id === id);
    if (row) row.listing = listing;
    this.eventsChanged(id);
    return this.write(undefined);
  }

  deleteInvestment(id: number) {
    this.tables.events = this.tables.events.filter((e) => e.investmentId !== id);
    this.tables.prices = this.tables.prices?.filter((p) => p.investmentId !== id);
    this.tables.investments = this.tables.investments.filter((i) => i.id !== id);
    return this.write(undefined);
  }

  deletePortfolio(id: number) {
    const held = new Set(
      this.tables.investments.filter((i) => i.portfolioId === id).map((i) => i.id),
    );
    this.tables.events = this.tables.events.filter((e) => !held.has(e.investmentId));
    this.tables.prices = this.tables.prices?.filter((p) => !held.has(p.investmentId));
    this.tables.investments = this.tables.investments.filter((i) => !held.has(i.id));
    this.tables.portfolios = this.tables.portfolios.filter((p) => p.id !== id);
    return this.write(undefined);
  }

  events(investmentIds: readonly number[]) {
    const wanted = new Set(investmentIds);
    return Promise.resolve(this.tables.events.filter((e) => wanted.has(e.investmentId)));
  }

  event(id: number) {
    return Promise.resolve(this.tables.events.find((e) => e.id === id));
  }

  addEvent(event: EventDraft) {
    const row: EventRow = { ...event, id: this.nextId() };
    this.tables.events.push(row);
    this.eventsChanged(row.investmentId);
    return this.write(row);
  }

  updateEvent(event: EventRow) {
    this.tables.events = this.tables.events.map((e) => (e.id === event.id ? { ...event } : e));
    this.eventsChanged(event.investmentId);
    return this.write(undefined);
  }

  deleteEvent(id: number) {
    const deleted = this.tables.events.find((e) => e.id === id);
    this.tables.events = this.tables.events.filter((e) => e !== deleted);
    if (deleted) this.eventsChanged(deleted.investmentId);
    return this.write(undefined);
  }

  addEvents(events: readonly EventDraft[]) {
    for (const event of events) {
      this.tables.events.push({ ...event, id: this.nextId() });
      this.eventsChanged(event.investmentId);
    }
    return this.write(undefined);
  }

  externalIds(portfolioIds: readonly number[]) {
    const wanted = new Set(portfolioIds);
    return Promise.resolve(
      this.tables.events.flatMap(({ origin }) =>
        origin?.externalId !== undefined && wanted.has(origin.portfolioId)
          ? [
              {
                portfolioId: origin.portfolioId,
                source: origin.source,
                externalId: origin.externalId,
              },
            ]
          : [],
      ),
    );
  }

  imports(userId: number) {
    const held = new Map<number, number>();
    for (const { origin } of this.tables.events)
      if (origin) held.set(origin.batchId, (held.get(origin.batchId) ?? 0) + 1);
    return Promise.resolve(
      (this.tables.imports ?? [])
        .filter((batch) => batch.userId === userId)
        // Data kept before accounts were has none.
        .map((batch) => ({
          ...structuredClone(batch),
          account: batch.account ?? null,
          events: held.get(batch.id) ?? 0,
        })),
    );
  }

  createImport(batch: Omit<ImportBatchRow, 'id'>) {
    const row = { ...structuredClone(batch), id: this.nextId() };
    (this.tables.imports ??= []).push(row);
    return this.write(structuredClone(row));
  }

  setImportCreated(id: number, created: ImportBatchRow['created']) {
    const row = this.tables.imports?.find((batch) => batch.id === id);
    if (row) row.created = structuredClone(created);
    return this.write(undefined);
  }

  importEvents(id: number) {
    return Promise.resolve(this.tables.events.filter((e) => e.origin?.batchId === id));
  }

  deleteImport(id: number) {
    for (const event of this.tables.events)
      if (event.origin?.batchId === id) this.eventsChanged(event.investmentId);
    this.tables.events = this.tables.events.filter((e) => e.origin?.batchId !== id);
    this.tables.imports = this.tables.imports?.filter((batch) => batch.id !== id);
    return this.write(undefined);
  }

  manualPrices(investmentIds: readonly number[]) {
    const wanted = new Set(investmentIds);
    return Promise.resolve(
      (this.tables.prices ?? [])
        .filter((p) => wanted.has(p.investmentId))
        .sort((a, b) => a.investmentId - b.investmentId || a.day.localeCompare(b.day))
        .map((p) => ({ ...p })),
    );
  }

  saveManualPrice(price: ManualPriceRow) {
    const others = (this.tables.prices ?? []).filter(
      (p) => !(p.investmentId === price.investmentId && p.day === price.day),
    );
    this.tables.prices = [...others, { ...price }];
    this.eventsChanged(price.investmentId);
    return this.write(undefined);
  }

  deleteManualPrice(investmentId: number, day: string) {
    const before = this.tables.prices ?? [];
    this.tables.prices = before.filter((p) => !(p.investmentId === investmentId && p.day === day));
    const deleted = this.tables.prices.length < before.length;
    if (deleted) this.eventsChanged(investmentId);
    return this.write(deleted);
  }

  dismissedActions(investmentId: number) {
    const prefix = `${investmentId}:`;
    return Promise.resolve(
      (this.tables.dismissed ?? [])
        .filter((d) => d.startsWith(prefix))
        .map((d) => d.slice(prefix.length)),
    );
  }

  dismissAction(investmentId: number, kind: 'split' | 'dividend', day: string) {
    const key = `${investmentId}:${kind}:${day}`;
    const dismissed = this.tables.dismissed ?? [];
    if (!dismissed.includes(key)) this.tables.dismissed = [...dismissed, key];
    return this.write(undefined);
  }

  claimRequest(
    userId: number,
    key: string,
    fingerprint: string,
    now: number,
    expiredBefore: number,
    leaseUntil: number,
  ) {
    const requests = (this.tables.requests ??= {});
    const id = `${userId}:${key}`;
    const kept = requests[id];
    if (kept && kept.createdAt >= expiredBefore) {
      const lapsed =
        kept.status === null &&
        !kept.saved &&
        kept.fingerprint === fingerprint &&
        (kept.lockedUntil ?? 0) < now;
      if (!lapsed) return Promise.resolve<KeptRequest | undefined>({ ...kept });
      kept.lockedUntil = leaseUntil;
      return this.write<KeptRequest | undefined>(undefined);
    }
    requests[id] = {
      fingerprint,
      status: null,
      body: null,
      createdAt: now,
      lockedUntil: leaseUntil,
    };
    return this.write<KeptRequest | undefined>(undefined);
  }

  renewClaim(userId: number, key: string, leaseUntil: number) {
    const kept = this.tables.requests?.[`${userId}:${key}`];
    if (kept?.status === null) kept.lockedUntil = leaseUntil;
    return this.write(undefined);
  }

  /**
   * Itself: a demo claim outlives its request only when the page closes mid-request, and the
   * page's keys (in its memory) go with it, so no retry comes to run the write again.
   */
  forClaim(): Store {
    return this;
  }

  keepAnswer(userId: number, key: string, status: number, body: string | null) {
    const kept = this.tables.requests?.[`${userId}:${key}`];
    if (kept) Object.assign(kept, { status, body });
    return this.write(undefined);
  }

  releaseRequest(userId: number, key: string) {
    if (this.tables.requests) delete this.tables.requests[`${userId}:${key}`];
    return this.write(undefined);
  }

  session(id: string) {
    const found = this.tables.sessions.find((s) => s.id === id);
    return Promise.resolve(found && { ...found });
  }

  saveSession(session: Session) {
    const others = this.tables.sessions.filter((s) => s.id !== session.id);
    this.tables.sessions = [...others.slice(-(MAX_SESSIONS - 1)), { ...session }];
    return this.write(undefined);
  }

  deleteSession(id: string) {
    this.tables.sessions = this.tables.sessions.filter((s) => s.id !== id);
    return this.write(undefined);
  }

  deleteUserSessions(userId: number, keep: string) {
    this.tables.sessions = this.tables.sessions.filter((s) => s.userId !== userId || s.id === keep);
    return this.write(undefined);
  }

  pruneSessions(before: number) {
    this.tables.sessions = this.tables.sessions.filter((s) => s.lastSeen >= before);
    return this.write(undefined);
  }

  saveRememberToken(token: RememberToken) {
    this.tables.remembered = [...(this.tables.remembered ?? []), { ...token }];
    return this.write(undefined);
  }

  useRememberToken(hash: string, now: number) {
    const found = this.tables.remembered?.find((t) => t.hash === hash);
    if (!found) return Promise.resolve(undefined);
    found.usedAt ??= now;
    return this.write({ ...found });
  }

  deleteRememberToken(hash: string) {
    this.tables.remembered = this.tables.remembered?.filter((t) => t.hash !== hash);
    return this.write(undefined);
  }

  deleteUserRememberTokens(userId: number) {
    this.tables.remembered = this.tables.remembered?.filter((t) => t.userId !== userId);
    return this.write(undefined);
  }

  pruneRememberTokens(expiredBefore: number, usedBefore: number) {
    this.tables.remembered = this.tables.remembered?.filter(
      (t) => t.expiresAt >= expiredBefore && (t.usedAt === null || t.usedAt >= usedBefore),
    );
    return this.write(undefined);
  }

  saveResetToken(token: ResetToken) {
    const others = (this.tables.resets ?? []).filter(
      (t) => t.email !== token.email && t.userId !== token.userId,
    );
    this.tables.resets = [...others, { ...token }];
    return this.write(undefined);
  }

  takeResetToken(email: string, hash: string) {
    const found = this.tables.resets?.find((t) => t.email === email && t.hash === hash);
    if (!found) return Promise.resolve(undefined);
    this.tables.resets = this.tables.resets?.filter((t) => t !== found);
    const { userId, ...rest } = found;
    return this.write(userId === undefined ? undefined : { ...rest, userId });
  }

  deleteUserResetTokens(userId: number) {
    this.tables.resets = this.tables.resets?.filter((t) => t.userId !== userId);
    return this.write(undefined);
  }

  attempts(key: string) {
    return Promise.resolve(this.tables.attempts[key]);
  }

  hitAttempt(key: string, now: number, windowMs: number) {
    const current = this.tables.attempts[key];
    const hit: Attempts =
      current && current.resetAt > now
        ? { count: current.count + 1, resetAt: current.resetAt }
        : { count: 1, resetAt: now + windowMs };
    this.tables.attempts[key] = hit;
    return this.write({ ...hit });
  }

  clearAttempts(key: string) {
    delete this.tables.attempts[key];
    return this.write(undefined);
  }

  /** Queued as `exclusive`; a failure puts the tables back as they were. */
  transaction<T>(_portfolioIds: readonly number[], work: (store: Store) => Promise<T>): Promise<T> {
    const result = this.queue.then(async () => {
      const before = structuredClone(this.tables);
      try {
        return await work(this);
      } catch (error) {
        this.tables = before;
        this.changed();
        throw error;
      }
    });
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** One write at a time, as the awaits of two requests could otherwise interleave. */
  exclusive<T>(_investmentId: number, work: (store: Store) => Promise<T>): Promise<T> {
    const result = this.queue.then(() => work(this));
    this.queue = result.catch(() => undefined);
    return result;
  }
}

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
  { kind: 'empty' } | { kind: 'loaded'; tables: Tables } | { kind: 'unreadable' };

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
const isPortfolio = fields({ id: isNum, userId: isNum, name: isStr });
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
});

function isStored(v: unknown): v is Stored {
  return isObject(v) && v.version === VERSION && isTables(v.tables);
}
