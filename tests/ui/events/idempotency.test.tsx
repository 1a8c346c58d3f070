// @vitest-environment jsdom
// Idempotency keys against the Mirage test server: a create whose answer is lost, then sent again
// by the user with the form unchanged, is booked once; the app then shows the first answer.
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Api } from '../../../src/api';
import { networkError } from '../../../src/api/errors';
import { renderApp, testApi } from '../support';

/** The API with the answer of the first create lost on its way back: the server has run it. */
function losingFirstAnswer(api: Api): Api {
  let lost = false;
  return {
    ...api,
    createPortfolio: async (payload, options) => {
      const answer = await api.createPortfolio(payload, options);
      if (lost || options.validateOnly) return answer;
      lost = true;
      throw networkError();
    },
  };
}

describe('a create whose answer was lost', () => {
  it('Add again sends the same key: one portfolio, and the form goes back as it saved', async () => {
    const { paths } = await renderApp('/portfolios/create', {
      as: 'fresh',
      api: losingFirstAnswer,
    });
    await userEvent.type(await screen.findByLabelText('Portfolio name'), 'Pension');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(/You appear to be offline/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(paths.at(-1)).toBe('/home'));
    const table = await screen.findByRole('table', { name: 'Portfolios' });
    expect(within(table).getAllByRole('link', { name: /Pension/ })).toHaveLength(1);
    expect((await testApi().getPortfolios()).map((p) => p.name)).toEqual(['Pension']);
  });
});

describe('the connection coming back', () => {
  it('takes the offline notice off the form; the name typed stays', async () => {
    await renderApp('/portfolios/create', { as: 'fresh', api: losingFirstAnswer });
    const name = await screen.findByLabelText('Portfolio name');
    await userEvent.type(name, 'Pension');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(/You appear to be offline/)).toBeTruthy();
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(/You appear to be offline/)).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>('Portfolio name').value).toBe('Pension');
  });
});
