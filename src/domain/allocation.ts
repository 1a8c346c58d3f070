// How the current value is spread: by portfolio, investment, asset class or listing currency.
// Slices hold current values (DKK), largest first; the smallest are pooled as one "other" slice;
// percentages are rounded so that the ones shown add up to exactly 100.
import { numberFormat } from './intl';
import type { AssetClass, Id, Investment, Portfolio } from './types';

export const GROUPINGS = ['portfolio', 'investment', 'type', 'currency'] as const;
export type Grouping = (typeof GROUPINGS)[number];

/** What a slice is called; the screen words the kinds that are not names. */
export type SliceLabel =
  | { kind: 'name'; text: string }
  | { kind: 'class'; assetClass: AssetClass }
  /** Several small slices pooled. */
  | { kind: 'other'; count: number }
  /** Investments whose portfolio, type or currency the answer did not say. */
  | { kind: 'unknown' };

export interface Part {
  key: string;
  label: SliceLabel;
  value: number;
}

export interface Slice extends Part {
  /** Percent with one decimal (12.3); the slices' percents add up to exactly 100. */
  percent: number;
}

/** Below this share of the total a slice is pooled into "other" (when more than one is). */
export const MIN_SHARE = 0.02;
/** The most slices drawn, "other" included: as many as the chart has colours. */
export const MAX_SLICES = 8;

const UNKNOWN = 'unknown';
export const OTHER_KEY = 'other';

/** What is held now: sold-out investments (no shares, no value) have nothing to allocate. */
function isHeld(investment: Investment): boolean {
  return investment.shares > 0 && investment.value > 0;
}

function groupOf(
  investment: Investment,
  grouping: Grouping,
  portfolioName: (id: Id) => string | undefined,
): Part {
  const unknown = { key: UNKNOWN, label: { kind: 'unknown' }, value: 0 } as const;
  switch (grouping) {
    case 'investment':
      return { key: investment.id, label: { kind: 'name', text: investment.name }, value: 0 };
    case 'portfolio': {
      const name = portfolioName(investment.portfolio_id);
      return name === undefined
        ? unknown
        : { key: investment.portfolio_id, label: { kind: 'name', text: name }, value: 0 };
    }
    case 'type': {
      const assetClass = investment.instrument?.asset_class;
      return assetClass
        ? { key: assetClass, label: { kind: 'class', assetClass }, value: 0 }
        : unknown;
    }
    case 'currency': {
      const currency = investment.instrument?.currency;
      return currency
        ? { key: currency, label: { kind: 'name', text: currency }, value: 0 }
        : unknown;
    }
  }
}

/** The held value of each group, in the order first met. */
export function partsOf(
  investments: readonly Investment[],
  portfolios: readonly Portfolio[],
  grouping: Grouping,
): Part[] {
  const names = new Map(portfolios.map((p) => [p.id, p.name]));
  const parts = new Map<string, Part>();
  for (const investment of investments.filter(isHeld)) {
    const part = groupOf(investment, grouping, (id) => names.get(id));
    const held = parts.get(part.key) ?? part;
    parts.set(part.key, { ...held, value: held.value + investment.value });
  }
  return [...parts.values()];
}

/**
 * Whole units of 1/10^decimals percent for each value, adding up to exactly 100 %: each is its
 * exact share rounded down, and the units left go to the largest remainders (the largest
 * remainder method), ties to the earlier value. Never more than one unit from the exact share.
 */
export function roundedPercents(values: readonly number[], decimals = 1): number[] {
  const total = values.reduce((sum, v) => sum + v, 0);
  if (values.length === 0 || total <= 0) return values.map(() => 0);
  const units = 100 * 10 ** decimals;
  const exact = values.map((v) => (v / total) * units);
  const floors = exact.map(Math.floor);
  let left = units - floors.reduce((sum, f) => sum + f, 0);
  const byRemainder = exact
    .map((e, i) => ({ i, remainder: e - floors[i] }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    floors[i] += 1;
    left -= 1;
  }
  return floors.map((f) => f / 10 ** decimals);
}

function largestFirst(a: Part, b: Part): number {
  return b.value - a.value || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/**
 * Parts as slices, largest first: parts under MIN_SHARE, and those past MAX_SLICES - 1, are
 * pooled into one last "other" slice when there are two or more of them.
 */
export function slicesOf(parts: readonly Part[]): Slice[] {
  const sorted = parts.filter((p) => p.value > 0).sort(largestFirst);
  const total = sorted.reduce((sum, p) => sum + p.value, 0);
  let kept = 0;
  while (kept < sorted.length && kept < MAX_SLICES - 1 && sorted[kept].value / total >= MIN_SHARE)
    kept += 1;
  const rest = sorted.slice(kept);
  const shown: Part[] =
    rest.length < 2
      ? sorted
      : [
          ...sorted.slice(0, kept),
          {
            key: OTHER_KEY,
            label: { kind: 'other', count: rest.length },
            value: rest.reduce((sum, p) => sum + p.value, 0),
          },
        ];
  const percents = roundedPercents(shown.map((p) => p.value));
  return shown.map((part, i) => ({ ...part, percent: percents[i] }));
}

/** The allocation of what is held now; empty when nothing is. */
export function allocationOf(
  investments: readonly Investment[],
  portfolios: readonly Portfolio[],
  grouping: Grouping,
): Slice[] {
  return slicesOf(partsOf(investments, portfolios, grouping));
}

/** A slice's percent as shown: one decimal, "41.3 %" ("41,3 %" in Danish). */
export function formatSlicePercent(percent: number, locale?: string): string {
  const text = numberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(percent);
  return `${text} %`;
}
