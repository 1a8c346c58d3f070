// Nordnet's Danish export: UTF-16LE with BOM, TAB, CRLF, 30 columns of which five are `Valuta`.

import { isin, utf16le } from './files';

export const NORDNET_DA_HEADERS = [
  'Id',
  'Bogføringsdag',
  'Handelsdag',
  'Valørdag',
  'Depot',
  'Transaktionstype',
  'Værdipapirer',
  'ISIN',
  'Antal',
  'Kurs',
  'Rente',
  'Samlede afgifter',
  'Valuta',
  'Beløb',
  'Valuta',
  'Indkøbsværdi',
  'Valuta',
  'Resultat',
  'Valuta',
  'Totalt antal',
  'Saldo',
  'Vekslingskurs',
  'Transaktionstekst',
  'Makuleringsdato',
  'Notanummer',
  'Verifikationsnummer',
  'Kurtage',
  'Valuta',
  'Middelkurs',
  'Oprindelig rente',
] as const;

/** A Nordnet line by meaning; the writer puts each value in its column. */
export interface NordnetLine {
  id: string;
  day: string;
  type: string;
  name?: string;
  isin?: string;
  shares?: string;
  price?: string;
  fee?: string;
  currency?: string;
  amount: string;
  total?: string;
  /** The running cash balance, `Saldo`. */
  balance?: string;
  depot?: string;
  rate?: string;
  text?: string;
  cancelled?: string;
  /** Nordnet at times adds one empty cell too many. */
  extraTab?: boolean;
}

export function nordnetCells(line: NordnetLine): string[] {
  const cells = [
    line.id,
    line.day,
    line.day,
    line.day,
    line.depot ?? '11111111',
    line.type,
    line.name ?? '',
    line.isin ?? '',
    line.shares ?? '',
    line.price ?? '',
    '',
    line.fee ?? '',
    line.fee ? (line.currency ?? 'DKK') : '',
    line.amount,
    'DKK',
    '',
    '',
    '',
    '',
    line.total ?? '',
    line.balance ?? '',
    line.rate ?? '',
    line.text ?? '',
    line.cancelled ?? '',
    '',
    '',
    line.fee ?? '',
    line.fee ? (line.currency ?? 'DKK') : '',
    '',
    '',
  ];
  return line.extraTab ? [...cells, ''] : cells;
}

export function nordnetText(lines: readonly NordnetLine[]): string {
  return [NORDNET_DA_HEADERS.join('\t'), ...lines.map((line) => nordnetCells(line).join('\t'))]
    .map((row) => `${row}\r\n`)
    .join('');
}

export const nordnetFile = (lines: readonly NordnetLine[]): Uint8Array =>
  utf16le(nordnetText(lines));

export const INDEX_FUND = { name: 'Eksempel Global Indeks', isin: isin('DK00000000A') };
export const US_STOCK = { name: 'Example Corp', isin: isin('US00000000B') };
export const UK_STOCK = { name: 'Sample Holdings plc', isin: isin('GB00000000C') };
export const BANK = { name: 'Prøve Bank A/S', isin: isin('DK00000000D') };
export const APPLE = { name: 'Apple', isin: 'US0378331005' };

/** Issue 34's row: 3 Apple at 185,5 dollars, the fee's `Valuta` DKK, `Beløb` DKK 3,834.95. */
export const DOLLAR_PRICE_DKK_FEE = {
  type: 'KØBT',
  ...APPLE,
  shares: '3',
  price: '185,5',
  fee: '0',
  currency: 'DKK',
  rate: '6,8912',
  amount: '-3.834,95',
} as const;

/** `count` made-up trades over the years, newest first as Nordnet writes them (benchmark). */
export function manyNordnetLines(count: number): NordnetLine[] {
  const lines: NordnetLine[] = [];
  let held = 0;
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2016, 0, 4) + i * 86_400_000 * 0.36).toISOString().slice(0, 10);
    const buy = i % 3 !== 2;
    held += buy ? 3 : -3;
    lines.push({
      id: String(1_000_000_000 + i),
      day,
      type: buy ? 'KØBT' : 'SOLGT',
      ...INDEX_FUND,
      shares: '3',
      price: '1.150,25',
      fee: '29',
      amount: buy ? '-3.479,75' : '3.421,75',
      total: String(held),
    });
  }
  return lines.reverse();
}
