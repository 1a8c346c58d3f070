// The few fields brokers write inside a text cell: Saxo's `Event` ("Buy 72 @ 166.80 DKK"),
// DEGIRO's `Omschrijving` ("Koop 2 @ 100,5 USD", "Sell 4 AVIVA@496 GBX"), and DEGIRO's
// Transactions.csv, whose only sign of a sell is a negative quantity.

import type { TextHook } from './presets';

export interface HookReading {
  /** The type word to look up in the preset's map. */
  word: string;
  /** Texts of numbers as written, for the decimal reader. */
  shares?: string;
  price?: string;
  currency?: string;
}

const SAXO_TRADE = /^(\p{L}+)\s+(-?[0-9][0-9.,]*)\s*@\s*([0-9][0-9.,]*)\s*([A-Za-z]{3})?/u;
const DEGIRO_TRADE = /^(\p{L}+)\s+([0-9][0-9.,]*)\s*[^@]*@\s*([0-9][0-9.,]*)\s*([A-Za-z]{3})?/u;

/** A word without a trailing ratio or amount ("Stock split 1:4" is "Stock split"). */
function bareWord(text: string): string {
  return text.replace(/\s*[0-9][0-9.,]*\s*(?:[:/]|for)\s*[0-9].*$/i, '').trim();
}

export function readHook(hook: TextHook, text: string, quantity: string): HookReading {
  if (hook === 'quantity-sign') return { word: quantity.trim().startsWith('-') ? 'sell' : 'buy' };
  const match = (hook === 'saxo-event' ? SAXO_TRADE : DEGIRO_TRADE).exec(text.trim());
  if (!match) return { word: bareWord(text) };
  const [, word = '', shares, price, currency] = match;
  return { word, shares, price, ...(currency ? { currency } : {}) };
}

/**
 * A split's ratio from text: "SPLIT 1:4" (1 old share becomes 4), or IBKR's "SPLIT 4 FOR 1"
 * (4 new for 1 old). Undefined when the text has none.
 */
export function readRatio(text: string): { from: string; to: string } | undefined {
  const forMatch = /([0-9]+(?:[.,][0-9]+)?)\s+FOR\s+([0-9]+(?:[.,][0-9]+)?)/i.exec(text);
  if (forMatch) return { from: forMatch[2] ?? '', to: forMatch[1] ?? '' };
  const colon = /([0-9]+(?:[.,][0-9]+)?)\s*:\s*([0-9]+(?:[.,][0-9]+)?)/.exec(text);
  if (colon) return { from: colon[1] ?? '', to: colon[2] ?? '' };
  return undefined;
}
