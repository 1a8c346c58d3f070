// Currencies, identifier checks and the demo's reset.
import { CURRENCIES } from '../../domain/market';
import { INSTRUMENT_TYPES } from '../../domain/types';
import { json, noContent, unprocessable, type Route } from '../answers';
import { knownInstrument } from '../catalogue';
import { Validator } from '../validation';

export function metaRoutes({ demoReset }: { demoReset: boolean }): Route[] {
  const routes: Route[] = [
    {
      method: 'GET',
      path: '/api/v1/currencies',
      access: 'auth',
      handle: () => Promise.resolve(json(200, { currency_codes: CURRENCIES })),
    },
    {
      method: 'POST',
      path: '/api/v1/instruments/validate',
      access: 'auth',
      handle: ({ body }) => {
        const v = new Validator(body);
        const isin = v.text('isin', 32);
        const type = v.oneOf('type', INSTRUMENT_TYPES);
        if (v.failed || !isin || !type) return Promise.resolve(unprocessable(v));
        return Promise.resolve(json(200, { valid: knownInstrument(type, isin) !== undefined }));
      },
    },
  ];
  // Only where the deployment can restore demo data (the in-browser demo).
  if (demoReset)
    routes.push({
      method: 'POST',
      path: '/api/v1/demo/reset',
      access: 'auth',
      handle: async ({ resetDemoData }) => {
        await resetDemoData?.();
        return noContent();
      },
    });
  return routes;
}
