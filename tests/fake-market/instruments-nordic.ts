// The fake market's Nordic instruments: Copenhagen's stocks and Danish funds, Stockholm, Oslo.
import type { FakeInstrument } from './instruments';

export const NORDIC: readonly FakeInstrument[] = [
  // Copenhagen.
  {
    isin: 'DK0062498333',
    name: 'Novo Nordisk A/S',
    figiName: 'NOVO NORDISK A/S-B',
    type: 'EQUITY',
    listings: [
      {
        symbol: 'NOVO-B.CO',
        code: 'CPH',
        level: 400,
        figi: { ticker: 'NOVOB', exchCodes: ['DC'] },
      },
      { symbol: 'NOVC.DE', code: 'GER', level: 54, figi: { ticker: 'NOVC', exchCodes: ['GY'] } },
      // A venue outside the exchange table: OpenFIGI lists it, the adapter must skip it.
      {
        symbol: 'NOVOBC.XC',
        code: 'CXE',
        level: 400,
        figi: { ticker: 'NOVOBC', exchCodes: ['EB'] },
        searchable: false,
      },
    ],
  },
  {
    isin: 'DK0010274414',
    name: 'Danske Bank A/S',
    figiName: 'DANSKE BANK A/S',
    type: 'EQUITY',
    listings: [
      {
        symbol: 'DANSKE.CO',
        code: 'CPH',
        level: 220,
        figi: { ticker: 'DANSKE', exchCodes: ['DC'] },
      },
    ],
  },
  {
    isin: 'DK0060079531',
    name: 'DSV A/S',
    figiName: 'DSV A/S',
    type: 'EQUITY',
    listings: [
      { symbol: 'DSV.CO', code: 'CPH', level: 1500, figi: { ticker: 'DSV', exchCodes: ['DC'] } },
    ],
  },
  {
    isin: 'DK0010244508',
    name: 'A.P. Møller - Mærsk A/S',
    figiName: 'AP MOLLER-MAERSK A/S-B',
    type: 'EQUITY',
    listings: [
      {
        symbol: 'MAERSK-B.CO',
        code: 'CPH',
        level: 11000,
        figi: { ticker: 'MAERSKB', exchCodes: ['DC'] },
      },
    ],
  },
  {
    isin: 'DK0060094928',
    name: 'Ørsted A/S',
    figiName: 'ORSTED A/S',
    type: 'EQUITY',
    listings: [
      {
        symbol: 'ORSTED.CO',
        code: 'CPH',
        level: 300,
        figi: { ticker: 'ORSTED', exchCodes: ['DC'] },
      },
    ],
  },
  {
    isin: 'DK0061539921',
    name: 'Vestas Wind Systems A/S',
    figiName: 'VESTAS WIND SYSTEMS A/S',
    type: 'EQUITY',
    listings: [
      { symbol: 'VWS.CO', code: 'CPH', level: 110, figi: { ticker: 'VWS', exchCodes: ['DC'] } },
    ],
  },
  {
    isin: 'DK0060448595',
    name: 'Coloplast A/S',
    figiName: 'COLOPLAST-B',
    type: 'EQUITY',
    listings: [
      {
        symbol: 'COLO-B.CO',
        code: 'CPH',
        level: 800,
        figi: { ticker: 'COLOB', exchCodes: ['DC'] },
      },
    ],
  },
  {
    isin: 'DK0010181759',
    name: 'Carlsberg A/S',
    figiName: 'CARLSBERG AS-B',
    type: 'EQUITY',
    listings: [
      {
        symbol: 'CARL-B.CO',
        code: 'CPH',
        level: 850,
        figi: { ticker: 'CARLB', exchCodes: ['DC'] },
      },
    ],
  },
  {
    isin: 'DK0060336014',
    name: 'Novonesis A/S',
    figiName: 'NOVONESIS (NOVOZYMES)-B',
    type: 'EQUITY',
    listings: [
      {
        symbol: 'NSIS-B.CO',
        code: 'CPH',
        level: 420,
        figi: { ticker: 'NSISB', exchCodes: ['DC'] },
      },
    ],
  },
  {
    isin: 'DK0060252690',
    name: 'Pandora A/S',
    figiName: 'PANDORA A/S',
    type: 'EQUITY',
    listings: [
      {
        symbol: 'PNDORA.CO',
        code: 'CPH',
        level: 1100,
        figi: { ticker: 'PNDORA', exchCodes: ['DC'] },
      },
    ],
  },
  {
    isin: 'DK0010272202',
    name: 'Genmab A/S',
    figiName: 'GENMAB A/S',
    type: 'EQUITY',
    listings: [
      { symbol: 'GMAB.CO', code: 'CPH', level: 1500, figi: { ticker: 'GMAB', exchCodes: ['DC'] } },
    ],
  },
  {
    isin: 'DK0060636678',
    name: 'Tryg A/S',
    figiName: 'TRYG A/S',
    type: 'EQUITY',
    listings: [
      { symbol: 'TRYG.CO', code: 'CPH', level: 155, figi: { ticker: 'TRYG', exchCodes: ['DC'] } },
    ],
  },
  // A Danish investment fund only OpenFIGI knows; its ticker ends in a letter that is no class.
  {
    isin: 'DK0060005254',
    name: 'Sparindex INDEX Globale Aktier KL',
    figiName: 'SPARINDEX INDEX GLOBALE AKTIER KL',
    type: 'MUTUALFUND',
    listings: [
      {
        symbol: 'SPIGA.CO',
        code: 'CPH',
        level: 180,
        figi: { ticker: 'SPIGA', exchCodes: ['DC'] },
        searchable: false,
      },
    ],
  },
  // Danish funds outside the catalogue, found by name with their ISIN once it has been resolved,
  // and before only by OpenFIGI's search, with no ISIN: one only OpenFIGI knows, one Yahoo knows
  // too, with a Danish letter in its name.
  {
    isin: 'DK0060300762',
    name: 'Sparinvest INDEX Emerging Markets KL',
    figiName: 'SPARINVEST INDEX EMERGING MARKETS KL',
    type: 'MUTUALFUND',
    listings: [
      {
        symbol: 'SPIEM.CO',
        code: 'CPH',
        level: 120,
        figi: { ticker: 'SPIEM', exchCodes: ['DC'] },
        searchable: false,
      },
    ],
  },
  {
    isin: 'DK0060682375',
    name: 'Danske Invest Europa Højt Udbytte KL',
    figiName: 'DANSKE INVEST EUROPA HOJT UDBYTTE KL',
    type: 'MUTUALFUND',
    listings: [
      {
        symbol: 'DKIEHU.CO',
        code: 'CPH',
        level: 150,
        figi: { ticker: 'DKIEHU', exchCodes: ['DC'] },
      },
    ],
  },
  // Stockholm, Oslo.
  {
    isin: 'SE0000108656',
    name: 'Telefonaktiebolaget LM Ericsson (publ)',
    figiName: 'ERICSSON LM-B SHS',
    type: 'EQUITY',
    listings: [
      { symbol: 'ERIC-B.ST', code: 'STO', level: 80, figi: { ticker: 'ERICB', exchCodes: ['SS'] } },
    ],
  },
  {
    isin: 'SE0000115446',
    name: 'AB Volvo (publ)',
    figiName: 'VOLVO AB-B SHS',
    type: 'EQUITY',
    listings: [
      {
        symbol: 'VOLV-B.ST',
        code: 'STO',
        level: 270,
        figi: { ticker: 'VOLVB', exchCodes: ['SS'] },
      },
    ],
  },
  {
    isin: 'NO0010096985',
    name: 'Equinor ASA',
    figiName: 'EQUINOR ASA',
    type: 'EQUITY',
    listings: [
      { symbol: 'EQNR.OL', code: 'OSL', level: 260, figi: { ticker: 'EQNR', exchCodes: ['NO'] } },
    ],
  },
];
