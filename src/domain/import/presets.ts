// The formats Formue knows, as data: a header fingerprint, a column map, number and date formats,
// type words and skip rules. Code hooks only read what a broker writes inside a text cell.

import type { CashKind } from '../kinds';
import { DEGIRO } from './brokers/degiro';
import { IBKR } from './brokers/ibkr';
import { NORDNET } from './brokers/nordnet';
import type { Preset } from './brokers/preset';
import { SAXO } from './brokers/saxo';
import type { PresetId } from './types';

export type { Preset, TextHook } from './brokers/preset';

/** In this order: of two fingerprints of one size, the first preset's wins. */
export const PRESETS: readonly Preset[] = [...NORDNET, ...SAXO, ...DEGIRO, ...IBKR];

export function presetById(id: PresetId): Preset | undefined {
  return PRESETS.find((preset) => preset.id === id && !preset.wrongFile);
}

/** Trimmed, upper-cased, inner spaces collapsed: how headers and type words are compared. */
export function normalise(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** The preset whose fingerprint the header holds; the most specific when several fit. */
export function recognise(headers: readonly string[]): Preset | undefined {
  const names = new Set(headers.map(normalise));
  let best: { preset: Preset; size: number } | undefined;
  for (const preset of PRESETS) {
    for (const set of preset.fingerprint) {
      if (set.every((name) => names.has(normalise(name))) && set.length > (best?.size ?? 0)) {
        best = { preset, size: set.length };
      }
    }
  }
  return best?.preset;
}

/**
 * Cash words that are the account's own return or cost (interest, fees), not money moved in or
 * out: in, interest; out, a fee. Every other cash word moves money (taxes paid from the account
 * too, so returns stay before taxes): in, a deposit; out, a withdrawal.
 */
const INCOME_WORDS = new Set(
  [
    'KREDITRENTE',
    'DEBITRENTE',
    'GEBYR MÅNEDSOPSPARING',
    'RÄNTA',
    'AVGIFT',
    'RENTER',
    'DEBETRENTE',
    'Custody Fee',
    'Interest',
    'Service fee',
    'DEGIRO Transactiekosten en/of kosten van derden',
    'DEGIRO Transaction and/or third party fees',
    'DEGIRO Aansluitingskosten',
    'DEGIRO Exchange Connection Fee',
    'Broker Interest Received',
    'Broker Interest Paid',
    'Other Fees',
    'Commission Adjustments',
  ].map(normalise),
);

/** What a cash line of the file is, by its word and the sign of its amount (exact text). */
export function cashKindOf(word: string, signedAmount: string): CashKind {
  const out = signedAmount.trim().startsWith('-');
  if (INCOME_WORDS.has(normalise(word))) return out ? 'fee' : 'interest';
  return out ? 'withdrawal' : 'deposit';
}
