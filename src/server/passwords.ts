// bcrypt, as Laravel hashes passwords: its `$2y$` hashes are bcrypt's `$2b$` under another name.
import bcrypt from 'bcrypt';
import type { PasswordHasher } from '../contract/store';

export function bcryptHasher(rounds: number): PasswordHasher {
  return {
    // Runs on libuv's thread pool, so hashing never blocks the event loop.
    hash: (password) => bcrypt.hash(password, rounds),
    verify: (password, hash) => bcrypt.compare(password, hash.replace(/^\$2y\$/, '$2b$')),
  };
}
