// Currencies, identifier checks and the mock-only demo reset.
import { CURRENCIES } from '../../domain/market';
import { INSTRUMENT_TYPES } from '../../domain/types';
import { knownInstrument } from '../catalogue';
import { json, noContent, unprocessable, type Route } from '../http';
import { Validator } from '../validation';

export function metaRoutes(): Route[] {
  return [
    {
      method: 'get',
      path: '/api/v1/currencies',
      access: 'auth',
      handle: () => json(200, { currency_codes: CURRENCIES }),
    },
    {
      method: 'post',
      path: '/api/v1/instruments/validate',
      access: 'auth',
      handle: ({ body }) => {
        const v = new Validator(body);
        const isin = v.text('isin', 32);
        const type = v.oneOf('type', INSTRUMENT_TYPES);
        if (v.failed || !isin || !type) return unprocessable(v);
        return json(200, { valid: knownInstrument(type, isin) !== undefined });
      },
    },
    {
      method: 'post',
      path: '/api/v1/demo/reset',
      access: 'auth',
      handle: ({ backend }) => {
        backend.resetDemoData();
        return noContent();
      },
    },
  ];
}
