// Currencies, identifier checks and the demo's reset.
import { CURRENCIES } from '../../domain/market';
import { json, noContent, unprocessable, type Route } from '../answers';
import { instrumentInput } from '../../domain/wire/requests';
import { readRequest } from '../read-request';

/** Longer queries are cut: no name or code in the catalogue is near this long. */
const MAX_SEARCH = 100;

export function metaRoutes({ demoReset }: { demoReset: boolean }): Route[] {
  const routes: Route[] = [
    {
      method: 'GET',
      path: '/api/v1/currencies',
      access: 'auth',
      handle: () => Promise.resolve(json(200, { currency_codes: CURRENCIES })),
    },
    {
      // Ours, not the spec's: a backend without it answers 404 and the form only has no suggestions.
      method: 'GET',
      path: '/api/v1/instruments',
      access: 'auth',
      handle: async ({ request, market }) =>
        json(200, {
          instruments: await market.search((request.query.search ?? '').slice(0, MAX_SEARCH)),
        }),
    },
    {
      method: 'POST',
      path: '/api/v1/instruments/validate',
      access: 'auth',
      handle: async ({ body, market }) => {
        const { value: input, errors } = readRequest(instrumentInput, body);
        if (!input) return unprocessable(errors);
        const refused = 'refusal' in (await market.resolve(input.type, input.isin));
        return json(200, { valid: !refused });
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
