// After each line is read: withholding taxes paired with their dividends, DEGIRO's fee lines
// folded into their trades, repeated broker ids told apart, totals per year, and the broker's
// running quantity and cash balance checked.

import Big from 'big.js';
import { MONEY_DECIMALS } from '../numbers';
import { error, info, warning } from './messages';
import type { BuiltLine } from './build';
import type { ImportRow } from './rows';
import { IMPORT_KINDS, type ImportKind } from './rows';
import type { BalanceCheck, Reconciliation, YearTotal } from './types';

/**
 * A dividend booked in DKK at a rate, in a currency its row does not name (Nordnet's `UDBYTTE`:
 * `Antal` × `Kurs` × `Vekslingskurs` = `Beløb`), is kept in its own currency where a trade of the
 * same instrument in the file names one other than DKK.
 */
export function ownCurrency(lines: BuiltLine[]): void {
  const currencies = new Map<string, string>();
  for (const line of lines) {
    const row = line.row;
    if ((line.action === 'buy' || line.action === 'sell') && row && line.instrumentKey) {
      if (row.currency_code !== 'DKK') currencies.set(line.instrumentKey, row.currency_code);
    }
  }
  for (const line of lines) {
    const currency = line.instrumentKey && currencies.get(line.instrumentKey);
    if (!line.foreign || !line.row || !currency) continue;
    line.bookedIn = line.row.currency_code;
    line.row.amount = line.foreign.amount;
    line.row.currency_code = currency;
    line.row.exchange_rate = line.foreign.rate;
  }
}

/**
 * A withholding tax on a line of its own is kept as the tax withheld of the dividend of the same
 * instrument and day, in the dividend's currency (at the dividend's rate when the tax is booked
 * in the dividend's booked currency); the dividend stays gross. A tax with no such dividend is a
 * warning and imports nothing; a tax above its dividend is the dividend's error.
 */
export function pairWithholding(lines: BuiltLine[]): void {
  const dividends = lines.filter(
    (line) => line.action === 'dividend' && line.row && line.status.status !== 'error',
  );
  for (const tax of lines.filter((line) => line.action === 'withholding_tax')) {
    if (tax.status.status === 'error') continue;
    const taxRow = tax.row;
    const cash = tax.cash;
    const inCurrency = (candidate: BuiltLine): Big | undefined => {
      const row = candidate.row;
      if (!cash || !row) return undefined;
      if (row.currency_code === cash.currency) return new Big(cash.amount);
      return candidate.bookedIn === cash.currency && row.exchange_rate
        ? new Big(cash.amount).div(row.exchange_rate).round(MONEY_DECIMALS, Big.roundHalfUp)
        : undefined;
    };
    const dividend = dividends.find(
      (candidate) =>
        candidate.instrumentKey === tax.instrumentKey &&
        candidate.row?.date === taxRow?.date &&
        inCurrency(candidate) !== undefined,
    );
    tax.row = undefined;
    const withheld = dividend && inCurrency(dividend);
    if (!dividend?.row || !cash || !withheld) {
      tax.status.messages.push(warning('row.withholding_unpaired', 'amount'));
      tax.status.status = 'warning';
      continue;
    }
    const total = withheld.plus(dividend.row.withholding_tax ?? 0);
    dividend.row.withholding_tax = Number(total.toFixed());
    dividend.status.messages.push(
      info('row.withholding_paired', 'withholding_tax', {
        line: tax.status.line,
        tax: cash.amount,
      }),
    );
    tax.status.messages.push(
      info('row.withholding_paired', 'amount', { line: dividend.status.line, tax: cash.amount }),
    );
    tax.status.status = 'skipped';
    tax.status.reason = 'paired';
  }
  for (const dividend of dividends) checkWithheld(dividend);
}

/** The tax withheld is checked against the file's own dividend: never more than it. */
function checkWithheld(line: BuiltLine): void {
  const row = line.row;
  if (!row?.withholding_tax || row.amount === undefined) return;
  if (new Big(row.withholding_tax).lte(row.amount)) return;
  line.status.messages.push(
    error('row.withholding_exceeds', 'withholding_tax', {
      tax: String(row.withholding_tax),
      amount: String(row.amount),
    }),
  );
  line.status.status = 'error';
}

/** A fee line with the id of a trade in the same currency becomes that trade's fee. */
export function foldFees(lines: BuiltLine[], feeWords: readonly string[]): void {
  const words = new Set(feeWords.map((word) => word.toUpperCase()));
  const trades = new Map<string, BuiltLine>();
  for (const line of lines) {
    if ((line.action === 'buy' || line.action === 'sell') && line.externalId && line.row) {
      trades.set(line.externalId, line);
    }
  }
  for (const line of lines) {
    if (!line.externalId || !line.cash || !words.has((line.status.word ?? '').toUpperCase()))
      continue;
    const trade = trades.get(line.externalId);
    if (!trade?.row || trade.row.currency_code !== line.cash.currency) continue;
    trade.row.fee = Number(new Big(trade.row.fee ?? 0).plus(line.cash.amount).toFixed());
    trade.status.messages.push(info('row.fee_folded', 'fee', { line: line.status.line }));
    line.status.messages.push(info('row.fee_folded', 'fee', { line: trade.status.line }));
    line.status.reason = 'folded';
  }
}

/**
 * The broker's id is unique per portfolio, but one order can fill twice (DEGIRO's `Order Id`):
 * the second row with an id already seen gets `#2`, so both fills import and a re-import matches.
 */
export function distinctIds(rows: ImportRow[]): void {
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (!row.external_id) continue;
    const count = (seen.get(row.external_id) ?? 0) + 1;
    seen.set(row.external_id, count);
    if (count > 1) row.external_id = `${row.external_id}#${count}`;
  }
}

function add(into: Record<string, string>, currency: string, amount: Big): void {
  into[currency] = new Big(into[currency] ?? 0).plus(amount).toFixed();
}

/** A row's money in DKK at its own rate; null when it is in another currency without one. */
function inDkk(row: ImportRow, amount: Big): Big | null {
  if (row.currency_code === 'DKK') return amount;
  return row.exchange_rate ? amount.times(row.exchange_rate) : null;
}

const addDkk = (sum: string | null, amount: Big | null): string | null =>
  sum === null || amount === null ? null : new Big(sum).plus(amount).toFixed();

const SUMS: Partial<Record<ImportKind, 'bought' | 'sold' | 'dividends'>> = {
  buy: 'bought',
  sell: 'sold',
  dividend: 'dividends',
};

/** A file's own amount of a trade, by its line. */
export type FileAmounts = ReadonlyMap<number, { amount: string; currency: string }>;

export function totalsPerYear(rows: readonly ImportRow[], fileAmounts?: FileAmounts): YearTotal[] {
  const years = new Map<number, YearTotal>();
  for (const row of rows) {
    const year = Number(row.date.slice(0, 4));
    let total = years.get(year);
    if (!total) {
      total = {
        year,
        counts: Object.fromEntries(IMPORT_KINDS.map((kind) => [kind, 0])) as YearTotal['counts'],
        bought: {},
        sold: {},
        dividends: {},
        dkk: { bought: '0', sold: '0', dividends: '0' },
        file: { bought: {}, sold: {} },
      };
      years.set(year, total);
    }
    total.counts[row.kind]++;
    const sum = SUMS[row.kind];
    if (!sum) continue;
    const gross = new Big(row.shares ?? 0).times(row.share_price ?? 0);
    const fee = new Big(row.fee ?? 0);
    const money =
      sum === 'bought'
        ? gross.plus(fee)
        : sum === 'sold'
          ? gross.minus(fee)
          : new Big(row.amount ?? 0);
    add(total[sum], row.currency_code, money);
    total.dkk[sum] = addDkk(total.dkk[sum], inDkk(row, money));
    const own = fileAmounts?.get(row.line);
    if (own && (sum === 'bought' || sum === 'sold')) {
      add(total.file[sum], own.currency, new Big(own.amount));
    }
  }
  return [...years.values()].sort((a, b) => a.year - b.year);
}

/** Lines oldest first: Nordnet and DEGIRO write the newest first. */
function oldestFirst<T>(items: readonly T[], day: (item: T) => string | null | undefined): T[] {
  const [first] = items;
  const last = items[items.length - 1];
  const newestFirst = first && last && (day(first) ?? '') > (day(last) ?? '');
  return newestFirst ? [...items].reverse() : [...items];
}

/**
 * The file's running cash balance (Nordnet `Saldo`) per account and currency: each line's balance
 * must be the one before plus the line's amount. A missing or misread line breaks the chain.
 */
export function reconcileBalances(lines: readonly BuiltLine[]): BalanceCheck[] {
  const steps = lines.flatMap((line) =>
    line.balance ? [{ ...line.balance, line: line.status.line }] : [],
  );
  const checks = new Map<string, BalanceCheck & { opening: Big; sum: Big; last: Big }>();
  for (const step of oldestFirst(steps, (item) => item.day)) {
    const key = `${step.account}|${step.currency}`;
    const balance = new Big(step.balance);
    const amount = new Big(step.amount);
    const check = checks.get(key);
    if (!check) {
      const opening = balance.minus(amount);
      checks.set(key, {
        account: step.account,
        currency: step.currency,
        expected: balance.toFixed(),
        computed: balance.toFixed(),
        line: step.line,
        ok: true,
        opening,
        sum: amount,
        last: balance,
      });
      continue;
    }
    if (check.ok && !check.last.plus(amount).eq(balance)) {
      check.ok = false;
      check.line = step.line;
    }
    if (check.ok) check.line = step.line;
    check.sum = check.sum.plus(amount);
    check.last = balance;
    check.expected = balance.toFixed();
    check.computed = check.opening.plus(check.sum).toFixed();
  }
  return [...checks.values()].map(({ account, currency, expected, computed, line, ok }) => ({
    account,
    currency,
    expected,
    computed,
    line,
    ok,
  }));
}

/**
 * Each instrument's computed quantity against the broker's running one (Nordnet's `Totalt
 * antal`) after its last row. Lines are walked oldest first: Nordnet writes the newest first.
 */
export function reconcile(lines: readonly BuiltLine[]): Reconciliation[] {
  const trades = lines.filter(
    (line) =>
      line.row && line.instrumentKey && ['buy', 'sell', 'split'].includes(line.action ?? ''),
  );
  if (!trades.some((line) => line.totalShares !== undefined)) return [];
  const ordered = oldestFirst(trades, (line) => line.row?.date);
  const held = new Map<string, Big>();
  const checks = new Map<string, Reconciliation>();
  for (const line of ordered) {
    const row = line.row as ImportRow;
    const key = line.instrumentKey as string;
    let shares = held.get(key) ?? new Big(0);
    if (row.kind === 'buy') shares = shares.plus(row.shares ?? 0);
    if (row.kind === 'sell') shares = shares.minus(row.shares ?? 0);
    if (row.kind === 'split' && row.split_from && row.split_to) {
      shares = shares.times(row.split_to).div(row.split_from);
    }
    held.set(key, shares);
    if (line.totalShares !== undefined) {
      const expected = new Big(line.totalShares).abs();
      checks.set(key, {
        instrument: row.instrument.isin ?? row.instrument.name,
        expected: expected.toFixed(),
        computed: shares.toFixed(),
        line: row.line,
        ok: expected.eq(shares),
      });
    }
  }
  return [...checks.values()];
}
