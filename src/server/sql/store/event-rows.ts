// An event's row: one table for every kind, each kind's columns set and the others null.
import type { Insertable, Selectable } from 'kysely';
import type { EventDraft, EventOrigin, EventRow } from '../../../contract/store';
import type { EventsTable } from '../schema';

/** A kind's column; the schema's check constraint makes null impossible, this says so if not. */
function fact<T>(row: Selectable<EventsTable>, column: keyof EventsTable, value: T | null): T {
  if (value === null) throw new Error(`Event ${row.id} (${row.kind}) has no ${column}`);
  return value;
}

/**
 * The event of a row. Built property by property, in one object per event: spreading optional
 * parts made a read of 200k events spend longer here than in the database.
 */
export function toEvent(row: Selectable<EventsTable>): EventRow {
  let event: EventRow;
  switch (row.kind) {
    case 'buy':
    case 'sell':
      event = {
        id: row.id,
        investmentId: row.investment_id,
        kind: row.kind,
        time: row.time,
        currency: row.currency,
        shares: fact(row, 'shares', row.shares),
        price: fact(row, 'price', row.price),
        fee: fact(row, 'fee', row.fee),
      };
      break;
    case 'dividend':
      event = {
        id: row.id,
        investmentId: row.investment_id,
        kind: row.kind,
        time: row.time,
        currency: row.currency,
        amount: fact(row, 'amount', row.amount),
      };
      if (row.withholding_tax !== null) event.withholdingTax = row.withholding_tax;
      break;
    case 'split':
      event = {
        id: row.id,
        investmentId: row.investment_id,
        kind: row.kind,
        time: row.time,
        currency: row.currency,
        sharesAfter: fact(row, 'shares_after', row.shares_after),
        fee: fact(row, 'fee', row.fee),
        soldShares: fact(row, 'sold_shares', row.sold_shares),
        soldPrice: fact(row, 'sold_price', row.sold_price),
        hide: fact(row, 'hide', row.hide) === 1,
        fromShares: fact(row, 'from_shares', row.from_shares),
      };
      break;
  }
  if (row.exchange_rate !== null) event.exchangeRate = row.exchange_rate;
  if (row.import_id !== null) {
    const origin: EventOrigin = {
      batchId: row.import_id,
      source: row.source ?? '',
      portfolioId: row.external_portfolio_id ?? 0,
    };
    if (row.external_id !== null) origin.externalId = row.external_id;
    event.origin = origin;
  }
  if (row.edited === 1) event.edited = true;
  return event;
}

/** An event's columns; the others of its row are null. */
export function toEventColumns(event: EventDraft): Insertable<EventsTable> {
  const none = {
    shares: null,
    price: null,
    fee: null,
    amount: null,
    shares_after: null,
    sold_shares: null,
    sold_price: null,
    hide: null,
    from_shares: null,
    withholding_tax: null,
  };
  const base = {
    ...none,
    investment_id: event.investmentId,
    kind: event.kind,
    time: event.time,
    currency: event.currency,
    exchange_rate: event.exchangeRate ?? null,
    import_id: event.origin?.batchId ?? null,
    source: event.origin?.source ?? null,
    external_id: event.origin?.externalId ?? null,
    // Only an external id is unique per portfolio.
    external_portfolio_id: event.origin?.externalId === undefined ? null : event.origin.portfolioId,
    edited: event.edited ? 1 : 0,
  };
  switch (event.kind) {
    case 'buy':
    case 'sell':
      return { ...base, shares: event.shares, price: event.price, fee: event.fee };
    case 'dividend':
      return { ...base, amount: event.amount, withholding_tax: event.withholdingTax ?? null };
    case 'split':
      return {
        ...base,
        shares_after: event.sharesAfter,
        fee: event.fee,
        sold_shares: event.soldShares,
        sold_price: event.soldPrice,
        hide: event.hide ? 1 : 0,
        from_shares: event.fromShares,
      };
  }
}
