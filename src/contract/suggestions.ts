// The provider's splits and dividends an investment has not recorded: offered on its screen
// (GET /investments/{id}/suggestions), and the newest split also in the investments answer
// (`pending_split`), since until it is recorded the unadjusted prices make the holding look like
// a loss wherever its value shows.
import { replay, tidy } from '../domain/ledger';
import { utcDay, utcMidnight } from '../market/zoned-time';
import type { Call } from './answers';
import type { ProviderAction } from './market/market';
import { toEntry } from './figures';
import { SHARES_ONLY } from './market/pricing';
import type { EventRow, InvestmentRow } from './store';

const DAY_MS = 86_400_000;
/** A recorded split this close to a provider's counts as that split. */
const SPLIT_MATCH_MS = 7 * DAY_MS;
/** A dividend recorded from the ex-day to this long after counts as the provider's. */
const DIVIDEND_MATCH_MS = 60 * DAY_MS;

/** Midnight UTC of an event's day: windows are counted in whole days. */
const dayOf = (event: { time: number }) => utcMidnight(utcDay(event.time));

export interface WireSplitSuggestion {
  /** The ex-day. */
  date: string;
  /** `numerator` shares after for `denominator` before. */
  numerator: number;
  denominator: number;
  shares_before: number;
  shares_after: number;
}

export type WireSuggestion =
  | ({ kind: 'split' } & WireSplitSuggestion)
  | {
      kind: 'dividend';
      date: string;
      per_share: number;
      currency_code: string;
      shares: number;
      amount: number;
    };

/**
 * The provider's splits and dividends on days the investment was held, newest first, that it
 * has not recorded (`events`: all of its events) and the user has not dismissed.
 */
export async function suggestionsOf(
  call: Pick<Call, 'market' | 'store' | 'now'>,
  row: InvestmentRow,
  events: readonly EventRow[],
): Promise<WireSuggestion[]> {
  if (!row.listing) return [];
  return suggestionsAmong(call, row, events, await call.market.actions(row.listing));
}

/** `suggestionsOf` among the provider's `actions` of the investment's listing. */
async function suggestionsAmong(
  call: Pick<Call, 'store' | 'now'>,
  row: InvestmentRow,
  events: readonly EventRow[],
  actions: readonly ProviderAction[],
): Promise<WireSuggestion[]> {
  const dismissed = await call.store.dismissedActions(row.id);
  const entries = events.map((event) => toEntry(event, SHARES_ONLY));
  const suggestions: WireSuggestion[] = [];
  for (const action of actions) {
    const exDay = utcMidnight(action.day);
    if (exDay > call.now || dismissed.includes(`${action.kind}:${action.day}`)) continue;
    // Held at the start of the ex-day: what the split or dividend applied to.
    const held = replay(entries, exDay - 1);
    const shares = held.ok ? held.holding.shares : 0;
    if (shares <= 0) continue;
    if (action.kind === 'split') {
      if (events.some((e) => e.kind === 'split' && Math.abs(dayOf(e) - exDay) <= SPLIT_MATCH_MS))
        continue;
      suggestions.push({
        kind: 'split',
        date: action.day,
        numerator: action.numerator,
        denominator: action.denominator,
        shares_before: shares,
        shares_after: tidy((shares * action.numerator) / action.denominator),
      });
    } else {
      const recorded = events.some(
        (e) =>
          e.kind === 'dividend' &&
          dayOf(e) >= exDay - DAY_MS &&
          dayOf(e) <= exDay + DIVIDEND_MATCH_MS,
      );
      if (recorded) continue;
      suggestions.push({
        kind: 'dividend',
        date: action.day,
        per_share: action.amount,
        currency_code: action.currency,
        shares,
        amount: Math.round(action.amount * shares * 100) / 100,
      });
    }
  }
  return suggestions.sort((a, b) => b.date.localeCompare(a.date));
}

/** Each investment's newest split it has not recorded (nor dismissed), by its id. */
export async function pendingSplits(
  call: Pick<Call, 'market' | 'store' | 'now'>,
  rows: readonly InvestmentRow[],
): Promise<Map<number, WireSplitSuggestion>> {
  // Home asks on every visit: only an investment whose listing has split reads its events and
  // dismissals, and only the splits are weighed (a dividend's replay is not needed here).
  const splitting = (
    await Promise.all(
      rows.map(async (row) => {
        if (!row.listing) return undefined;
        const splits = (await call.market.actions(row.listing)).filter(
          (action) => action.kind === 'split' && utcMidnight(action.day) <= call.now,
        );
        return splits.length > 0 ? { row, splits } : undefined;
      }),
    )
  ).filter((found) => found !== undefined);
  if (splitting.length === 0) return new Map();
  const events = await call.store.events(splitting.map(({ row }) => row.id));
  const byInvestment = new Map<number, EventRow[]>();
  for (const event of events) {
    const own = byInvestment.get(event.investmentId);
    if (own) own.push(event);
    else byInvestment.set(event.investmentId, [event]);
  }
  const found = await Promise.all(
    splitting.map(async ({ row, splits }) => {
      const offered = await suggestionsAmong(call, row, byInvestment.get(row.id) ?? [], splits);
      const split = offered.find((s) => s.kind === 'split');
      if (!split) return undefined;
      const { date, numerator, denominator, shares_before, shares_after } = split;
      return [row.id, { date, numerator, denominator, shares_before, shares_after }] as const;
    }),
  );
  return new Map(found.filter((entry) => entry !== undefined));
}
