import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createPortfolioMachine } from '../../../src/machines/portfolios/create-portfolio.machine';
import {
  deferred,
  fakePlatform,
  flush,
  formFakes,
  http,
  invalid,
  keyMaker,
  offline,
  portfolio,
} from '../support';

function start(options: { deepLink?: boolean } = {}) {
  const { input, ...fakes } = formFakes();
  const platform = fakePlatform({ path: '/portfolios/create', ...options });
  const form = createActor(createPortfolioMachine, {
    input: { ...input, platform, newKey: keyMaker() },
  }).start();
  return { ...fakes, platform, form };
}

describe('editing', () => {
  it('a blank name is refused without a call', () => {
    const { form, api } = start();
    form.send({ type: 'form.submitted', values: { name: '   ' } });
    expect(form.getSnapshot().matches('editing')).toBe(true);
    expect(form.getSnapshot().context.fieldErrors.name).toEqual(['This field is required.']);
    expect(api.createPortfolio).not.toHaveBeenCalled();
  });

  it('a name over 255 characters is refused', () => {
    const { form } = start();
    form.send({ type: 'form.submitted', values: { name: 'x'.repeat(256) } });
    expect(form.getSnapshot().context.fieldErrors.name).toEqual([
      'Must be at most 255 characters.',
    ]);
  });

  it('counts characters, not UTF-16 units: 255 emoji pass, 256 do not', () => {
    const { form } = start();
    form.send({ type: 'form.submitted', values: { name: '📈'.repeat(255) } });
    expect(form.getSnapshot().context.fieldErrors.name).toBeUndefined();
    const other = start();
    other.form.send({ type: 'form.submitted', values: { name: '📈'.repeat(256) } });
    expect(other.form.getSnapshot().context.fieldErrors.name).toEqual([
      'Must be at most 255 characters.',
    ]);
  });

  it('Cancel goes back in history', () => {
    const { form, platform } = start();
    form.send({ type: 'form.cancelled' });
    expect(platform.backCalls()).toBe(1);
  });

  it('Cancel on a form opened by a deep link goes to /home instead of leaving the app', () => {
    const { form, platform } = start({ deepLink: true });
    form.send({ type: 'form.cancelled' });
    expect(platform.backCalls()).toBe(0);
    expect(platform.visited).toEqual(['/home']);
  });
});

describe('submitting', () => {
  it('creates with x-validate-only 0 and the trimmed name, announces it as created and goes back', async () => {
    const { form, api, data, platform, notices } = start();
    api.createPortfolio.mockResolvedValue(portfolio('3', 'Pension'));
    form.send({ type: 'form.submitted', values: { name: ' Pension ' } });
    expect(form.getSnapshot().hasTag('submitting')).toBe(true);
    form.send({ type: 'form.submitted', values: { name: 'Pension' } });
    await flush();
    expect(api.createPortfolio).toHaveBeenCalledExactlyOnceWith(
      { name: 'Pension', kind: 'free' },
      { validateOnly: false, idempotencyKey: 'key-1' },
    );
    // What it leaves stale is the data machine's to reload (changes.ts).
    expect(data.events()).toEqual([
      { type: 'portfolio.created', portfolio: portfolio('3', 'Pension') },
    ]);
    expect(notices.events()).toEqual([
      { type: 'notice.posted', notice: { text: 'Portfolio created' } },
    ]);
    expect(platform.backCalls()).toBe(1);
    expect(form.getSnapshot().status).toBe('done');
  });

  it('sends the kind chosen (issue 39): an aktiesparekonto', async () => {
    const { form, api } = start();
    api.createPortfolio.mockResolvedValue(portfolio('3', 'ASK'));
    form.send({ type: 'form.submitted', values: { name: 'ASK', kind: 'aktiesparekonto' } });
    await flush();
    expect(api.createPortfolio).toHaveBeenCalledExactlyOnceWith(
      { name: 'ASK', kind: 'aktiesparekonto' },
      { validateOnly: false, idempotencyKey: 'key-1' },
    );
  });

  it('a 2xx without the portfolio announces the change by name, confirms and goes back', async () => {
    const { form, api, data, platform, notices } = start();
    api.createPortfolio.mockResolvedValue(null);
    form.send({ type: 'form.submitted', values: { name: 'Pension' } });
    await flush();
    expect(data.events()).toEqual([{ type: 'data.changed', change: 'portfolio.created' }]);
    expect(notices.events()).toEqual([
      { type: 'notice.posted', notice: { text: 'Portfolio created' } },
    ]);
    expect(platform.backCalls()).toBe(1);
    expect(form.getSnapshot().status).toBe('done');
  });

  it('422 shows the error under the name and keeps it', async () => {
    const { form, api } = start();
    api.createPortfolio.mockRejectedValue(invalid({ name: ['The name has already been taken.'] }));
    form.send({ type: 'form.submitted', values: { name: 'Pension' } });
    await flush();
    expect(form.getSnapshot().context.fieldErrors).toEqual({
      name: ['The name has already been taken.'],
    });
    expect(form.getSnapshot().context.values.name).toBe('Pension');
  });

  it.each([
    ['5xx', http(503), 'The server had a problem. Please try again in a moment.'],
    ['offline', offline(), 'You appear to be offline. Check your connection and try again.'],
  ])('%s: one message, the name kept, no navigation', async (_name, error, message) => {
    const { form, api, platform, data } = start();
    api.createPortfolio.mockRejectedValue(error);
    form.send({ type: 'form.submitted', values: { name: 'Pension' } });
    await flush();
    expect(form.getSnapshot().context.formError).toBe(message);
    expect(form.getSnapshot().context.values.name).toBe('Pension');
    expect(platform.backCalls()).toBe(0);
    expect(data.types()).toEqual([]);
  });

  it('a second submit while pending is ignored', () => {
    const { form, api } = start();
    api.createPortfolio.mockReturnValue(deferred<never>().promise);
    form.send({ type: 'form.submitted', values: { name: 'A' } });
    form.send({ type: 'form.submitted', values: { name: 'A' } });
    expect(api.createPortfolio).toHaveBeenCalledOnce();
  });
});

describe('the idempotency key', () => {
  const keys = (api: ReturnType<typeof start>['api']) =>
    api.createPortfolio.mock.calls.map(([, options]) => options.idempotencyKey);

  it('Add again after a 5xx or no answer sends the same name with the same key', async () => {
    const { form, api, data } = start();
    api.createPortfolio.mockRejectedValueOnce(http(502)).mockRejectedValueOnce(offline());
    api.createPortfolio.mockResolvedValueOnce(portfolio('3', 'Pension'));
    for (let i = 0; i < 3; i++) {
      form.send({ type: 'form.submitted', values: { name: 'Pension' } });
      await flush();
    }
    expect(keys(api)).toEqual(['key-1', 'key-1', 'key-1']);
    expect(data.types()).toEqual(['portfolio.created']);
  });

  it('another name is another submission: a new key', async () => {
    const { form, api } = start();
    api.createPortfolio.mockRejectedValueOnce(offline());
    form.send({ type: 'form.submitted', values: { name: 'Pension' } });
    await flush();
    api.createPortfolio.mockResolvedValueOnce(portfolio('3', 'Savings'));
    form.send({ type: 'form.submitted', values: { name: 'Savings' } });
    await flush();
    expect(keys(api)).toEqual(['key-1', 'key-2']);
  });

  it('the same name after a refusal is asked again under a new key', async () => {
    const { form, api } = start();
    api.createPortfolio.mockRejectedValueOnce(invalid({ name: ['Taken.'] }));
    form.send({ type: 'form.submitted', values: { name: 'Pension' } });
    await flush();
    api.createPortfolio.mockResolvedValueOnce(portfolio('3', 'Pension'));
    form.send({ type: 'form.submitted', values: { name: 'Pension' } });
    await flush();
    expect(keys(api)).toEqual(['key-1', 'key-2']);
  });
});

describe('a lost session', () => {
  it('the name waits for the user to log in again, then is created once', async () => {
    const { form, api, data, platform, session } = start();
    api.createPortfolio
      .mockRejectedValueOnce(http(401))
      .mockResolvedValueOnce(portfolio('3', 'Pension'));
    form.send({ type: 'form.submitted', values: { name: 'Pension' } });
    await flush();
    expect(form.getSnapshot().hasTag('submitting')).toBe(true);
    expect(platform.visited).toEqual([]);
    session.restore();
    await flush();
    expect(api.createPortfolio).toHaveBeenCalledTimes(2);
    expect(api.createPortfolio.mock.calls[1]).toEqual(api.createPortfolio.mock.calls[0]);
    expect(data.types()).toEqual(['portfolio.created']);
    expect(platform.backCalls()).toBe(1);
  });
});

describe('the screen left (flow.detached)', () => {
  it('while the call runs: the list still learns of it, and no page is left twice', async () => {
    const { form, api, data, platform } = start();
    const call = deferred<ReturnType<typeof portfolio>>();
    api.createPortfolio.mockReturnValue(call.promise);
    form.send({ type: 'form.submitted', values: { name: 'Pension' } });
    form.send({ type: 'flow.detached' });
    call.resolve(portfolio('3', 'Pension'));
    await flush();
    expect(data.types()).toEqual(['portfolio.created']);
    expect(platform.backCalls()).toBe(0);
    expect(platform.visited).toEqual([]);
    expect(form.getSnapshot().status).toBe('done');
  });

  it('while the call runs, and it fails: the flow ends and says so in a notice', async () => {
    const { form, api, data, notices, platform } = start();
    const call = deferred<ReturnType<typeof portfolio>>();
    api.createPortfolio.mockReturnValue(call.promise);
    form.send({ type: 'form.submitted', values: { name: 'Pension' } });
    form.send({ type: 'flow.detached' });
    call.reject(http(500));
    await flush();
    expect(form.getSnapshot().status).toBe('done');
    expect(notices.events()).toEqual([
      {
        type: 'notice.posted',
        notice: { text: expect.stringMatching(/^Nothing was saved\. The server had a problem/) },
      },
    ]);
    expect(data.types()).toEqual([]);
    expect(platform.backCalls()).toBe(0);
  });
});
