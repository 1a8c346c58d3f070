// Rows of a large import for the server's tests and soaks: one Novo Nordisk B share a day.

/** `count` buys from `firstDay` on, a day apart; `externalId` gives each the broker's id. */
export function dailyBuys(count: number, firstDay: string, externalId?: (line: number) => string) {
  const first = Date.parse(`${firstDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => ({
    line: i + 1,
    kind: 'buy',
    date: new Date(first + i * 86_400_000).toISOString().slice(0, 10),
    instrument: { isin: 'DK0062498333', name: 'Novo Nordisk B' },
    shares: 1,
    share_price: 100 + (i % 50),
    fee: 0,
    currency_code: 'DKK',
    ...(externalId && { external_id: externalId(i + 1) }),
  }));
}
