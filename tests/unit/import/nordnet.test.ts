// Nordnet's Danish export read into rows: the file's format and each kind of line.
import { describe, expect, it } from 'vitest';
import { parse, sniff } from '../../../src/domain/import';
import { latin1, utf8 } from './files';
import {
  BANK,
  INDEX_FUND,
  nordnetFile,
  nordnetText,
  US_STOCK,
  type NordnetLine,
} from './nordnet-file';
import { EXPECTED, FILE_LINES, lineOf } from './nordnet-history';

describe('Nordnet Danish export (UTF-16LE, TAB, five Valuta columns)', () => {
  const bytes = nordnetFile(FILE_LINES);

  it('is recognised from its header, with its settings and samples', async () => {
    const sniffed = await sniff(bytes, 'transactions-and-notes-export.csv');
    expect(sniffed).toMatchObject({
      kind: 'csv',
      encoding: 'utf-16le',
      separator: '\t',
      headerRow: 0,
      preset: { id: 'nordnet-da', source: 'nordnet', label: 'Nordnet export' },
      rowCount: 12,
      dateSpan: { from: '2024-03-04', to: '2024-12-31' },
      decimalSeparator: { value: ',' },
      thousandsSeparator: { value: '.' },
      dateFormat: { value: 'yyyy-MM-dd' },
    });
    expect(sniffed.decimalSeparator.samples.length).toBeGreaterThan(0);
    expect(sniffed.dateFormat.samples[0]).toBe('2024-12-31');
    // The five Valuta columns, each named after the column before it.
    expect(sniffed.headers.filter((header) => header.endsWith('Valuta'))).toEqual([
      'Samlede afgifter Valuta',
      'Beløb Valuta',
      'Indkøbsværdi Valuta',
      'Resultat Valuta',
      'Kurtage Valuta',
    ]);
    expect(sniffed.typeValues).toContainEqual({ word: 'KØBT', count: 7 });
  });

  it('gives the expected rows, fees on the trades and the broker rate kept', async () => {
    const result = await parse(bytes, { fileName: 'x.csv' });
    expect(result.problem).toBeUndefined();
    expect(result.blocked).toBe(false);
    expect(result.rows).toEqual(EXPECTED);
  });

  it('reads the account (Depot) every line names; a file of two accounts has none', async () => {
    expect((await parse(bytes, { fileName: 'x.csv' })).account).toBe('11111111');
    const two = nordnetFile([...FILE_LINES, { ...FILE_LINES[0], id: '9', depot: '22222222' }]);
    expect((await parse(two, { fileName: 'x.csv' })).account).toBeNull();
  });

  it('accounts for every line: cancelled, cash, paired tax and the ragged row', async () => {
    const { lines } = await parse(bytes, { fileName: 'x.csv' });
    expect(lines).toHaveLength(12);
    const status = (id: string) => lines[lineOf(id) - 1];
    expect(status('1000000002')).toMatchObject({ status: 'skipped', reason: 'cancelled' });
    expect(status('1000000011')).toMatchObject({
      status: 'skipped',
      reason: 'cash',
      word: 'INDBETALING',
    });
    expect(status('1000000007')).toMatchObject({ status: 'skipped', reason: 'paired' });
    expect(status('1000000007')?.messages).toContainEqual({
      level: 'info',
      code: 'row.withholding_paired',
      field: 'amount',
      params: { line: lineOf('1000000006'), tax: '1.04' },
    });
    expect(status('1000000005')?.status).toBe('ok');
    expect(status('1000000005')?.messages).toContainEqual({
      level: 'info',
      code: 'row.ragged',
      params: { expected: 30, got: 31 },
    });
    expect(status('1000000008')?.messages.map((m) => m.code)).toContain('currency.gbx_converted');
  });

  it('reconciles the running quantity "Totalt antal" per instrument', async () => {
    const { reconciliation } = await parse(bytes, { fileName: 'x.csv' });
    expect(reconciliation).toEqual(
      expect.arrayContaining([
        {
          instrument: INDEX_FUND.isin,
          expected: '10',
          computed: '10',
          line: lineOf('1000000012'),
          ok: true,
        },
        {
          instrument: BANK.isin,
          expected: '40',
          computed: '40',
          line: lineOf('1000000010'),
          ok: true,
        },
        {
          instrument: US_STOCK.isin,
          expected: '2',
          computed: '2',
          line: lineOf('1000000005'),
          ok: true,
        },
      ]),
    );
    // A missing row shows as a difference.
    const gap = nordnetFile(FILE_LINES.filter((line) => line.id !== '1000000003'));
    const check = (await parse(gap, { fileName: 'x.csv' })).reconciliation.find(
      (r) => r.instrument === INDEX_FUND.isin,
    );
    expect(check).toMatchObject({ expected: '10', computed: '8', ok: false });
  });

  it('totals per year by kind and currency', async () => {
    const { totals } = await parse(bytes, { fileName: 'x.csv' });
    expect(totals).toEqual([
      {
        year: 2024,
        counts: { buy: 6, sell: 1, dividend: 1, split: 1, price: 0 },
        bought: { DKK: '2929.5', USD: '202', GBP: '496.5' },
        sold: { DKK: '4909.24' },
        // Gross, before the tax withheld.
        dividends: { USD: '1' },
        // In DKK at each row's rate, beside the file's own amounts (`Beløb`) to tick off.
        dkk: { bought: '8642.85', sold: '4909.24', dividends: '6.9' },
        file: { bought: { DKK: '8642.85' }, sold: { DKK: '4909.24' } },
      },
    ]);
  });

  it('blocks on an unknown type word until it is mapped or skipped, dropping nothing', async () => {
    const odd: NordnetLine = {
      id: '1000000099',
      day: '2024-09-09',
      type: 'OMBYTNING',
      ...BANK,
      shares: '40',
      amount: '0',
    };
    const file = nordnetFile([odd, ...FILE_LINES]);
    const blocked = await parse(file, { fileName: 'x.csv' });
    expect(blocked.blocked).toBe(true);
    expect(blocked.unknownTypes).toEqual([{ word: 'OMBYTNING', count: 1 }]);
    expect(blocked.lines[0]).toMatchObject({
      status: 'error',
      messages: [
        { level: 'error', code: 'type.unknown', field: 'type', params: { word: 'OMBYTNING' } },
      ],
    });
    const skipped = await parse(file, { fileName: 'x.csv', typeWords: { ombytning: 'skip' } });
    expect(skipped.blocked).toBe(false);
    expect(skipped.lines[0]).toMatchObject({ status: 'skipped', reason: 'ignored' });
    expect(skipped.rows).toHaveLength(EXPECTED.length);
  });

  it('asks for a split ratio the text does not give, and takes the one the user gives', async () => {
    const split: NordnetLine = {
      id: '1000000050',
      day: '2024-07-01',
      type: 'SPLIT',
      ...BANK,
      shares: '40',
      amount: '0',
    };
    const file = nordnetFile([split]);
    const asked = await parse(file, { fileName: 'x.csv' });
    expect(asked.lines[0]?.messages).toContainEqual({
      level: 'error',
      code: 'split.ratio_missing',
      field: 'split_from',
      params: { line: 1 },
    });
    const given = await parse(file, { fileName: 'x.csv', splitRatios: { 1: { from: 1, to: 4 } } });
    expect(given.rows[0]).toMatchObject({ kind: 'split', split_from: 1, split_to: 4 });
  });

  it('reads the older ";" Latin-1 layout', async () => {
    const header =
      'Id;Bogføringsdag;Handelsdag;Valørdag;Transaktionstype;Værdipapirer;Instrumenttype;ISIN;Antal;Kurs;Rente;Afgifter;Beløb;Valuta;Indkøbsværdi;Resultat;Totalt antal;Saldo;Vekslingskurs;Transaktionstekst;Makuleringsdato;Verifikationsnummer';
    const rows = [
      `2000000002;05-03-2024;05-03-2024;07-03-2024;UDB.;${BANK.name};Aktie;${BANK.isin};10;2,5;;;25;DKK;;;;1.025;;;;`,
      `2000000001;04-03-2024;04-03-2024;06-03-2024;KØBT;${BANK.name};Aktie;${BANK.isin};10;80;;29;-829;DKK;;;10;1.000;;;;`,
    ];
    const file = latin1(`${header}\r\n${rows.join('\r\n')}\r\n`);
    const sniffed = await sniff(file, 'old.csv');
    expect(sniffed).toMatchObject({
      encoding: 'windows-1252',
      separator: ';',
      preset: { id: 'nordnet-da-semicolon' },
      dateFormat: { value: 'dd-MM-yyyy' },
    });
    const { rows: parsed } = await parse(file, { fileName: 'old.csv' });
    expect(parsed).toEqual([
      {
        line: 1,
        kind: 'dividend',
        date: '2024-03-05',
        instrument: BANK,
        external_id: '2000000002',
        amount: 25,
        currency_code: 'DKK',
      },
      {
        line: 2,
        kind: 'buy',
        date: '2024-03-04',
        instrument: BANK,
        external_id: '2000000001',
        shares: 10,
        share_price: 80,
        fee: 29,
        currency_code: 'DKK',
      },
    ]);
  });

  it('recognises the Swedish and Norwegian headers', async () => {
    const sv =
      'Id\tBokföringsdag\tAffärsdag\tLikviddag\tDepå\tTransaktionstyp\tVärdepapper\tISIN\tAntal\tKurs\tRänta\tTotal Avgift\tValuta\tBelopp\tValuta\tTotalt antal\tVäxlingskurs\tTransaktionstext\tMakuleringsdatum\r\n' +
      `3000000001\t2024-03-04\t2024-03-04\t2024-03-06\t22222222\tKÖPT\t${BANK.name}\t${BANK.isin}\t10\t80\t\t29\tSEK\t-829\tSEK\t10\t\t\t\r\n`;
    const svResult = await parse(utf8(sv), { fileName: 'sv.csv' });
    expect(svResult.preset?.id).toBe('nordnet-sv');
    expect(svResult.rows[0]).toMatchObject({
      kind: 'buy',
      shares: 10,
      share_price: 80,
      fee: 29,
      currency_code: 'SEK',
    });
    const no =
      'Id\tBokføringsdag\tHandelsdag\tOppgjørsdag\tPortefølje\tTransaksjonstype\tVerdipapir\tISIN\tAntall\tKurs\tRente\tTotale Avgifter\tValuta\tBeløp\tValuta\tTotalt antall\tVekslingskurs\tTransaksjonstekst\tMakuleringsdato\r\n' +
      `4000000001\t2024-03-04\t2024-03-04\t2024-03-06\t33333333\tSALG\t${BANK.name}\t${BANK.isin}\t5\t90,5\t\t\t\t452,5\tNOK\t5\t\t\t\r\n`;
    const noResult = await parse(utf8(no), { fileName: 'no.csv' });
    expect(noResult.preset?.id).toBe('nordnet-no');
    expect(noResult.rows[0]).toMatchObject({
      kind: 'sell',
      shares: 5,
      share_price: 90.5,
      currency_code: 'NOK',
    });
  });

  it('reads the same file as UTF-8 with a BOM and with ";" (detected, not assumed)', async () => {
    const text = nordnetText(FILE_LINES);
    const result = await parse(utf8(`\ufeff${text.replace(/\t/g, ';')}`), { fileName: 'x.csv' });
    expect(result.rows).toEqual(EXPECTED);
  });
});

describe("Nordnet: a dividend's money and its withholding tax", () => {
  const DIVIDEND: NordnetLine = {
    id: '1000000301',
    day: '2024-05-02',
    type: 'UDBYTTE',
    ...INDEX_FUND,
    shares: '10',
    price: '4,5',
    amount: '45,00',
  };
  const TAX: NordnetLine = {
    id: '1000000302',
    day: '2024-05-02',
    type: 'UDBYTTESKAT',
    ...INDEX_FUND,
    amount: '-12,15',
  };
  const read = async (lines: NordnetLine[]) =>
    parse(nordnetFile([...lines].reverse()), { fileName: 'x.csv' });

  it('keeps a DKK dividend gross with the tax of its UDBYTTESKAT line', async () => {
    const { rows, lines } = await read([DIVIDEND, TAX]);
    expect(rows).toEqual([
      {
        line: 2,
        kind: 'dividend',
        date: '2024-05-02',
        instrument: INDEX_FUND,
        external_id: '1000000301',
        amount: 45,
        withholding_tax: 12.15,
        currency_code: 'DKK',
      },
    ]);
    expect(lines[1]?.messages).toContainEqual({
      level: 'info',
      code: 'row.withholding_paired',
      field: 'withholding_tax',
      params: { line: 1, tax: '12.15' },
    });
  });

  it('refuses a dividend whose shares × dividend per share is not its amount', async () => {
    const { rows, lines } = await read([{ ...DIVIDEND, amount: '54,00' }, TAX]);
    expect(rows).toEqual([]);
    expect(lines[1]).toMatchObject({ status: 'error' });
    expect(lines[1]?.messages).toContainEqual({
      level: 'error',
      code: 'amount.mismatch',
      field: 'amount',
      params: { currency: 'DKK', amount: '54.00', computed: '45.00' },
    });
    // Its tax has no dividend left to go with.
    expect(lines[0]).toMatchObject({ status: 'warning' });
  });

  it('refuses a tax withheld above its dividend', async () => {
    const { rows, lines } = await read([DIVIDEND, { ...TAX, amount: '-45,01' }]);
    expect(rows).toEqual([]);
    expect(lines[1]?.messages).toContainEqual({
      level: 'error',
      code: 'row.withholding_exceeds',
      field: 'withholding_tax',
      params: { tax: '45.01', amount: '45' },
    });
  });
});
