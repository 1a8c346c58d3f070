// @vitest-environment jsdom
// Danish and English (issue 15): Profile's Language switches every text and figure, <html lang>
// follows, and the choice is remembered on the device.
import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support';

/** A Danish amount: "1.234,50 DKK" (a comma before the øre, the code after the number). */
const DANISH_AMOUNT = /\d,\d\d\sDKK/;

async function chooseLanguage(label: 'Language' | 'Sprog', option: 'Dansk' | 'English') {
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: label }), option);
}

describe('language', () => {
  it('is English by default, with the spec English texts', async () => {
    await renderApp('/profile', { as: 'demo' });
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Show currency' })).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect((select as HTMLSelectElement).value).toBe('en');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'Dansk']);
    expect(document.documentElement.lang).toBe('en');
  });

  it('Dansk in Profile turns labels and figures Danish, and is remembered', async () => {
    const { flag } = await renderApp('/profile', { as: 'demo' });
    await chooseLanguage('Language', 'Dansk');

    expect(await screen.findByRole('heading', { name: 'Profil' })).toBeTruthy();
    expect(await screen.findByRole('switch', { name: 'Vis valuta' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rediger profil' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Skjul beløb' })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('da'));
    expect(flag.get('language')).toBe('da');

    // A reload on the same device opens in Danish, numbers included.
    await renderApp('/home', { storage: flag });
    const total = await screen.findByRole('region', { name: 'Samlet værdi' });
    await waitFor(() => expect(total.textContent).toMatch(DANISH_AMOUNT));
    expect(await screen.findByRole('table', { name: 'Investeringer' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Porteføljer' })).toBeTruthy();
  });

  it('English again brings back the spec texts', async () => {
    const storage = new Map([['language', 'da']]);
    await renderApp('/profile', { as: 'demo', storage });
    await chooseLanguage('Sprog', 'English');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Hide sold investments' })).toBeTruthy();
    expect(storage.get('language')).toBe('en');
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
  });

  it("issue 27's texts speak Danish: first step, no portfolio, Total, held and sold", async () => {
    const da = () => new Map([['language', 'da']]);
    await renderApp('/home', { as: 'fresh', storage: da() });
    expect(
      await screen.findByRole('link', { name: 'Klik her for at oprette en portefølje' }),
    ).toBeTruthy();
    cleanup();
    await renderApp('/investments/create', { as: 'fresh', storage: da() });
    expect(await screen.findByRole('link', { name: 'Opret en portefølje først' })).toBeTruthy();
    cleanup();
    await renderApp('/investments/create', { as: 'demo', storage: da() });
    expect(await screen.findByLabelText('I alt')).toBeTruthy();
    cleanup();
    await renderApp('/home', { as: 'demo', storage: da() });
    const portfolios = await screen.findByRole('table', { name: 'Porteføljer' });
    const row = (await within(portfolios).findByText(/^\d+ ejet · 1 solgt$/)).closest('tr');
    await userEvent.click(within(row ?? portfolios).getByRole('link'));
    expect(await screen.findByRole('button', { name: 'Vis solgte (1)' })).toBeTruthy();
  });

  it('the landing page speaks Danish too', async () => {
    await renderApp('/', { storage: new Map([['language', 'da']]) });
    expect(await screen.findByRole('button', { name: 'Log ind' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Opret konto' })).toBeTruthy();
  });
});
