// A portfolio's Cash section's switch (cash.machine.ts), a save flow (save-flow.ts) the section
// opens and closes: cash on from an opening balance (booked as a deposit when above 0), or off
// (the entries stay).
import type { Portfolio } from '../../domain/types';
import { changed } from '../data/changes';
import { saveFlow } from '../forms/save-flow';
import type { CashFormInput } from './cash-entry-form.machine';
import {
  CASH_NOTICES,
  OPENING_KEYS,
  openingRules,
  switchOn,
  type OpeningValues,
} from './cash.rules';

export type SwitchFormInput = CashFormInput & {
  /** Cash comes on (the form asks for the opening balance) or goes off (it only confirms). */
  on: boolean;
};

export const switchFormMachine = saveFlow({
  id: 'cashSwitchForm',
  types: { input: {} as SwitchFormInput },
  values: (): OpeningValues => ({ amount: '0', currency_code: 'DKK' }),
  rules: {
    keys: OPENING_KEYS,
    check: ({ input, values }) => (input.on ? openingRules(values) : {}),
    body: ({ input, values }) => (input.on ? switchOn(values) : { cash: false as const }),
  },
  // Repeatable as it is: a second PATCH finds the switch already thrown and books nothing.
  keyed: false,
  submit: ({ context: { input }, body }) =>
    input.api.cash().then((calls) => calls.switchCash(input.portfolioId, body)),
  saved: ({ input }, _portfolio: Portfolio) => ({
    announce: changed('cash.changed'),
    notice: input.on ? CASH_NOTICES.on : CASH_NOTICES.off,
  }),
});
