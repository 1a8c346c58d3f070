// Password hashing and tokens of the mock.
import type { PasswordHasher } from '../contract/store';

// NOT crypto-grade: a salted, iterated 53-bit hash, enough that the demo never stores a password
// in plain text. A real backend uses bcrypt or argon2.

function cyrb53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

const ROUNDS = 1000;

function digestOf(password: string, salt: string): string {
  let digest = `${salt}:${password}`;
  for (let round = 0; round < ROUNDS; round++) digest = cyrb53(digest, round).toString(36);
  return digest;
}

/** Stored as `salt$digest`. */
export const demoHasher: PasswordHasher = {
  hash(password) {
    const salt = randomToken(12);
    return Promise.resolve(`${salt}$${digestOf(password, salt)}`);
  },
  verify(password, hash) {
    const [salt = '', digest] = hash.split('$');
    return Promise.resolve(digestOf(password, salt) === digest);
  },
  verifyNone(password) {
    digestOf(password, 'none');
    return Promise.resolve(false);
  },
};

/** Random bytes as base64, which holds '+', '/' and '=' as Laravel's encrypted token does. */
export function randomToken(bytes = 32): string {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  return btoa(String.fromCharCode(...buffer));
}

/** SHA-256 as hex, as the server digests remember and reset tokens. */
export async function tokenDigest(token: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
