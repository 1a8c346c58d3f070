// @vitest-environment jsdom
// Day while the markets are closed (issue 40): the total's span words say from which close its
// change is, in English and Danish, instead of "past 24 hours".
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../support';
import type { Api } from '../../../src/api';

/** Thursday 26 November 2026, Copenhagen's close. */
const THURSDAY_CLOSE = '2026-11-26T16:00:00.000Z';

const closedMarkets = (api: Api): Api => ({
  ...api,
  getValuation: async () => ({ ...(await api.getValuation()), since: THURSDAY_CLOSE }),
});

describe('Day while the markets are closed', () => {
  it('says the total’s change is since Thursday’s close', async () => {
    await renderApp('/home', { as: 'demo', api: closedMarkets });
    const total = await screen.findByRole('region', { name: 'Total value' });
    expect(await within(total).findByText('since Thu 26 Nov close')).toBeTruthy();
    expect(within(total).queryByText('past 24 hours')).toBeNull();
  });

  it('says it in Danish too', async () => {
    const storage = new Map([['language', 'da']]);
    await renderApp('/home', { as: 'demo', api: closedMarkets, storage });
    const total = await screen.findByRole('region', { name: 'Samlet værdi' });
    expect(await within(total).findByText('siden lukning tors. 26. nov.')).toBeTruthy();
  });

  it('keeps "past 24 hours" while a market traded', async () => {
    await renderApp('/home', { as: 'demo' });
    const total = await screen.findByRole('region', { name: 'Total value' });
    expect(await within(total).findByText('past 24 hours')).toBeTruthy();
  });
});
