// The app's one API client, against VITE_API_URL (or the page's origin, where Mirage answers).
import { apiOrigin } from '../env';
import { createApi, type Api } from './api';
import { createHttp } from './http';

export const api: Api = createApi(createHttp({ origin: apiOrigin }));

export { createApi } from './api';
export type { Api, CreateOptions, EventPayload, ImportCalls, PriceCalls, SendOptions } from './api';
export type {
  DayPrice,
  DividendSuggestion,
  Listing,
  PricePayload,
  PriceRange,
  PriceSource,
  Quote,
  QuotedInvestment,
  SplitSuggestion,
  Suggestion,
  SuggestionRef,
} from './price-types';
export { createHttp } from './http';
export type { Http, HttpOptions } from './http';
export { ApiError, messageOf } from './errors';
export type { ApiErrorKind, FieldErrors } from './errors';
