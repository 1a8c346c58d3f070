import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { renameMachine, type RenameKind } from '../../../src/machines/valuables/rename.machine';
import { flush, formFakes, http, investment, portfolio } from '../support';

function start(kind: RenameKind = 'portfolio') {
  const { input, ...fakes } = formFakes();
  const rename = createActor(renameMachine, { input: { ...input, kind } }).start();
  return { ...fakes, rename };
}

type Rename = ReturnType<typeof start>['rename'];

/** The edited row's form (rename-form.machine.ts). */
const formOf = (rename: Rename) => rename.getSnapshot().context.form?.getSnapshot();
const draftOf = (rename: Rename) => formOf(rename)?.context.values.name;
const errorOf = (rename: Rename) => {
  const form = formOf(rename)?.context;
  return form?.fieldErrors.name?.join(' ') ?? form?.formError;
};

describe('idle', () => {
  it('a long press starts editing the row with its name', () => {
    const { rename } = start();
    rename.send({ type: 'rename.started', id: '3', name: 'Pension' });
    expect(rename.getSnapshot().matches('editing')).toBe(true);
    expect(rename.getSnapshot().context.id).toBe('3');
    expect(draftOf(rename)).toBe('Pension');
  });
});

describe('editing', () => {
  it('leaving with the name unchanged saves nothing', () => {
    const { rename, api } = start();
    rename.send({ type: 'rename.started', id: '3', name: 'Pension' });
    rename.send({ type: 'rename.blurred' });
    expect(rename.getSnapshot().matches('idle')).toBe(true);
    expect(api.renamePortfolio).not.toHaveBeenCalled();
  });

  it('an empty name stays in edit with an error', () => {
    const { rename, api } = start();
    rename.send({ type: 'rename.started', id: '3', name: 'Pension' });
    rename.send({ type: 'rename.changed', name: '  ' });
    rename.send({ type: 'rename.submitted' });
    expect(rename.getSnapshot().matches('editing')).toBe(true);
    expect(errorOf(rename)).toBe('This field is required.');
    expect(api.renamePortfolio).not.toHaveBeenCalled();
  });

  it('rename.cancelled leaves without saving', () => {
    const { rename } = start();
    rename.send({ type: 'rename.started', id: '3', name: 'Pension' });
    rename.send({ type: 'rename.changed', name: 'Other' });
    rename.send({ type: 'rename.cancelled' });
    expect(rename.getSnapshot().matches('idle')).toBe(true);
  });
});

describe('saving', () => {
  it('submit saves a portfolio name (PATCH) and announces the portfolio renamed', async () => {
    const { rename, api, data, notices } = start('portfolio');
    api.renamePortfolio.mockResolvedValue(portfolio('3', 'Retirement'));
    rename.send({ type: 'rename.started', id: '3', name: 'Pension' });
    rename.send({ type: 'rename.changed', name: ' Retirement ' });
    rename.send({ type: 'rename.submitted' });
    expect(formOf(rename)?.hasTag('submitting')).toBe(true);
    await flush();
    expect(api.renamePortfolio).toHaveBeenCalledWith('3', 'Retirement');
    // The data machine reloads the list (changes.ts).
    expect(data.events()).toEqual([{ type: 'data.changed', change: 'portfolio.renamed' }]);
    expect(notices.events()).toEqual([
      { type: 'notice.posted', notice: { text: 'Portfolio renamed' } },
    ]);
    expect(rename.getSnapshot().matches('idle')).toBe(true);
  });

  it('blur saves an investment name and announces the investment renamed', async () => {
    const { rename, api, data, notices } = start('investment');
    api.renameInvestment.mockResolvedValue(investment('5', 'Apple Inc'));
    rename.send({ type: 'rename.started', id: '5', name: 'Apple' });
    rename.send({ type: 'rename.changed', name: 'Apple Inc' });
    rename.send({ type: 'rename.blurred' });
    await flush();
    expect(api.renameInvestment).toHaveBeenCalledWith('5', 'Apple Inc');
    // The data machine reloads investments and the events that show its name (changes.ts).
    expect(data.events()).toEqual([{ type: 'data.changed', change: 'investment.renamed' }]);
    expect(notices.events()).toEqual([
      { type: 'notice.posted', notice: { text: 'Investment renamed' } },
    ]);
  });

  it('a failure returns to editing with the error and the typed name', async () => {
    const { rename, api, data } = start();
    api.renamePortfolio.mockRejectedValue(http(500));
    rename.send({ type: 'rename.started', id: '3', name: 'Pension' });
    rename.send({ type: 'rename.changed', name: 'Retirement' });
    rename.send({ type: 'rename.submitted' });
    await flush();
    expect(rename.getSnapshot().matches('editing')).toBe(true);
    expect(errorOf(rename)).toBe('The server had a problem. Please try again in a moment.');
    expect(draftOf(rename)).toBe('Retirement');
    expect(data.types()).toEqual([]);
  });
});

describe('a lost session', () => {
  it('the typed name waits for the user to log in again, then is saved once', async () => {
    const { rename, api, data, session } = start('portfolio');
    api.renamePortfolio
      .mockRejectedValueOnce(http(401))
      .mockResolvedValueOnce(portfolio('3', 'Retirement'));
    rename.send({ type: 'rename.started', id: '3', name: 'Pension' });
    rename.send({ type: 'rename.changed', name: 'Retirement' });
    rename.send({ type: 'rename.submitted' });
    await flush();
    expect(formOf(rename)?.hasTag('submitting')).toBe(true);
    expect(draftOf(rename)).toBe('Retirement');
    session.restore();
    await flush();
    expect(api.renamePortfolio).toHaveBeenCalledTimes(2);
    expect(data.events()).toEqual([{ type: 'data.changed', change: 'portfolio.renamed' }]);
  });

  it('the table gone while saving: the save finishes and is announced, then the flow ends', async () => {
    const { rename, api, data } = start('portfolio');
    api.renamePortfolio.mockResolvedValue(portfolio('3', 'Retirement'));
    rename.send({ type: 'rename.started', id: '3', name: 'Pension' });
    rename.send({ type: 'rename.changed', name: 'Retirement' });
    rename.send({ type: 'rename.submitted' });
    rename.send({ type: 'flow.detached' });
    await flush();
    expect(data.events()).toEqual([{ type: 'data.changed', change: 'portfolio.renamed' }]);
    expect(rename.getSnapshot().status).toBe('done');
  });
});
