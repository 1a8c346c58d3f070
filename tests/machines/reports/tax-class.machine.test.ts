// An investment's tax class (tax-class.machine.ts): loaded; an override needs a reason and is
// sent again after a login; a backend without the call leaves the section out.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Api, InvestmentTaxClass } from '../../../src/api';
import type { TaxClassOverride } from '../../../src/domain/tax';
import { taxClassMachine } from '../../../src/machines/reports';
import { flush, formFakes, http } from '../support';

const RULE: InvestmentTaxClass = {
  year: 2026,
  taxation: 'realisation',
  income: 'share',
  basis: 'listed-share',
  reason: null,
};
const OVERRIDE: TaxClassOverride = { taxation: 'yearly', income: 'capital', reason: ' Bonds ' };

function start(load = () => Promise.resolve(RULE)) {
  const { input, ...fakes } = formFakes();
  const save = vi.fn((override: TaxClassOverride) =>
    Promise.resolve<InvestmentTaxClass>({ ...RULE, ...override, basis: 'user' }),
  );
  type Call = { api: Api; id: string };
  const actor = createActor(
    taxClassMachine.provide({
      actors: {
        load: fromPromise<InvestmentTaxClass, Call>(() => load()),
        save: fromPromise<InvestmentTaxClass, Call & { override: TaxClassOverride }>(
          ({ input: { override } }) => save(override),
        ),
      },
    }),
    { input: { ...input, investmentId: '5' } },
  ).start();
  return { ...fakes, actor, save };
}

describe('loading', () => {
  it('shows the class', async () => {
    const { actor } = start();
    await flush();
    expect(actor.getSnapshot().context.taxClass).toEqual(RULE);
  });

  it('a backend without tax classes (404) leaves the section out', async () => {
    const { actor } = start(() => Promise.reject(http(404)));
    await flush();
    expect(actor.getSnapshot().matches('unavailable')).toBe(true);
  });
});

describe('editing', () => {
  it('refuses a blank reason without a call', async () => {
    const { actor, save } = start();
    await flush();
    actor.send({ type: 'override.opened' });
    actor.send({ type: 'override.submitted', override: { ...OVERRIDE, reason: '  ' } });
    expect(actor.getSnapshot().context.reasonError).toBe('This field is required.');
    expect(save).not.toHaveBeenCalled();
  });

  it('saves the trimmed reason, confirms, and sends it again after a lost session', async () => {
    const { actor, save, session, notices } = start();
    await flush();
    save.mockRejectedValueOnce(http(401));
    actor.send({ type: 'override.opened' });
    actor.send({ type: 'override.submitted', override: OVERRIDE });
    await flush();
    expect(actor.getSnapshot().matches('awaitingSave')).toBe(true);
    session.restore();
    await flush();
    expect(save.mock.calls).toEqual([
      [{ ...OVERRIDE, reason: 'Bonds' }],
      [{ ...OVERRIDE, reason: 'Bonds' }],
    ]);
    expect(actor.getSnapshot().context.taxClass?.basis).toBe('user');
    expect(notices.events()).toEqual([
      { type: 'notice.posted', notice: { text: 'Tax class saved' } },
    ]);
  });
});
