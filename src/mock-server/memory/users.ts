// Users, sessions, "Remember me" and password reset tokens in the demo's tables.
import type {
  RememberToken,
  ResetToken,
  Session,
  SessionStore,
  UserRow,
  UserStore,
} from '../../contract/store';
import type { MemoryContext } from './context';

/** The browser keeps one cookie jar; a few sessions are plenty (old tabs, expired ones). */
const MAX_SESSIONS = 20;

export function memoryUsers(ctx: MemoryContext): UserStore & SessionStore {
  return {
    userById(id: number) {
      return Promise.resolve(ctx.tables.users.find((u) => u.id === id));
    },

    userByEmail(email: string) {
      const wanted = email.toLowerCase();
      return Promise.resolve(ctx.tables.users.find((u) => u.email.toLowerCase() === wanted));
    },

    createUser(user: Omit<UserRow, 'id'>) {
      const row = { ...user, id: ctx.nextId() };
      ctx.tables.users.push(row);
      return ctx.write(row);
    },

    updateUser(user: UserRow) {
      ctx.tables.users = ctx.tables.users.map((u) => (u.id === user.id ? { ...user } : u));
      return ctx.write(undefined);
    },

    session(id: string) {
      const found = ctx.tables.sessions.find((s) => s.id === id);
      return Promise.resolve(found && { ...found });
    },

    saveSession(session: Session) {
      const others = ctx.tables.sessions.filter((s) => s.id !== session.id);
      ctx.tables.sessions = [...others.slice(-(MAX_SESSIONS - 1)), { ...session }];
      return ctx.write(undefined);
    },

    deleteSession(id: string) {
      ctx.tables.sessions = ctx.tables.sessions.filter((s) => s.id !== id);
      return ctx.write(undefined);
    },

    deleteUserSessions(userId: number, keep: string) {
      ctx.tables.sessions = ctx.tables.sessions.filter((s) => s.userId !== userId || s.id === keep);
      return ctx.write(undefined);
    },

    pruneSessions(before: number) {
      ctx.tables.sessions = ctx.tables.sessions.filter((s) => s.lastSeen >= before);
      return ctx.write(undefined);
    },

    saveRememberToken(token: RememberToken) {
      ctx.tables.remembered = [...(ctx.tables.remembered ?? []), { ...token }];
      return ctx.write(undefined);
    },

    useRememberToken(hash: string, now: number) {
      const found = ctx.tables.remembered?.find((t) => t.hash === hash);
      if (!found) return Promise.resolve(undefined);
      found.usedAt ??= now;
      return ctx.write({ ...found });
    },

    deleteRememberToken(hash: string) {
      ctx.tables.remembered = ctx.tables.remembered?.filter((t) => t.hash !== hash);
      return ctx.write(undefined);
    },

    deleteUserRememberTokens(userId: number) {
      ctx.tables.remembered = ctx.tables.remembered?.filter((t) => t.userId !== userId);
      return ctx.write(undefined);
    },

    pruneRememberTokens(expiredBefore: number, usedBefore: number) {
      ctx.tables.remembered = ctx.tables.remembered?.filter(
        (t) => t.expiresAt >= expiredBefore && (t.usedAt === null || t.usedAt >= usedBefore),
      );
      return ctx.write(undefined);
    },

    saveResetToken(token: ResetToken) {
      const others = (ctx.tables.resets ?? []).filter(
        (t) => t.email !== token.email && t.userId !== token.userId,
      );
      ctx.tables.resets = [...others, { ...token }];
      return ctx.write(undefined);
    },

    takeResetToken(email: string, hash: string) {
      const found = ctx.tables.resets?.find((t) => t.email === email && t.hash === hash);
      if (!found) return Promise.resolve(undefined);
      ctx.tables.resets = ctx.tables.resets?.filter((t) => t !== found);
      const { userId, ...rest } = found;
      return ctx.write(userId === undefined ? undefined : { ...rest, userId });
    },

    deleteUserResetTokens(userId: number) {
      ctx.tables.resets = ctx.tables.resets?.filter((t) => t.userId !== userId);
      return ctx.write(undefined);
    },
  };
}
