// A file's cash lines (issue 38): read with POST /portfolios/{id}/cash's rules, booked as the
// target portfolio's cash events when it keeps cash, else reported skipped; duplicates by the
// broker's id, else by kind, day, amount and currency, counted.
import { cashEventInput } from '../../domain/requests';
import type { ImportRowReport, ImportSource } from '../../domain/import/rows';
import { dayOf } from '../history';
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
  /** The cash event it books, when it is imported (portfolio and batch filled in at commit). */
  draft?: Omit<CashEventDraft, 'portfolioId' | 'origin'> & { externalId?: string };
}

const fingerprint = (e: { kind: string; time: number; amount: number; currency: string }) =>
  `${e.kind}|${dayOf(e.time)}|${e.amount}|${e.currency}`;

/** Each cash line's verdict for the target portfolio (`undefined`: one the import creates). */
export function planCash(
  raw: readonly unknown[],
  targetId: number | undefined,
  source: ImportSource,
  state: ImportState,
  now: number,
): CashLine[] {
  const keeps = state.portfolios.some((p) => p.id === targetId && p.cash);
  const existing: CashEventRow[] = state.cash.filter((e) => e.portfolioId === targetId);
  const ids = new Set(
    existing.flatMap((e) =>
      e.origin?.source === source && e.origin.externalId ? [e.origin.externalId] : [],
    ),
  );
  const unmatched = new Map<string, number>();
  for (const e of existing) unmatched.set(fingerprint(e), (unmatched.get(fingerprint(e)) ?? 0) + 1);
  return raw.map((body, index): CashLine => {
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
    if (!read.value || time === undefined) return { report: { ...report, status: 'error' } };
    if (!keeps) return { report: { ...report, status: 'skipped', warnings: [CASH_OFF_SKIPPED] } };
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
    const key = fingerprint(draft);
    const left = unmatched.get(key) ?? 0;
    const seen = externalId !== undefined ? ids.has(externalId) : left > 0;
    if (externalId !== undefined) ids.add(externalId);
    else if (left > 0) unmatched.set(key, left - 1);
    if (seen) return { report: { ...report, status: 'duplicate' } };
    return { report, draft };
  });
}
