// The create-investment flow started for a test, and its first page filled.
import { vi } from 'vitest';
import { createActor } from 'xstate';
import { createInvestmentMachine } from '../../../src/machines/investments/create-investment.machine';
import type { InvestmentField } from '../../../src/machines/investments/investment.rules';
import { IDENTIFIER_DEBOUNCE_MS } from '../../../src/machines/investments/identifier-check.machine';
import type { fakeApi } from '../support';
import { fakePlatform, flush, formFakes, keyMaker } from '../support';

export const TODAY = '2026-03-01';

export function start(options: { deepLink?: boolean } = {}) {
  const { input, ...fakes } = formFakes();
  fakes.api.validateInstrument.mockResolvedValue(true);
  const platform = fakePlatform({ path: '/investments/create', ...options });
  const form = createActor(createInvestmentMachine, {
    input: { ...input, platform, today: TODAY, newKey: keyMaker() },
  }).start();
  const change = (field: InvestmentField, value: string) =>
    form.send({ type: 'form.changed', field, value });
  return { ...fakes, platform, form, change };
}

export async function fillPage1(change: (field: InvestmentField, value: string) => void) {
  change('portfolio_id', '1');
  change('name', 'Apple');
  change('isin', 'us0378331005');
  await vi.advanceTimersByTimeAsync(IDENTIFIER_DEBOUNCE_MS);
}

export async function toPage2(
  api: ReturnType<typeof fakeApi>,
  form: ReturnType<typeof start>['form'],
  change: ReturnType<typeof start>['change'],
) {
  await fillPage1(change);
  api.createInvestment.mockResolvedValueOnce(null);
  form.send({ type: 'form.next' });
  await flush();
}
