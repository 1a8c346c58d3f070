// The figures of the last visit, kept on the device so the next visit paints them at once, marked
// as updating, while the server is asked again (issue 16: a warm start that waits for nothing).
// Only what home shows first is kept; it is forgotten when the session ends.
// With its extension: vite.config.ts imports this module too, and Vite warns of config imports
// that Node could not load without one.
import * as v from 'valibot';
import { investment, list, portfolio, user, valuation } from '../../domain/wire/schemas.ts';
import { PERIODS, type Period } from '../../domain/types.ts';
import type { ResourceData, Store } from './data-held';
import type { KeyValueStore } from '../app/platform';

export const FIGURES_KEY = 'figures';

/**
 * Raised whenever the domain types of the kept resources change: figures written by an older
 * build are then not read, rather than read in a shape the screens do not expect.
 */
const FORMAT = 1;

export const REMEMBERED = ['user', 'valuation', 'portfolios', 'investments'] as const;
export type Remembered = (typeof REMEMBERED)[number];

export interface Figure<R extends Remembered> {
  data: ResourceData[R];
  /** The period the answer was for. */
  period: Period | undefined;
}

export type RememberedFigures = { [R in Remembered]?: Figure<R> };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Each kept answer's schema: the one its answer was decoded with (a decoded answer reads as
 * itself). Figures written by the same format pass; this guards against storage edited by hand
 * or damaged.
 */
const SHAPES = {
  user,
  valuation,
  portfolios: list(portfolio),
  investments: list(investment),
} satisfies { [R in Remembered]: v.GenericSchema<unknown, ResourceData[R]> };

/** What the last visit kept; nothing when absent, unreadable or written by another format. */
export function readFigures(store: KeyValueStore): RememberedFigures {
  let kept: unknown;
  try {
    kept = JSON.parse(store.get(FIGURES_KEY) ?? 'null');
  } catch {
    return {};
  }
  if (!isObject(kept) || kept.format !== FORMAT || !isObject(kept.figures)) return {};
  const figures: Record<string, unknown> = {};
  for (const resource of REMEMBERED) {
    const figure = kept.figures[resource];
    if (!isObject(figure)) continue;
    const data = v.safeParse(SHAPES[resource], figure.data);
    const period = figure.period;
    if (data.success && (period === undefined || PERIODS.some((known) => known === period)))
      figures[resource] = { data: data.output, period };
  }
  return figures;
}

/**
 * Keeps one answer beside the others; a full or refused storage only means no warm start.
 * Written as it came (its type is checked where it is read).
 */
export function rememberFigure(
  store: KeyValueStore,
  resource: Remembered,
  figure: { data: unknown; period: Period | undefined },
): void {
  try {
    const figures = { ...readFigures(store), [resource]: figure };
    store.set(FIGURES_KEY, JSON.stringify({ format: FORMAT, figures }));
  } catch {
    // Quota exceeded or storage disabled.
  }
}

/** Whether a last visit kept figures to paint (cheaper than reading them). */
export function hasKeptFigures(store: KeyValueStore): boolean {
  try {
    return store.get(FIGURES_KEY) !== null;
  } catch {
    return false;
  }
}

export function forgetFigures(store: KeyValueStore): void {
  try {
    store.remove(FIGURES_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

/**
 * The last visit's figures, for what is not held yet. Each is stale: put on screen at once, and
 * asked for again as soon as a view needs it.
 */
export function recalled(store: KeyValueStore, held: Store): Partial<Store> {
  const kept = readFigures(store);
  const entries = { ...held.entries };
  for (const resource of REMEMBERED) {
    const figure = kept[resource];
    if (figure && held[resource] === undefined)
      entries[resource] = { status: 'stale', period: figure.period, request: 0 };
  }
  return {
    user: held.user ?? kept.user?.data,
    valuation: held.valuation ?? kept.valuation?.data,
    portfolios: held.portfolios ?? kept.portfolios?.data,
    investments: held.investments ?? kept.investments?.data,
    entries,
  };
}

/**
 * Each answer, and each change made here, kept at once (the next visit must not show a deleted
 * item again): what is held of `resources` after it, with its period.
 */
export function rememberHeld(store: KeyValueStore, held: Store, resources: readonly string[]) {
  for (const resource of REMEMBERED) {
    const data = held[resource];
    if (resources.includes(resource) && data !== undefined)
      rememberFigure(store, resource, { data, period: held.entries[resource]?.period });
  }
}
