import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { DividendSuggestion, SplitSuggestion } from '../../../src/api';
import {
  offered,
  recordedBy,
  recordMode,
  suggestionsMachine,
} from '../../../src/machines/suggestions/suggestions.machine';
import { recordValues } from '../../../src/machines/events/record-suggestion';
import { deferred, fakeApi, fakeSession, flush, http, recorder } from '../support';

const split: SplitSuggestion = {
  kind: 'split',
  date: '2024-06-10',
  numerator: 10,
  denominator: 1,
  shares_before: 10,
  shares_after: 100,
};
const dividend: DividendSuggestion = {
  kind: 'dividend',
  date: '2024-08-12',
  per_share: 0.25,
  currency_code: 'USD',
  shares: 100,
  amount: 25,
};

function start(first: Error | undefined = undefined) {
  const api = fakeApi();
  const notices = recorder();
  const session = fakeSession();
  if (first) api.priceCalls.getSuggestions.mockRejectedValueOnce(first);
  else api.priceCalls.getSuggestions.mockResolvedValueOnce([dividend, split]);
  const suggestions = createActor(suggestionsMachine, {
    input: {
      api,
      data: recorder().ref,
      session: session.session,
      notices: notices.ref,
      investmentId: '5',
    },
  }).start();
  return { api, notices, session, suggestions };
}

describe('recording a suggestion', () => {
  it('names it in the overlay mode, and finds it again while it is offered', () => {
    expect(recordMode(split)).toBe('record:split:2024-06-10');
    expect(recordedBy('record:split:2024-06-10')).toEqual({ kind: 'split', date: '2024-06-10' });
    expect(recordedBy('split')).toBeUndefined();
    expect(recordedBy('record:merger:2024-06-10')).toBeUndefined();
    expect(offered(recordedBy(recordMode(dividend)), [split, dividend])).toBe(dividend);
    expect(offered(recordedBy(recordMode(dividend)), [split])).toBeUndefined();
  });

  it('fills the form with its day and figures', () => {
    expect(recordValues(split)).toEqual({ date: '2024-06-10', shares_after: '100' });
    expect(recordValues(dividend)).toEqual({
      date: '2024-08-12',
      amount: '25',
      currency_code: 'USD',
    });
  });
});

describe('suggestions', () => {
  it('are read when the screen opens', async () => {
    const { api, suggestions } = start();
    await flush();
    expect(api.priceCalls.getSuggestions).toHaveBeenCalledWith('5');
    expect(suggestions.getSnapshot().context.suggestions).toEqual([dividend, split]);
  });

  it('a backend without them, or a failure, shows none', async () => {
    const { suggestions } = start(http(404));
    await flush();
    expect(suggestions.getSnapshot().matches('shown')).toBe(true);
    expect(suggestions.getSnapshot().context.suggestions).toEqual([]);
  });

  it("are read again when the investment's events change (a suggestion recorded)", async () => {
    const { api, suggestions } = start();
    await flush();
    api.priceCalls.getSuggestions.mockResolvedValueOnce([dividend]);
    suggestions.send({ type: 'events.seen', since: '2024-01-02', changed: false });
    expect(api.priceCalls.getSuggestions).toHaveBeenCalledTimes(1);
    suggestions.send({ type: 'events.seen', since: '2024-01-02', changed: true });
    await flush();
    expect(suggestions.getSnapshot().context.suggestions).toEqual([dividend]);
  });

  it('Dismiss asks the server to stop offering it, then it goes', async () => {
    const { api, suggestions } = start();
    await flush();
    const answer = deferred<void>();
    api.priceCalls.dismissSuggestion.mockReturnValueOnce(answer.promise);
    suggestions.send({ type: 'suggestion.dismissed', suggestion: split });
    expect(suggestions.getSnapshot().hasTag('dismissing')).toBe(true);
    expect(suggestions.getSnapshot().context.dismissing).toEqual({
      kind: 'split',
      date: '2024-06-10',
    });
    answer.resolve();
    await flush();
    expect(api.priceCalls.dismissSuggestion).toHaveBeenCalledWith('5', {
      kind: 'split',
      date: '2024-06-10',
    });
    expect(suggestions.getSnapshot().context.suggestions).toEqual([dividend]);
  });

  it('a refused dismissal keeps it and says why', async () => {
    const { api, notices, suggestions } = start();
    await flush();
    api.priceCalls.dismissSuggestion.mockRejectedValueOnce(http(500));
    suggestions.send({ type: 'suggestion.dismissed', suggestion: split });
    await flush();
    expect(suggestions.getSnapshot().context.suggestions).toEqual([dividend, split]);
    expect(notices.events()).toEqual([
      {
        type: 'notice.posted',
        notice: {
          text: 'The suggestion could not be dismissed. The server had a problem. Please try again in a moment.',
        },
      },
    ]);
  });

  it('a dismissal on its way finishes when the view goes', async () => {
    const { api, suggestions } = start();
    await flush();
    const answer = deferred<void>();
    api.priceCalls.dismissSuggestion.mockReturnValueOnce(answer.promise);
    suggestions.send({ type: 'suggestion.dismissed', suggestion: split });
    suggestions.send({ type: 'flow.detached' });
    expect(suggestions.getSnapshot().status).toBe('active');
    answer.resolve();
    await flush();
    expect(suggestions.getSnapshot().status).toBe('done');
  });
});
