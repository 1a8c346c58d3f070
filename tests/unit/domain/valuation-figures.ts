// Times and prices for the valuation tests: a fixed local noon, and a constant price.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** Local noon, so calendar arithmetic is what the user's clock shows. */
export const local = (y: number, m: number, d: number, h = 12) =>
  new Date(y, m - 1, d, h).getTime();
export const NOW = local(2025, 6, 15);

export const constant = (price: number) => () => price;
