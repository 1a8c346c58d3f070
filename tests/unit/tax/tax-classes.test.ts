// Which tax class an investment's gains fall in, by SKAT's list of investment companies (ABIS),
// and that list read from SKAT's own file (issue 39).
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ABIS_LISTS, TAX_RULE_YEARS, taxClassOf, type AbisList } from '../../../src/domain/tax';
import { abisIsins, readAbisFile } from '../../../src/domain/tax/abis-file';
import { xlsx } from '../import/files';

describe('tax classes', () => {
  const fund = { assetClass: 'fund' as const, isin: 'IE00B4L5Y983' };
  const lists: Record<number, AbisList> = {
    2025: {
      year: 2025,
      source: { site: 'skat.dk', title: 'test' },
      loaded: '2025-01-15',
      isins: ['IE00B4L5Y983'],
    },
    2026: {
      year: 2026,
      source: { site: 'skat.dk', title: 'test' },
      loaded: '2026-01-15',
      isins: [],
    },
  };

  it('taxes a listed share on realisation as share income', () => {
    expect(taxClassOf({ assetClass: 'stock', isin: 'DK0010274414' }, 'free', 2025)).toEqual({
      taxation: 'realisation',
      income: 'share',
      basis: 'listed-share',
    });
  });

  it('moves a fund that leaves the ABIS list between years from share to capital income', () => {
    expect(taxClassOf(fund, 'free', 2025, undefined, lists)).toMatchObject({
      taxation: 'yearly',
      income: 'share',
      basis: 'abis',
    });
    expect(taxClassOf(fund, 'free', 2026, undefined, lists)).toMatchObject({
      taxation: 'yearly',
      income: 'capital',
      basis: 'not-abis',
    });
  });

  it("follows the portfolio's kind, then the user's override with its reason", () => {
    const override = {
      taxation: 'realisation' as const,
      income: 'share' as const,
      reason: 'Danish distributing fund',
    };
    expect(taxClassOf(fund, 'aktiesparekonto', 2025, override, lists).basis).toBe(
      'aktiesparekonto',
    );
    expect(taxClassOf(fund, 'free', 2026, override, lists)).toEqual({ ...override, basis: 'user' });
  });

  it('ships a list per year with its source', () => {
    for (const year of TAX_RULE_YEARS) {
      expect(ABIS_LISTS[year].year).toBe(year);
      expect(ABIS_LISTS[year].source.site).toBe('skat.dk');
    }
  });
});

describe("SKAT's ABIS file", () => {
  it('reads the ISIN column when the file has one', () => {
    const rows = [
      ['Liste over aktiebaserede investeringsselskaber 2025'],
      ['Navn', 'ISIN-kode', 'Registreringsland'],
      ['iShares Core MSCI World', 'ie00b4l5y983', 'Irland'],
      ['Sparindex Globale Aktier', 'DK0060747822', 'Danmark'],
      ['Not an ISIN', 'DK0000000000', 'Danmark'],
    ];
    expect(abisIsins(rows)).toEqual(['DK0060747822', 'IE00B4L5Y983']);
  });

  it('finds every valid ISIN when no column is headed so', () => {
    expect(
      abisIsins([
        ['a', 'IE00B4L5Y983'],
        ['DK0060747822', 'IE00B4L5Y983'],
      ]),
    ).toEqual(['DK0060747822', 'IE00B4L5Y983']);
  });

  // The loader's documented format, on a made-up sample in the repository (not SKAT's data).
  it('loads the sample file as the script would, with its source and day', async () => {
    const sample = new URL('../fixtures/abis-sample.csv', import.meta.url);
    const bytes = new Uint8Array(await readFile(sample));
    expect(
      await readAbisFile(bytes, 'abis-sample.csv', 2025, '2026-01-15', 'https://skat.dk/x'),
    ).toEqual({
      list: {
        year: 2025,
        source: {
          site: 'skat.dk',
          title: 'Liste over aktiebaserede investeringsselskaber (ABIS-listen) 2025',
          url: 'https://skat.dk/x',
        },
        loaded: '2026-01-15',
        isins: ['DK0060747822', 'IE00B4L5Y983'],
      },
    });
  });

  it("reads the workbook's first sheet, and refuses a file without an ISIN", async () => {
    const workbook = xlsx('ABIS 2025', [
      ['Navn', 'ISIN'],
      ['Example Global Equity ETF', 'IE00B4L5Y983'],
    ]);
    const read = await readAbisFile(workbook, 'abis.xlsx', 2025, '2026-01-15');
    expect('list' in read && read.list.isins).toEqual(['IE00B4L5Y983']);
    const none = new TextEncoder().encode('Navn;Land\nExample;Irland\n');
    expect(await readAbisFile(none, 'abis.csv', 2025, '2026-01-15')).toEqual({
      problem: 'no ISIN found',
    });
  });
});
