// The app's one API client, against VITE_API_URL (or the page's origin, where Mirage answers).
import { apiOrigin } from '../env';
import { createApi, type Api } from './api';
import { createHttp } from './http';

export const api: Api = createApi(createHttp({ origin: apiOrigin }));

export { createApi } from './api';
export type { Api, CreateOptions, EventPayload } from './api';
export type { ImportCalls } from './import-calls';
export type { PriceCalls } from './price-calls';
export type { InvestmentTaxClass, ReportCalls, TaxSettings, YearReport } from './report-calls';
export type { CashAccount, CashCalls, CashEntry, CashEntryPayload, CashSwitch } from './cash-calls';
export type {
  DayPrice,
  DividendSuggestion,
  Listing,
  PricePayload,
  PriceRange,
  PriceSource,
  Quote,
  SplitSuggestion,
  Suggestion,
  SuggestionRef,
} from './price-types';
export { createHttp } from './http';
export type { Http, HttpOptions, SendOptions } from './http';
export { ApiError, messageOf } from './errors';
export type { ApiErrorKind, FieldErrors } from './errors';
