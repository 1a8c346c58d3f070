// The store port over SQL: one set of Kysely queries for SQLite and PostgreSQL.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { KeptRequest } from '../../contract/idempotency';
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
} from '../../contract/store';
import type {
  Database,
  EventsTable,
  ImportsTable,
  InvestmentsTable,
  PortfoliosTable,
  SqlDialect,
  UsersTable,
} from './schema';
import { isDatabaseUnavailable } from './connect';

/** Ids per `in (…)` list: far below both databases' limits on bound parameters. */
const IN_LIST_CHUNK = 500;
/** Events per insert: 20 columns each stays far below SQLite's 32,766 bound parameters. */
const EVENT_CHUNK = 500;

export class SqlStore implements Store {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: SqlDialect,
    /** Set by `forClaim`: the idempotency claim each write marks saved. */
    private readonly claim?: { userId: number; key: string },
  ) {}

  forClaim(userId: number, key: string): Store {
    return new SqlStore(this.db, this.dialect, { userId, key });
  }

  /**
   * A write of the user's records, in a transaction when `whole`; a claimed request's write
   * (`forClaim`) always, with its claim marked saved in it.
   */
  private write<T>(work: (db: Kysely<Database>) => Promise<T>, whole = false): Promise<T> {
    const claim = this.claim;
    if (!claim) return whole ? this.inTransaction(work) : work(this.db);
    return this.inTransaction(async (db) => {
      const result = await work(db);
      await db
        .updateTable('idempotency_keys')
        .set({ saved: 1 })
        .where('user_id', '=', claim.userId)
        .where('key', '=', claim.key)
        .execute();
      return result;
    });
  }

  async userById(id: number): Promise<UserRow | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toUser(row);
  }

  async userByEmail(email: string): Promise<UserRow | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    return row && toUser(row);
  }

  async createUser(user: Omit<UserRow, 'id'>): Promise<UserRow> {
    const row = await this.write((db) =>
      db
        .insertInto('users')
        .values({
          name: user.name,
          email: user.email.toLowerCase(),
          password_hash: user.passwordHash,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    return toUser(row);
  }

  async updateUser(user: UserRow): Promise<void> {
    await this.write((db) =>
      db
        .updateTable('users')
        .set({ name: user.name, email: user.email.toLowerCase(), password_hash: user.passwordHash })
        .where('id', '=', user.id)
        .execute(),
    );
  }

  async portfolios(userId: number): Promise<PortfolioRow[]> {
    const rows = await this.db
      .selectFrom('portfolios')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map(toPortfolio);
  }

  async createPortfolio(portfolio: Omit<PortfolioRow, 'id'>): Promise<PortfolioRow> {
    const row = await this.write((db) =>
      db
        .insertInto('portfolios')
        .values({ user_id: portfolio.userId, name: portfolio.name })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    return toPortfolio(row);
  }

  async renamePortfolio(id: number, name: string): Promise<void> {
    await this.write((db) =>
      db.updateTable('portfolios').set({ name }).where('id', '=', id).execute(),
    );
  }

  async investments(userId: number): Promise<InvestmentRow[]> {
    const rows = await this.db
      .selectFrom('investments')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map(toInvestment);
  }

  async investmentVersion(id: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('investments')
      .select('version')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.version;
  }

  createInvestment(investment: NewInvestment, first: EventFacts): Promise<InvestmentRow> {
    return this.write(async (db) => {
      const row = await db
        .insertInto('investments')
        .values({
          user_id: investment.userId,
          portfolio_id: investment.portfolioId,
          name: investment.name,
          type: investment.type,
          code: investment.code,
          listing: investment.listing ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await db
        .insertInto('events')
        .values(toEventColumns({ ...first, investmentId: row.id }))
        .execute();
      // The event's trigger has raised the version since the row was inserted.
      const { version } = await db
        .selectFrom('investments')
        .select('version')
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      return { ...toInvestment(row), version };
    }, true);
  }

  async renameInvestment(id: number, name: string): Promise<void> {
    await this.write((db) =>
      db.updateTable('investments').set({ name }).where('id', '=', id).execute(),
    );
  }

  async setListing(id: number, listing: string | null): Promise<void> {
    // The version too: the investment's prices come from elsewhere now.
    await this.write((db) =>
      db
        .updateTable('investments')
        .set((eb) => ({ listing, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .execute(),
    );
  }

  deleteInvestment(id: number): Promise<void> {
    return this.write(async (db) => {
      await db.deleteFrom('manual_prices').where('investment_id', '=', id).execute();
      await db.deleteFrom('dismissed_actions').where('investment_id', '=', id).execute();
      await db.deleteFrom('events').where('investment_id', '=', id).execute();
      await db.deleteFrom('investments').where('id', '=', id).execute();
    }, true);
  }

  deletePortfolio(id: number): Promise<void> {
    return this.write(async (db) => {
      const held = db.selectFrom('investments').select('id').where('portfolio_id', '=', id);
      await db.deleteFrom('manual_prices').where('investment_id', 'in', held).execute();
      await db.deleteFrom('dismissed_actions').where('investment_id', 'in', held).execute();
      await db.deleteFrom('events').where('investment_id', 'in', held).execute();
      await db.deleteFrom('investments').where('portfolio_id', '=', id).execute();
      await db.deleteFrom('portfolios').where('id', '=', id).execute();
    }, true);
  }

  async events(investmentIds: readonly number[]): Promise<EventRow[]> {
    const ids = [...new Set(investmentIds)];
    let rows: Selectable<EventsTable>[] = [];
    for (let start = 0; start < ids.length; start += IN_LIST_CHUNK) {
      const chunk = ids.slice(start, start + IN_LIST_CHUNK);
      // concat, not push(...): a spread of 200k rows overflows the call stack.
      rows = rows.concat(
        await this.db
          .selectFrom('events')
          .selectAll()
          .where('investment_id', 'in', chunk)
          .orderBy('id')
          .execute(),
      );
    }
    // Chunks are each in order; across chunks the ids interleave.
    if (ids.length > IN_LIST_CHUNK) rows.sort((a, b) => a.id - b.id);
    return rows.map(toEvent);
  }

  async event(id: number): Promise<EventRow | undefined> {
    const row = await this.db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toEvent(row);
  }

  // The database's triggers raise the investment's version with every write of its events.
  async addEvent(event: EventDraft): Promise<EventRow> {
    const row = await this.write((db) =>
      db
        .insertInto('events')
        .values(toEventColumns(event))
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    return toEvent(row);
  }

  async updateEvent(event: EventRow): Promise<void> {
    await this.write((db) =>
      db.updateTable('events').set(toEventColumns(event)).where('id', '=', event.id).execute(),
    );
  }

  async deleteEvent(id: number): Promise<void> {
    await this.write((db) => db.deleteFrom('events').where('id', '=', id).execute());
  }

  async addEvents(events: readonly EventDraft[]): Promise<void> {
    // One statement per chunk: both databases bind well under their parameter limits.
    await this.write(async (db) => {
      for (let start = 0; start < events.length; start += EVENT_CHUNK)
        await db
          .insertInto('events')
          .values(events.slice(start, start + EVENT_CHUNK).map(toEventColumns))
          .execute();
    });
  }

  async externalIds(portfolioIds: readonly number[]) {
    if (portfolioIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('events')
      .select(['external_portfolio_id', 'source', 'external_id'])
      .where('external_portfolio_id', 'in', [...portfolioIds])
      .where('external_id', 'is not', null)
      .execute();
    return rows.map((row) => ({
      portfolioId: Number(row.external_portfolio_id),
      source: String(row.source),
      externalId: String(row.external_id),
    }));
  }

  async imports(userId: number): Promise<(ImportBatchRow & { events: number })[]> {
    const rows = await this.db
      .selectFrom('imports')
      .selectAll('imports')
      .select((eb) =>
        eb
          .selectFrom('events')
          .select((count) => count.fn.countAll<number | string>().as('held'))
          .whereRef('events.import_id', '=', 'imports.id')
          .as('held'),
      )
      .where('imports.user_id', '=', userId)
      .orderBy('imports.id')
      .execute();
    return rows.map((row) => ({ ...toImport(row), events: Number(row.held ?? 0) }));
  }

  async createImport(batch: Omit<ImportBatchRow, 'id'>): Promise<ImportBatchRow> {
    const row = await this.write((db) =>
      db
        .insertInto('imports')
        .values({
          user_id: batch.userId,
          portfolio_id: batch.portfolioId,
          source: batch.source,
          file_name: batch.fileName,
          account: batch.account,
          created_at: batch.createdAt,
          ...batch.counts,
          created: JSON.stringify(batch.created),
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    return toImport(row);
  }

  async setImportCreated(id: number, created: ImportBatchRow['created']): Promise<void> {
    await this.write((db) =>
      db
        .updateTable('imports')
        .set({ created: JSON.stringify(created) })
        .where('id', '=', id)
        .execute(),
    );
  }

  async importEvents(id: number): Promise<EventRow[]> {
    const rows = await this.db
      .selectFrom('events')
      .selectAll()
      .where('import_id', '=', id)
      .orderBy('id')
      .execute();
    return rows.map(toEvent);
  }

  deleteImport(id: number): Promise<void> {
    return this.write(async (db) => {
      await db.deleteFrom('events').where('import_id', '=', id).execute();
      await db.deleteFrom('imports').where('id', '=', id).execute();
    }, true);
  }

  async manualPrices(investmentIds: readonly number[]): Promise<ManualPriceRow[]> {
    const ids = [...new Set(investmentIds)];
    let rows: ManualPriceRow[] = [];
    for (let start = 0; start < ids.length; start += IN_LIST_CHUNK) {
      const found = await this.db
        .selectFrom('manual_prices')
        .selectAll()
        .where('investment_id', 'in', ids.slice(start, start + IN_LIST_CHUNK))
        .orderBy('investment_id')
        .orderBy('day')
        .execute();
      rows = rows.concat(
        found.map((row) => ({
          investmentId: row.investment_id,
          day: row.day,
          price: String(row.price),
          currency: row.currency,
        })),
      );
    }
    return rows;
  }

  saveManualPrice(price: ManualPriceRow): Promise<void> {
    return this.write(async (db) => {
      await db
        .insertInto('manual_prices')
        .values({
          investment_id: price.investmentId,
          day: price.day,
          price: price.price,
          currency: price.currency,
        })
        .onConflict((oc) =>
          oc.columns(['investment_id', 'day']).doUpdateSet((eb) => ({
            price: eb.ref('excluded.price'),
            currency: eb.ref('excluded.currency'),
          })),
        )
        .execute();
      await raiseVersion(db, price.investmentId);
    }, true);
  }

  deleteManualPrice(investmentId: number, day: string): Promise<boolean> {
    return this.write(async (db) => {
      const { numDeletedRows } = await db
        .deleteFrom('manual_prices')
        .where('investment_id', '=', investmentId)
        .where('day', '=', day)
        .executeTakeFirst();
      if (numDeletedRows === 0n) return false;
      await raiseVersion(db, investmentId);
      return true;
    }, true);
  }

  async dismissedActions(investmentId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('dismissed_actions')
      .select(['kind', 'day'])
      .where('investment_id', '=', investmentId)
      .execute();
    return rows.map((row) => `${row.kind}:${row.day}`);
  }

  async dismissAction(investmentId: number, kind: 'split' | 'dividend', day: string) {
    await this.write((db) =>
      db
        .insertInto('dismissed_actions')
        .values({ investment_id: investmentId, kind, day })
        .onConflict((oc) => oc.columns(['investment_id', 'day', 'kind']).doNothing())
        .execute(),
    );
  }

  claimRequest(
    userId: number,
    key: string,
    fingerprint: string,
    now: number,
    expiredBefore: number,
    leaseUntil: number,
  ): Promise<KeptRequest | undefined> {
    return this.inTransaction(async (db) => {
      // A key older than a day is free again, and every expired one goes with it.
      await db.deleteFrom('idempotency_keys').where('created_at', '<', expiredBefore).execute();
      const claimed = await db
        .insertInto('idempotency_keys')
        .values({
          user_id: userId,
          key,
          fingerprint,
          status: null,
          body: null,
          created_at: now,
          locked_until: leaseUntil,
        })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) > 0) return undefined;
      // One statement: on PostgreSQL a second taker waits for the first's row lock, then finds
      // the lease taken.
      const taken = await db
        .updateTable('idempotency_keys')
        .set({ locked_until: leaseUntil })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('fingerprint', '=', fingerprint)
        .where('status', 'is', null)
        .where('saved', '=', 0)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) > 0) return undefined;
      const kept = await db
        .selectFrom('idempotency_keys')
        .select(['fingerprint', 'status', 'body', 'locked_until', 'saved'])
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();
      return (
        kept && {
          fingerprint: kept.fingerprint,
          status: kept.status,
          body: kept.body,
          lockedUntil: kept.locked_until === null ? null : Number(kept.locked_until),
          saved: kept.saved === 1,
        }
      );
    });
  }

  async renewClaim(userId: number, key: string, leaseUntil: number): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ locked_until: leaseUntil })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('status', 'is', null)
      .execute();
  }

  // Keeping or releasing a key ends a request's claim; left undone, the key answers 409 "still
  // running" for a day. Both are single idempotent statements, tried again on a dead connection.
  keepAnswer(userId: number, key: string, status: number, body: string | null) {
    return onLiveConnection(async () => {
      await this.db
        .updateTable('idempotency_keys')
        .set({ status, body })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
    });
  }

  releaseRequest(userId: number, key: string) {
    return onLiveConnection(async () => {
      await this.db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
    });
  }

  async session(id: string): Promise<Session | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { id: row.id, token: row.token, userId: row.user_id, lastSeen: row.last_seen };
  }

  async saveSession(session: Session): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        id: session.id,
        token: session.token,
        user_id: session.userId,
        last_seen: session.lastSeen,
      })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          token: eb.ref('excluded.token'),
          user_id: eb.ref('excluded.user_id'),
          last_seen: eb.ref('excluded.last_seen'),
        })),
      )
      .execute();
  }

  async deleteSession(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  async deleteUserSessions(userId: number, keep: string): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('id', '!=', keep)
      .execute();
  }

  async pruneSessions(before: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('last_seen', '<', before).execute();
  }

  async saveRememberToken(token: RememberToken): Promise<void> {
    await this.db
      .insertInto('remember_tokens')
      .values({
        hash: token.hash,
        user_id: token.userId,
        expires_at: token.expiresAt,
        used_at: token.usedAt,
      })
      .execute();
  }

  async useRememberToken(hash: string, now: number): Promise<RememberToken | undefined> {
    const row = await this.db
      .updateTable('remember_tokens')
      .set((eb) => ({ used_at: eb.fn.coalesce('used_at', eb.val(now)) }))
      .where('hash', '=', hash)
      .returning(['user_id', 'expires_at', 'used_at'])
      .executeTakeFirst();
    return (
      row && {
        hash,
        userId: row.user_id,
        expiresAt: Number(row.expires_at),
        usedAt: row.used_at === null ? null : Number(row.used_at),
      }
    );
  }

  async deleteRememberToken(hash: string): Promise<void> {
    await this.db.deleteFrom('remember_tokens').where('hash', '=', hash).execute();
  }

  async deleteUserRememberTokens(userId: number): Promise<void> {
    await this.db.deleteFrom('remember_tokens').where('user_id', '=', userId).execute();
  }

  async pruneRememberTokens(expiredBefore: number, usedBefore: number): Promise<void> {
    await this.db
      .deleteFrom('remember_tokens')
      .where((eb) => eb.or([eb('expires_at', '<', expiredBefore), eb('used_at', '<', usedBefore)]))
      .execute();
  }

  saveResetToken(token: ResetToken): Promise<void> {
    return this.inTransaction(async (db) => {
      await db.deleteFrom('password_reset_tokens').where('user_id', '=', token.userId).execute();
      await db
        .insertInto('password_reset_tokens')
        .values({
          user_id: token.userId,
          email: token.email,
          hash: token.hash,
          created_at: token.createdAt,
        })
        .onConflict((oc) =>
          oc.column('email').doUpdateSet((eb) => ({
            user_id: eb.ref('excluded.user_id'),
            hash: eb.ref('excluded.hash'),
            created_at: eb.ref('excluded.created_at'),
          })),
        )
        .execute();
    });
  }

  async takeResetToken(email: string, hash: string): Promise<ResetToken | undefined> {
    const row = await this.db
      .deleteFrom('password_reset_tokens')
      .where('email', '=', email)
      .where('hash', '=', hash)
      .returning(['user_id', 'created_at'])
      .executeTakeFirst();
    return row?.user_id == null
      ? undefined
      : { userId: row.user_id, email, hash, createdAt: Number(row.created_at) };
  }

  async deleteUserResetTokens(userId: number): Promise<void> {
    await this.db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
  }

  async attempts(key: string): Promise<Attempts | undefined> {
    const row = await this.db
      .selectFrom('login_attempts')
      .select(['count', 'reset_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    return row && { count: row.count, resetAt: row.reset_at };
  }

  /** One statement, so parallel attempts on either database each count. */
  async hitAttempt(key: string, now: number, windowMs: number): Promise<Attempts> {
    const row = await this.db
      .insertInto('login_attempts')
      .values({ key, count: 1, reset_at: now + windowMs })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => {
          const ended = eb('login_attempts.reset_at', '<=', now);
          return {
            count: eb
              .case()
              .when(ended)
              .then(1)
              .else(eb('login_attempts.count', '+', 1))
              .end(),
            reset_at: eb
              .case()
              .when(ended)
              .then(now + windowMs)
              .else(eb.ref('login_attempts.reset_at'))
              .end(),
          };
        }),
      )
      .returning(['count', 'reset_at'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), resetAt: Number(row.reset_at) };
  }

  async clearAttempts(key: string): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('key', '=', key).execute();
  }

  /**
   * A transaction around `work`. PostgreSQL serialises on the investment's row lock; SQLite
   * needs nothing more, as Kysely's SQLite driver holds its one connection for the whole
   * transaction, so every other query waits.
   */
  exclusive<T>(investmentId: number, work: (store: Store) => Promise<T>): Promise<T> {
    return this.inTransaction(async (db) => {
      if (this.dialect === 'postgres') {
        await db
          .selectFrom('investments')
          .select('id')
          .where('id', '=', investmentId)
          .forUpdate()
          .execute();
      }
      return work(db === this.db ? this : new SqlStore(db, this.dialect, this.claim));
    });
  }

  /**
   * PostgreSQL locks the portfolios' rows and their investments' (in id order, as `exclusive`
   * locks one), so event calls and other imports to them wait; SQLite's one connection is held.
   */
  transaction<T>(portfolioIds: readonly number[], work: (store: Store) => Promise<T>): Promise<T> {
    return this.inTransaction(async (db) => {
      if (this.dialect === 'postgres' && portfolioIds.length > 0) {
        const ids = [...portfolioIds];
        await db
          .selectFrom('portfolios')
          .select('id')
          .where('id', 'in', ids)
          .orderBy('id')
          .forUpdate()
          .execute();
        await db
          .selectFrom('investments')
          .select('id')
          .where('portfolio_id', 'in', ids)
          .orderBy('id')
          .forUpdate()
          .execute();
      }
      return work(db === this.db ? this : new SqlStore(db, this.dialect, this.claim));
    });
  }

  /** Runs in the current transaction if there is one: Kysely cannot nest them. */
  private inTransaction<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
  }
}

/** How often a statement is tried when its pooled connection turns out dead. */
const STATEMENT_TRIES = 4;

/**
 * Runs one idempotent statement, again when the pool handed out a connection that died while
 * idle (PostgreSQL ended it): that is found out only by using it, and the pool then drops it.
 * A database that is really away fails every try, and the error goes on as before.
 */
async function onLiveConnection(statement: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      if (attempt >= STATEMENT_TRIES || !isDatabaseUnavailable(error)) throw error;
    }
  }
}

/** Typed prices value the investment too, so its cached replay must go. */
async function raiseVersion(db: Kysely<Database>, investmentId: number): Promise<void> {
  await db
    .updateTable('investments')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', investmentId)
    .execute();
}

const toUser = (row: Selectable<UsersTable>): UserRow => ({
  id: row.id,
  name: row.name,
  email: row.email,
  passwordHash: row.password_hash,
});

const toPortfolio = (row: Selectable<PortfoliosTable>): PortfolioRow => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
});

const toInvestment = (row: Selectable<InvestmentsTable>): InvestmentRow => ({
  id: row.id,
  userId: row.user_id,
  portfolioId: row.portfolio_id,
  name: row.name,
  type: row.type,
  code: row.code,
  listing: row.listing,
  version: row.version,
});

/** A kind's column; the schema's check constraint makes null impossible, this says so if not. */
function fact<T>(row: Selectable<EventsTable>, column: keyof EventsTable, value: T | null): T {
  if (value === null) throw new Error(`Event ${row.id} (${row.kind}) has no ${column}`);
  return value;
}

const toImport = (row: Selectable<ImportsTable>): ImportBatchRow => ({
  id: row.id,
  userId: row.user_id,
  portfolioId: row.portfolio_id,
  source: row.source,
  fileName: row.file_name,
  account: row.account,
  createdAt: Number(row.created_at),
  counts: {
    imported: row.imported,
    duplicates: row.duplicates,
    skipped: row.skipped,
    errors: row.errors,
  },
  created: JSON.parse(row.created) as ImportBatchRow['created'],
});

function toEvent(row: Selectable<EventsTable>): EventRow {
  const base = {
    id: row.id,
    investmentId: row.investment_id,
    time: row.time,
    currency: row.currency,
    ...(row.exchange_rate !== null && { exchangeRate: row.exchange_rate }),
    ...(row.import_id !== null && {
      origin: {
        batchId: row.import_id,
        source: row.source ?? '',
        portfolioId: row.external_portfolio_id ?? 0,
        ...(row.external_id !== null && { externalId: row.external_id }),
      },
    }),
    ...(row.edited === 1 && { edited: true }),
  };
  switch (row.kind) {
    case 'buy':
    case 'sell':
      return {
        ...base,
        kind: row.kind,
        shares: fact(row, 'shares', row.shares),
        price: fact(row, 'price', row.price),
        fee: fact(row, 'fee', row.fee),
      };
    case 'dividend':
      return { ...base, kind: row.kind, amount: fact(row, 'amount', row.amount) };
    case 'split':
      return {
        ...base,
        kind: row.kind,
        sharesAfter: fact(row, 'shares_after', row.shares_after),
        fee: fact(row, 'fee', row.fee),
        soldShares: fact(row, 'sold_shares', row.sold_shares),
        soldPrice: fact(row, 'sold_price', row.sold_price),
        hide: fact(row, 'hide', row.hide) === 1,
        fromShares: fact(row, 'from_shares', row.from_shares),
      };
  }
}

/** An event's columns; the others of its row are null. */
export function toEventColumns(event: EventDraft): Insertable<EventsTable> {
  const none = {
    shares: null,
    price: null,
    fee: null,
    amount: null,
    shares_after: null,
    sold_shares: null,
    sold_price: null,
    hide: null,
    from_shares: null,
  };
  const base = {
    ...none,
    investment_id: event.investmentId,
    kind: event.kind,
    time: event.time,
    currency: event.currency,
    exchange_rate: event.exchangeRate ?? null,
    import_id: event.origin?.batchId ?? null,
    source: event.origin?.source ?? null,
    external_id: event.origin?.externalId ?? null,
    // Only an external id is unique per portfolio.
    external_portfolio_id: event.origin?.externalId === undefined ? null : event.origin.portfolioId,
    edited: event.edited ? 1 : 0,
  };
  switch (event.kind) {
    case 'buy':
    case 'sell':
      return { ...base, shares: event.shares, price: event.price, fee: event.fee };
    case 'dividend':
      return { ...base, amount: event.amount };
    case 'split':
      return {
        ...base,
        shares_after: event.sharesAfter,
        fee: event.fee,
        sold_shares: event.soldShares,
        sold_price: event.soldPrice,
        hide: event.hide ? 1 : 0,
        from_shares: event.fromShares,
      };
  }
}
