// A form's "You appear to be offline…" goes once the connection is back (issue 40 item 7): the
// data actor hears the browser's 'online' and tells every save flow, wherever its form sits.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { dataMachine } from '../../../src/machines/data/data.machine';
import { createPortfolioMachine } from '../../../src/machines/portfolios/create-portfolio.machine';
import { createEventMachine } from '../../../src/machines/events/create-event.machine';
import { fakePlatform, flush, formFakes, http, keyMaker, offline, TEST_TODAY } from '../support';

const OFFLINE = 'You appear to be offline. Check your connection and try again.';

/** A form on a page, with the real data actor listening to a fake browser's connection. */
function start() {
  const { input, api, notices, session } = formFakes();
  const platform = fakePlatform({ path: '/portfolios/create' });
  const data = createActor(dataMachine, { input: { api, platform } }).start();
  const form = createActor(createPortfolioMachine, {
    input: { ...input, data, platform, newKey: keyMaker() },
  }).start();
  return { api, form, platform, notices, session };
}

describe('the connection coming back', () => {
  it('takes away the offline error; the name typed stays', async () => {
    const { form, api, platform } = start();
    api.createPortfolio.mockRejectedValue(offline());
    form.send({ type: 'form.submitted', values: { name: 'Pension' } });
    await flush();
    expect(form.getSnapshot().context.formError).toBe(OFFLINE);
    platform.goOnline();
    expect(form.getSnapshot().context.formError).toBeUndefined();
    expect(form.getSnapshot().context.values.name).toBe('Pension');
    expect(form.getSnapshot().matches('editing')).toBe(true);
  });

  it('leaves any other error as it is', async () => {
    const { form, api, platform } = start();
    api.createPortfolio.mockRejectedValue(http(503));
    form.send({ type: 'form.submitted', values: { name: 'Pension' } });
    await flush();
    platform.goOnline();
    expect(form.getSnapshot().context.formError).toBe(
      'The server had a problem. Please try again in a moment.',
    );
  });

  it('reaches a form in an overlay too (Add buy)', async () => {
    const { input, api, overlay } = formFakes();
    const platform = fakePlatform();
    const data = createActor(dataMachine, { input: { api, platform } }).start();
    const form = createActor(createEventMachine, {
      input: {
        ...input,
        data,
        overlay: overlay.ref,
        investmentId: '5',
        kind: 'buy',
        currentShares: 10,
        today: TEST_TODAY,
        newKey: keyMaker(),
      },
    }).start();
    api.createEvent.mockRejectedValue(offline());
    const values = { date: '2026-01-05', shares: '3', share_price: '100', fee: '0' };
    for (const [field, value] of Object.entries(values))
      form.send({ type: 'form.changed', field: field as never, value });
    form.send({ type: 'form.submitted' });
    await flush();
    expect(form.getSnapshot().context.formError).toBe(OFFLINE);
    platform.goOnline();
    expect(form.getSnapshot().context.formError).toBeUndefined();
    expect(form.getSnapshot().context.values).toMatchObject(values);
  });
});
