// One typed function per call of product-spec section 7 (answers: decisions.md section 1).
import {
  CHART_TYPES,
  type Benchmark,
  type Chart,
  type ChartType,
  type CreateInvestmentPayload,
  type CreatePortfolioPayload,
  type Credentials,
  type DividendPayload,
  type EnteredEvent,
  type EventKind,
  type Id,
  type Income,
  type InstrumentType,
  type Investment,
  type PasswordReset,
  type Performance,
  type Portfolio,
  type ProfileUpdate,
  type Registration,
  type SplitPayload,
  type Statistics,
  type TradePayload,
  type Transaction,
  type User,
  type Valuation,
} from '../domain/types';
import type { SuggestedInstrument } from '../domain/market';
import * as v from 'valibot';
import * as s from '../domain/wire/schemas';
import * as d from './decode';
import type { Http, SendOptions } from './http';
import type { ImportCalls } from './import-calls';
import type { ReportCalls } from './report-calls';
import type { CashCalls } from './cash-calls';
import type { PriceCalls } from './price-calls';

export interface CreateOptions extends SendOptions {
  /** Sends `x-validate-only: 1`: the server only validates and answers `{ data: null }`. */
  validateOnly: boolean;
}

export type EventPayload<K extends EventKind> = K extends 'dividend'
  ? DividendPayload
  : K extends 'split'
    ? SplitPayload
    : TradePayload;

export interface Api {
  initCsrf(): Promise<void>;
  /** Registers the 401 listener; returns its unsubscribe. */
  onUnauthenticated(listener: () => void): () => void;
  /** The GETs (paths under /api/v1) whose answers came with the page: asking them costs nothing. */
  firstAnswered(): string[];
  checkAuth(): Promise<boolean>;
  login(credentials: Credentials): Promise<User>;
  register(registration: Registration): Promise<User>;
  logout(): Promise<void>;
  /** Asks for a reset link to the address; the server's answer, the same whether it has an account. */
  forgotPassword(email: string): Promise<string>;
  resetPassword(reset: PasswordReset): Promise<string>;
  getUser(): Promise<User>;
  updateUser(update: ProfileUpdate): Promise<User>;
  getValuation(): Promise<Valuation>;
  getChart(type: ChartType, id?: Id): Promise<Chart>;
  /** Formue's own calls (issue 38): the instrument the user's money is compared with. */
  getBenchmark(): Promise<Benchmark>;
  setBenchmark(choice: { type: InstrumentType; isin: string }): Promise<Benchmark>;
  getPortfolios(): Promise<Portfolio[]>;
  createPortfolio(
    payload: CreatePortfolioPayload,
    options: CreateOptions,
  ): Promise<Portfolio | null>;
  renamePortfolio(id: Id, name: string): Promise<Portfolio>;
  getPortfolioStats(id: Id): Promise<Statistics>;
  /** Each with the quote it is valued at, when the backend says it. */
  getInvestments(): Promise<Investment[]>;
  createInvestment(
    payload: CreateInvestmentPayload,
    options: CreateOptions,
  ): Promise<Investment | null>;
  renameInvestment(id: Id, name: string): Promise<Investment>;
  getInvestmentStats(id: Id): Promise<Statistics>;
  /** Returns over the selected period, or over calendar `year`. */
  getPerformance(ref: { type: ChartType; id?: Id; year?: number }): Promise<Performance>;
  getEvents(): Promise<Transaction[]>;
  /** Dividends of a calendar year by month and by holding (this year when absent). */
  getIncome(year?: number): Promise<Income>;
  createEvent<K extends EventKind>(
    investmentId: Id,
    kind: K,
    payload: EventPayload<K>,
    options?: SendOptions,
  ): Promise<Transaction>;
  /** One event as entered, for its correction form. */
  getEvent(eventId: Id): Promise<EnteredEvent>;
  /** Corrects an event; its kind stays. */
  editEvent<K extends EventKind>(
    eventId: Id,
    kind: K,
    payload: EventPayload<K>,
    options: CreateOptions,
  ): Promise<Transaction | null>;
  deleteEvent(eventId: Id): Promise<void>;
  /** With its events. */
  deleteInvestment(id: Id): Promise<void>;
  /** With its investments and their events. */
  deletePortfolio(id: Id): Promise<void>;
  getCurrencies(): Promise<string[]>;
  validateInstrument(isin: string, type: InstrumentType): Promise<boolean>;
  /**
   * Formue's own call: the catalogue's best matches, and listings known by name only (no ISIN);
   * a backend without it rejects with a 404.
   */
  searchInstruments(search: string): Promise<SuggestedInstrument[]>;
  /** Mock-only: restores the demo data. */
  resetDemo(): Promise<void>;
  /**
   * An investment's prices, listings and suggestions: Formue's own calls, which a backend without
   * them answers with 404. Their code loads at the first use, as only the investment screen makes
   * them (the start-up budget).
   */
  prices(): Promise<PriceCalls>;
  /** The broker import and the export: loaded at the first use, as the price calls. */
  imports(): Promise<ImportCalls>;
  /** The tax year's report and settings: loaded at the first use, as the price calls. */
  reports(): Promise<ReportCalls>;
  /** A portfolio's cash: loaded at the first use, as the price calls. */
  cash(): Promise<CashCalls>;
}

const keyHeader = ({ idempotencyKey }: SendOptions = {}): Record<string, string> =>
  idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {};

// A validation creates nothing: it sends no key.
const createHeaders = (options: CreateOptions): Record<string, string> => ({
  'x-validate-only': options.validateOnly ? '1' : '0',
  ...(options.validateOnly ? {} : keyHeader(options)),
});

function segment(id: Id): string {
  return encodeURIComponent(id);
}

/** A module's calls loaded at the first use; a chunk that could not load (offline) is asked
 * for again at the next. */
function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

export function createApi(http: Http): Api {
  const get = (path: string) => http.request('GET', path);
  let priceCalls: Promise<PriceCalls> | undefined;
  return {
    initCsrf: () => http.initCsrf(),
    onUnauthenticated: (listener) => http.onUnauthenticated(listener),
    firstAnswered: () => http.firstAnswered(),

    checkAuth: async () => d.field(await get('/auth/check'), 'logged_in', s.flag),
    login: async (credentials) =>
      d.field(await http.request('POST', '/auth/login', { body: credentials }), 'user', s.user),
    register: async (registration) =>
      d.field(await http.request('POST', '/auth/register', { body: registration }), 'user', s.user),
    logout: async () => {
      await http.request('POST', '/auth/logout');
    },
    forgotPassword: async (email) =>
      d.field(
        await http.request('POST', '/auth/forgot-password', { body: { email } }),
        'message',
        s.text,
      ),
    resetPassword: async ({ passwordConfirmation, ...reset }) =>
      d.field(
        await http.request('POST', '/auth/reset-password', {
          body: { ...reset, password_confirmation: passwordConfirmation },
        }),
        'message',
        s.text,
      ),

    getUser: async () => d.field(await get('/user'), 'user', s.user),
    updateUser: async (update) =>
      d.field(await http.request('PUT', '/user', { body: update }), 'user', s.user),
    getValuation: async () => d.field(await get('/user/valuation'), 'valuation', s.valuation),

    getChart: async (type, id) => {
      if (!CHART_TYPES.includes(type))
        throw new TypeError(`Unknown valuable type "${String(type)}"`);
      if (type !== 'user' && id === undefined) throw new TypeError(`A ${type} chart needs an id`);
      const path = type === 'user' ? '/user/chart' : `/${type}s/${segment(id ?? '')}/chart`;
      const answer = await get(path);
      const points = d.field(answer, 'chart', s.list(s.chartPoint));
      // Formue's own addition: a backend without it sends none.
      const benchmark = d.field(answer, 'benchmark', v.optional(s.benchmarkLine));
      return benchmark ? { points, benchmark } : { points };
    },
    getBenchmark: async () => d.field(await get('/user/benchmark'), 'benchmark', s.benchmark),
    setBenchmark: async (choice) =>
      d.field(
        await http.request('PUT', '/user/benchmark', { body: choice }),
        'benchmark',
        s.benchmark,
      ),

    getPortfolios: async () => d.field(await get('/portfolios'), 'portfolios', s.list(s.portfolio)),
    createPortfolio: async (payload, options) =>
      d.created(
        await http.request('POST', '/portfolios', {
          body: payload,
          headers: createHeaders(options),
        }),
        s.portfolio,
      ),
    renamePortfolio: async (id, name) =>
      d.field(
        await http.request('PATCH', `/portfolios/${segment(id)}`, { body: { name } }),
        'data',
        s.portfolio,
      ),
    getPortfolioStats: async (id) =>
      d.field(await get(`/portfolios/${segment(id)}/stats`), 'statistics', s.statistics),

    getInvestments: async () =>
      d.field(await get('/investments'), 'investments', s.list(s.investment)),
    createInvestment: async (payload, options) =>
      d.created(
        await http.request('POST', '/investments', {
          body: payload,
          headers: createHeaders(options),
        }),
        s.investment,
      ),
    renameInvestment: async (id, name) =>
      d.field(
        await http.request('PATCH', `/investments/${segment(id)}`, { body: { name } }),
        'data',
        s.investment,
      ),
    getInvestmentStats: async (id) =>
      d.field(await get(`/investments/${segment(id)}/stats`), 'statistics', s.statistics),

    getPerformance: async ({ type, id, year }) => {
      const of = type === 'user' ? '/user' : `/${type}s/${segment(id ?? '')}`;
      const query = year === undefined ? '' : `?year=${year}`;
      return d.field(await get(`${of}/performance${query}`), 'performance', s.performance);
    },

    getEvents: async () =>
      d.field(await get('/investments/events'), 'events', s.list(s.transaction)),
    getIncome: async (year) =>
      d.field(
        await get(year === undefined ? '/income' : `/income?year=${year}`),
        'income',
        s.income,
      ),
    createEvent: async (investmentId, kind, payload, options) =>
      d.field(
        await http.request('POST', `/investments/${segment(investmentId)}/events/${kind}`, {
          body: payload,
          headers: keyHeader(options),
        }),
        'data',
        s.transaction,
      ),

    getEvent: async (eventId) =>
      d.field(await get(`/investments/events/${segment(eventId)}`), 'event', s.enteredEvent),
    editEvent: async (eventId, _kind, payload, options) =>
      d.field(
        await http.request('PUT', `/investments/events/${segment(eventId)}`, {
          body: payload,
          headers: createHeaders(options),
        }),
        'data',
        d.orNull(s.transaction),
      ),
    deleteEvent: async (eventId) => {
      await http.request('DELETE', `/investments/events/${segment(eventId)}`);
    },
    deleteInvestment: async (id) => {
      await http.request('DELETE', `/investments/${segment(id)}`);
    },
    deletePortfolio: async (id) => {
      await http.request('DELETE', `/portfolios/${segment(id)}`);
    },

    getCurrencies: async () => d.field(await get('/currencies'), 'currency_codes', s.list(s.text)),
    validateInstrument: async (isin, type) =>
      d.field(
        await http.request('POST', '/instruments/validate', { body: { isin, type } }),
        'valid',
        s.flag,
      ),
    searchInstruments: async (search) =>
      d.field(
        await get(`/instruments?search=${encodeURIComponent(search)}`),
        'instruments',
        s.list(s.suggestedInstrument),
      ),
    resetDemo: async () => {
      await http.request('POST', '/demo/reset');
    },

    // The schemas go in as an argument: price-calls.ts says why.
    prices: () =>
      (priceCalls ??= import('./price-calls').then(
        (module) =>
          module.createPriceCalls(http, {
            field: d.field,
            list: s.list,
            dayPrice: s.dayPrice,
            listing: s.listing,
            suggestion: s.suggestion,
            investment: s.investment,
          }),
        (error: unknown) => {
          // A chunk that could not load (offline) is asked for again at the next use.
          priceCalls = undefined;
          throw error;
        },
      )),
    imports: loadOnce(() => import('./import-calls').then((m) => m.createImportCalls(http))),
    reports: loadOnce(() => import('./report-calls').then((m) => m.createReportCalls(http))),
    cash: loadOnce(() => import('./cash-calls').then((m) => m.createCashCalls(http))),
  };
}
