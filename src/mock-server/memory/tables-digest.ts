// Whether the demo's tables on a device still hold the seeded demo account as it was made, for the
// demo's first figures (src/demo-first-figures.ts): the first-code script
// (scripts/vite/first-code.ts) runs this function's own text in the page, so it needs nothing from
// around it.
import type { Tables } from './tables';

/**
 * A digest of what the users keep: every user's id, name and e-mail (not the password's salted
 * hash, which differs per device), their portfolios, investments, events, prices, cash, imports
 * and tax settings, and the next id; not sessions, logins or throttles, which a login changes, nor
 * the benchmark, which the first read of the returns keeps and no kept figure shows. Equal
 * digests: the same account data (FNV-1a of its JSON, and the JSON's length).
 */
export function tablesDigest(tables: Tables): string {
  const text = JSON.stringify([
    tables.users.map((user) => [user.id, user.name, user.email]),
    tables.portfolios,
    tables.investments,
    tables.events,
    tables.prices ?? [],
    tables.dismissed ?? [],
    tables.cash ?? [],
    tables.imports ?? [],
    tables.taxClasses ?? [],
    tables.taxSettings ?? {},
    tables.nextId,
  ]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `${(hash >>> 0).toString(16)}:${text.length}`;
}
