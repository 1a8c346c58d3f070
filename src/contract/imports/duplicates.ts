// Rows the user has already: by the broker's id where the row has one, else by what the trade is.
import { utcDay } from '../../market/zoned-time';
import type { EventFacts } from '../store';
import type { NewInstrument } from './matching';
import { failed, type Row } from './request';
import type { ImportState } from './state';

/** What makes two events the same trade: day, kind, instrument, shares, price, amount. */
function fingerprint(instrument: string, day: string, facts: EventFacts): string {
  switch (facts.kind) {
    case 'buy':
    case 'sell':
      return `${instrument}|${day}|${facts.kind}|${facts.shares}|${facts.price}`;
    case 'dividend':
      return `${instrument}|${day}|dividend|${facts.amount}`;
    case 'split':
      return `${instrument}|${day}|split|${facts.sharesAfter}`;
  }
}

/**
 * Duplicates are looked for in all the user's portfolios, as the same file imported into another
 * portfolio is still the same trades. The broker's id decides where the row has one; without
 * one, the n-th row of a fingerprint (the instrument, not the investment) in the file is a
 * duplicate when the user already has n events of it, so two real identical fills both import
 * and the same file again is all duplicates.
 */
export function markDuplicates(
  rows: Row[],
  source: string,
  state: ImportState,
  created: ReadonlyMap<string, NewInstrument>,
) {
  const known = new Set(state.externalIds.map((e) => `${e.source}|${e.externalId}`));
  const instrumentOf = new Map<string, string>();
  for (const i of state.investments) instrumentOf.set(`id:${i.id}`, `${i.type}:${i.code}`);
  for (const n of created.values()) instrumentOf.set(n.key, `${n.type}:${n.code}`);
  const existing = new Map<string, number>();
  for (const event of state.events) {
    const instrument = instrumentOf.get(`id:${event.investmentId}`)!;
    const key = fingerprint(instrument, utcDay(event.time), event);
    existing.set(key, (existing.get(key) ?? 0) + 1);
  }
  const seenIds = new Map<string, number>();
  const occurrences = new Map<string, number>();
  for (const row of rows) {
    if (failed(row) || !row.facts || !row.investmentKey || row.day === undefined) continue;
    const print = fingerprint(instrumentOf.get(row.investmentKey)!, row.day, row.facts);
    if (row.externalId !== undefined) {
      const key = `${row.portfolioKey}|${source}|${row.externalId}`;
      const earlier = seenIds.get(key);
      if (earlier !== undefined) {
        row.errors.external_id = [`The external id is the same as on line ${earlier}.`];
        continue;
      }
      seenIds.set(key, row.line);
      if (known.has(`${source}|${row.externalId}`)) {
        if (!row.force) row.status = 'duplicate';
        else {
          // Its id stays with the event imported before; this one is imported without it.
          row.externalId = undefined;
          row.warnings.push('Imported again although the portfolio has this row already.');
        }
      } else if ((existing.get(print) ?? 0) > 0)
        row.warnings.push('The portfolio has an event of this day with the same figures.');
      continue;
    }
    const nth = (occurrences.get(print) ?? 0) + 1;
    occurrences.set(print, nth);
    if (nth <= (existing.get(print) ?? 0)) {
      if (!row.force) row.status = 'duplicate';
      else row.warnings.push('Imported again although the portfolio has this row already.');
    }
  }
}
