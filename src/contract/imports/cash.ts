// A file's cash lines (issue 38): read with POST /portfolios/{id}/cash's rules, booked as the
// target portfolio's cash events when it keeps cash, else reported skipped; duplicates by the
// broker's id, else by kind, day, amount and currency, counted.
import { cashEventInput } from '../../domain/wire/requests';
import type { ImportRowReport, ImportSource } from '../../domain/import/rows';
import { utcDay } from '../../market/zoned-time';
import { eventTimeOf } from '../events';
import { readRequest } from '../read-request';
import type { CashEventDraft, CashEventRow } from '../store';
import { isRecord } from '../validation';
import type { ImportState } from './state';

/** Why a file's cash lines are not imported into a portfolio without cash. */
export const CASH_OFF_SKIPPED =
  'The portfolio does not keep cash: switch cash on to import its deposits, withdrawals, interest and fees.';

export interface CashLine {
  report: ImportRowReport;
  /** The portfolio it goes to: `id:N`, or `new:NAME` for one the import creates. */
  portfolioKey: string;
  /** The cash event it books, when it is imported (portfolio and batch filled in at commit). */
  draft?: Omit<CashEventDraft, 'portfolioId' | 'origin'> & { externalId?: string };
}

const fingerprint = (e: { kind: string; time: number; amount: number; currency: string }) =>
  `${e.kind}|${utcDay(e.time)}|${e.amount}|${e.currency}`;

/** The portfolio a cash line names (Formue's export), else undefined: the target's. */
export function cashPortfolioName(body: unknown): string | undefined {
  const name = isRecord(body) && typeof body.portfolio === 'string' ? body.portfolio.trim() : '';
  return name === '' ? undefined : name;
}

/**
 * Each cash line's verdict for its portfolio (`portfolioOf` its key): booked where the portfolio
 * keeps cash (`keeps`), duplicates among the cash events an existing one has.
 */
export function planCash(
  raw: readonly unknown[],
  portfolioOf: (body: unknown) => string,
  keeps: (portfolioKey: string) => boolean,
  source: ImportSource,
  state: ImportState,
  now: number,
): CashLine[] {
  // Per portfolio: `key|fingerprint` and `key|external id`.
  const existing: CashEventRow[] = state.cash;
  const ids = new Set(
    existing.flatMap((e) =>
      e.origin?.source === source && e.origin.externalId
        ? [`id:${e.portfolioId}|${e.origin.externalId}`]
        : [],
    ),
  );
  const unmatched = new Map<string, number>();
  for (const e of existing) {
    const key = `id:${e.portfolioId}|${fingerprint(e)}`;
    unmatched.set(key, (unmatched.get(key) ?? 0) + 1);
  }
  return raw.map((body, index): CashLine => {
    const portfolioKey = portfolioOf(body);
    const row = isRecord(body) ? body : {};
    const line =
      typeof row.line === 'number' && Number.isSafeInteger(row.line) ? row.line : index + 1;
    const read = readRequest(cashEventInput, {
      type: row.kind,
      amount: row.amount,
      currency_code: row.currency_code,
      date: row.date,
    });
    const time = eventTimeOf(read, 'date', now, now);
    // The row's field is `kind`, the call's `type`.
    const errors = Object.fromEntries(
      Object.entries(read.errors.errors).map(([key, messages]) =>
        key === 'type' ? ['kind', messages.map((m) => m.replace('type', 'kind'))] : [key, messages],
      ),
    );
    const report: ImportRowReport = { line, status: 'ok', errors, warnings: [] };
    if (!read.value || time === undefined)
      return { portfolioKey, report: { ...report, status: 'error' } };
    if (!keeps(portfolioKey))
      return {
        portfolioKey,
        report: { ...report, status: 'skipped', warnings: [CASH_OFF_SKIPPED] },
      };
    const externalId =
      typeof row.external_id === 'string' && row.external_id.trim() !== ''
        ? row.external_id.trim()
        : undefined;
    const draft = {
      kind: read.value.type,
      time,
      currency: read.value.currency_code,
      amount: read.value.amount,
      ...(externalId !== undefined && { externalId }),
    };
    const key = `${portfolioKey}|${fingerprint(draft)}`;
    const id = `${portfolioKey}|${externalId}`;
    const left = unmatched.get(key) ?? 0;
    const seen = externalId !== undefined ? ids.has(id) : left > 0;
    if (externalId !== undefined) ids.add(id);
    else if (left > 0) unmatched.set(key, left - 1);
    if (seen) return { portfolioKey, report: { ...report, status: 'duplicate' } };
    return { portfolioKey, report, draft };
  });
}
