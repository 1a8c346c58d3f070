// Users, sessions, "Remember me" and password reset tokens over SQL.
import type { Kysely, Selectable } from 'kysely';
import type {
  RememberToken,
  ResetToken,
  Session,
  SessionStore,
  UserRow,
  UserStore,
} from '../../../contract/store';
import type { CompiledOnce } from '../compiled-once';
import { clockValue, marketClockColumn, marketClockOf } from '../market/clock';
import type { Database, SessionsTable, UsersTable } from '../schema';
import type { SqlContext } from './context';

/**
 * The session of that id with its user and the user's version (migration 0017), and the market's
 * clock (migration 0020), in one query: what a request reads first.
 */
export async function sessionWithUser(
  queries: CompiledOnce<Database>,
  db: Kysely<Database>,
  id: string,
): Promise<
  { session: Session; user?: UserRow; version?: number; marketClock: number | null } | undefined
> {
  const [row] = await queries.rows('sessionWithUser', [id], ([value]) =>
    db
      .selectFrom('sessions')
      .leftJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id',
        'sessions.token',
        'sessions.user_id',
        'sessions.last_seen',
        'users.name',
        'users.email',
        'users.password_hash',
        'users.version',
        marketClockColumn().as('market_clock'),
      ])
      .where('sessions.id', '=', String(value)),
  );
  if (!row) return undefined;
  const session = toSession(row);
  const { user_id: userId, name, email, password_hash: passwordHash, version } = row;
  const marketClock = clockValue(row.market_clock);
  if (userId === null || name === null || email === null || passwordHash === null)
    return { session, marketClock };
  return {
    session,
    user: { id: userId, name, email, passwordHash },
    version: version ?? 0,
    marketClock,
  };
}

/**
 * Whom a start prepares (`Contract.prepare`), at most `limit`: the users of the sessions seen since
 * `since.sessions`, the most recently seen first, then of the logins since `since.logins` (epoch
 * ms), the latest first (their session has ended: a day's first visit). See `expectedSince`.
 */
export async function expectedUsers(
  db: Kysely<Database>,
  since: { sessions: number; logins: number },
  limit: number,
): Promise<number[]> {
  const sessions = await db
    .selectFrom('sessions')
    .select((eb) => ['user_id', eb.fn.max('last_seen').as('seen')])
    .where('user_id', 'is not', null)
    .where('last_seen', '>=', since.sessions)
    .groupBy('user_id')
    .orderBy('seen', 'desc')
    .limit(limit)
    .execute();
  const logins = await db
    .selectFrom('users')
    .select('id')
    .where('last_login', '>=', since.logins)
    .orderBy('last_login', 'desc')
    .limit(limit)
    .execute();
  const users = new Set<number>();
  for (const row of sessions) if (row.user_id !== null) users.add(Number(row.user_id));
  for (const row of logins) users.add(Number(row.id));
  return [...users].slice(0, limit);
}

export function sqlUsers(ctx: SqlContext): UserStore & SessionStore {
  return {
    async userById(id: number): Promise<UserRow | undefined> {
      const row = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toUser(row);
    },

    async userByEmail(email: string): Promise<UserRow | undefined> {
      const row = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst();
      return row && toUser(row);
    },

    async createUser(user: Omit<UserRow, 'id'>): Promise<UserRow> {
      const row = await ctx.write((db) =>
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
    },

    async updateUser(user: UserRow): Promise<void> {
      await ctx.write((db) =>
        db
          .updateTable('users')
          .set({
            name: user.name,
            email: user.email.toLowerCase(),
            password_hash: user.passwordHash,
          })
          .where('id', '=', user.id)
          .execute(),
      );
    },

    async session(id: string): Promise<Session | undefined> {
      const row = await ctx.db
        .selectFrom('sessions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toSession(row);
    },

    async saveSession(session: Session): Promise<void> {
      await ctx.db
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
    },

    async deleteSession(id: string): Promise<void> {
      await ctx.db.deleteFrom('sessions').where('id', '=', id).execute();
    },

    async deleteUserSessions(userId: number, keep: string): Promise<void> {
      await ctx.db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where('id', '!=', keep)
        .execute();
    },

    async pruneSessions(before: number): Promise<void> {
      await ctx.db.deleteFrom('sessions').where('last_seen', '<', before).execute();
    },

    async recordLogin(userId: number, time: number): Promise<void> {
      await ctx.db
        .updateTable('users')
        .set({ last_login: time })
        .where('id', '=', userId)
        .execute();
    },

    async saveRememberToken(token: RememberToken): Promise<void> {
      await ctx.db
        .insertInto('remember_tokens')
        .values({
          hash: token.hash,
          user_id: token.userId,
          expires_at: token.expiresAt,
          used_at: token.usedAt,
        })
        .execute();
    },

    async useRememberToken(hash: string, now: number): Promise<RememberToken | undefined> {
      const row = await ctx.db
        .updateTable('remember_tokens')
        .set((eb) => ({ used_at: eb.fn.coalesce('used_at', eb.val(now)) }))
        .where('hash', '=', hash)
        .returning(['user_id', 'expires_at', 'used_at', marketClockColumn().as('market_clock')])
        .executeTakeFirst();
      // A request that logs in by its remember cookie read no session: the clock comes from here.
      if (row) marketClockOf(ctx.db).observe(clockValue(row.market_clock));
      return (
        row && {
          hash,
          userId: row.user_id,
          expiresAt: Number(row.expires_at),
          usedAt: row.used_at === null ? null : Number(row.used_at),
        }
      );
    },

    async deleteRememberToken(hash: string): Promise<void> {
      await ctx.db.deleteFrom('remember_tokens').where('hash', '=', hash).execute();
    },

    async deleteUserRememberTokens(userId: number): Promise<void> {
      await ctx.db.deleteFrom('remember_tokens').where('user_id', '=', userId).execute();
    },

    async pruneRememberTokens(expiredBefore: number, usedBefore: number): Promise<void> {
      await ctx.db
        .deleteFrom('remember_tokens')
        .where((eb) =>
          eb.or([eb('expires_at', '<', expiredBefore), eb('used_at', '<', usedBefore)]),
        )
        .execute();
    },

    saveResetToken(token: ResetToken): Promise<void> {
      return ctx.inTransaction(async (db) => {
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
    },

    async takeResetToken(email: string, hash: string): Promise<ResetToken | undefined> {
      const row = await ctx.db
        .deleteFrom('password_reset_tokens')
        .where('email', '=', email)
        .where('hash', '=', hash)
        .returning(['user_id', 'created_at'])
        .executeTakeFirst();
      return row?.user_id == null
        ? undefined
        : { userId: row.user_id, email, hash, createdAt: Number(row.created_at) };
    },

    async deleteUserResetTokens(userId: number): Promise<void> {
      await ctx.db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
    },
  };
}

const toUser = (row: Selectable<UsersTable>): UserRow => ({
  id: row.id,
  name: row.name,
  email: row.email,
  passwordHash: row.password_hash,
});

const toSession = (row: Selectable<SessionsTable>): Session => ({
  id: row.id,
  token: row.token,
  userId: row.user_id,
  lastSeen: row.last_seen,
});
