// @vitest-environment jsdom
// Amounts as entered beside DKK (issue 27, item 4): a transaction row gives an event entered in
// another currency as it was typed and in DKK, in both languages and hidden in privacy mode.
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Transaction } from '../../../src/domain/types';
import type { AmountFormat } from '../../../src/domain/numbers';
import { danish } from '../../../src/i18n/da';
import { AmountFormatProvider } from '../../../src/ui/components/format-context';
import { AsEntered } from '../../../src/ui/components/figures/money';
import { TransactionsTable } from '../../../src/ui/events/transactions-table';
import { I18nProvider, makeI18n } from '../../../src/ui/app/use-i18n';

const bitcoin: Transaction = {
  id: '1',
  investment_id: '7',
  type: 'buy',
  stock_name: 'Bitcoin',
  shares: 1,
  stock_price: 117510.76,
  total_value: 117510.76,
  date: '2026-11-02T12:00:00.000Z',
  from_shares: null,
  to_shares: null,
  entered: { currency_code: 'USD', stock_price: 17300, total_value: 17300 },
};

const novo: Transaction = {
  ...bitcoin,
  id: '2',
  stock_name: 'Novo Nordisk B',
  shares: 10,
  stock_price: 428.78,
  total_value: 4287.8,
  entered: { currency_code: 'DKK', stock_price: 428.78, total_value: 4287.8 },
};

const dividend: Transaction = {
  ...bitcoin,
  id: '3',
  type: 'div',
  stock_name: 'Apple',
  shares: 0,
  stock_price: 0,
  total_value: 1024.4,
  entered: { currency_code: 'USD', stock_price: 0, total_value: 144.31 },
};

const ENGLISH: AmountFormat = { showCurrency: true, showDecimals: true, locale: 'en-GB' };

function renderRows(transactions: Transaction[], format = ENGLISH, language?: 'da') {
  const table = (
    <AmountFormatProvider value={format}>
      <TransactionsTable label="Transactions" transactions={transactions} />
    </AmountFormatProvider>
  );
  render(language ? <I18nProvider value={makeI18n('da', danish)}>{table}</I18nProvider> : table);
}

/** A cell's text as it reads: Intl puts a no-break space between code and amount. */
const read = (element: Element) => element.textContent.replace(/\u00a0/g, ' ');

/** The row of `name` as {column header: cell text}. */
function row(name: string): Record<string, string> {
  const table = screen.getByRole('table', { name: 'Transactions' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => read(header));
  const cells = within(within(table).getByRole('row', { name: new RegExp(name) })).getAllByRole(
    'cell',
  );
  return Object.fromEntries(cells.map((cell, i) => [headers[i], read(cell)]));
}

describe('a transaction row', () => {
  it('gives a purchase entered in USD as typed, with DKK after the value', () => {
    renderRows([bitcoin]);
    expect(row('Bitcoin')).toMatchObject({
      Price: 'USD 17,300.00',
      Value: 'USD 17,300.00 · DKK 117,510.76',
    });
  });

  it('gives an event entered in DKK in DKK alone', () => {
    renderRows([novo]);
    expect(row('Novo')).toMatchObject({ Price: 'DKK 428.78', Value: 'DKK 4,287.80' });
  });

  it('gives a dividend in USD as received and in DKK, with no price', () => {
    renderRows([dividend]);
    expect(row('Apple')).toMatchObject({ Price: '–', Value: 'USD 144.31 · DKK 1,024.40' });
  });

  it('shows DKK alone where the backend does not say how an event was entered', () => {
    const { entered: _, ...spec } = bitcoin;
    renderRows([spec]);
    expect(row('Bitcoin')).toMatchObject({ Price: 'DKK 117,510.76', Value: 'DKK 117,510.76' });
  });

  it('names DKK beside an amount in another currency even where the currency is turned off', () => {
    renderRows([bitcoin, novo], { ...ENGLISH, showCurrency: false });
    expect(row('Bitcoin').Value).toBe('USD 17,300.00 · DKK 117,510.76');
    expect(row('Novo').Value).toBe('4,287.80');
  });

  it('writes Danish figures in Danish', () => {
    renderRows([bitcoin], { ...ENGLISH, locale: 'da-DK' }, 'da');
    expect(row('Bitcoin')).toMatchObject({
      Kurs: '17.300,00 USD',
      Værdi: '17.300,00 USD · 117.510,76 DKK',
    });
  });

  it('hides both amounts in privacy mode', () => {
    renderRows([bitcoin], { ...ENGLISH, hidden: true });
    const { Price, Value } = row('Bitcoin');
    expect(Price).toBe('USD ••••hidden amount');
    expect(Value).toBe('USD ••••hidden amount · DKK ••••hidden amount');
  });
});

describe('AsEntered', () => {
  const amounts = (entered: ReactNode | undefined) =>
    render(
      <p>
        <AsEntered entered={entered} dkk="DKK 1,321.91" />
      </p>,
    ).container.textContent;

  it('puts the amount as entered first, then DKK', () => {
    expect(amounts('USD 191.60')).toBe('USD 191.60 · DKK 1,321.91');
  });

  it('without one, is DKK alone', () => {
    expect(amounts(undefined)).toBe('DKK 1,321.91');
  });
});
