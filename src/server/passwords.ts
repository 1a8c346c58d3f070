// bcrypt, as Laravel hashes passwords: its `$2y$` hashes are bcrypt's `$2b$` under another name.
import { randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';
import type { PasswordHasher } from '../contract/store';

export function bcryptHasher(rounds: number): PasswordHasher {
  const verify = (password: string, hash: string) =>
    bcrypt.compare(password, hash.replace(/^\$2y\$/, '$2b$'));
  // A hash of the same cost as real ones, made once: comparing with it costs what a check does.
  let dummy: Promise<string> | undefined;
  return {
    // Runs on libuv's thread pool, so hashing never blocks the event loop.
    hash: (password) => bcrypt.hash(password, rounds),
    verify,
    verifyNone: async (password) => {
      dummy ??= bcrypt.hash(randomBytes(16).toString('hex'), rounds);
      await verify(password, await dummy);
      return false;
    },
  };
}
