// The fake market's instruments outside the Nordics: the United States, Europe, London and
// Irish UCITS ETFs.
import type { FakeInstrument } from './instruments';

const us = (exchCode: 'UW' | 'UN') => ['US', exchCode];

export const ELSEWHERE: readonly FakeInstrument[] = [
  // United States.
  {
    isin: 'US0378331005',
    name: 'Apple Inc.',
    figiName: 'APPLE INC',
    type: 'EQUITY',
    listings: [
      { symbol: 'AAPL', code: 'NMS', level: 200, figi: { ticker: 'AAPL', exchCodes: us('UW') } },
    ],
  },
  {
    isin: 'US67066G1040',
    name: 'NVIDIA Corporation',
    figiName: 'NVIDIA CORP',
    type: 'EQUITY',
    listings: [
      { symbol: 'NVDA', code: 'NMS', level: 130, figi: { ticker: 'NVDA', exchCodes: us('UW') } },
    ],
  },
  {
    isin: 'US5949181045',
    name: 'Microsoft Corporation',
    figiName: 'MICROSOFT CORP',
    type: 'EQUITY',
    listings: [
      { symbol: 'MSFT', code: 'NMS', level: 420, figi: { ticker: 'MSFT', exchCodes: us('UW') } },
    ],
  },
  {
    isin: 'US02079K3059',
    name: 'Alphabet Inc.',
    figiName: 'ALPHABET INC-CL A',
    type: 'EQUITY',
    listings: [
      { symbol: 'GOOGL', code: 'NMS', level: 170, figi: { ticker: 'GOOGL', exchCodes: us('UW') } },
    ],
  },
  {
    isin: 'US0231351067',
    name: 'Amazon.com, Inc.',
    figiName: 'AMAZON.COM INC',
    type: 'EQUITY',
    listings: [
      { symbol: 'AMZN', code: 'NMS', level: 190, figi: { ticker: 'AMZN', exchCodes: us('UW') } },
    ],
  },
  {
    isin: 'US88160R1014',
    name: 'Tesla, Inc.',
    figiName: 'TESLA INC',
    type: 'EQUITY',
    listings: [
      { symbol: 'TSLA', code: 'NMS', level: 250, figi: { ticker: 'TSLA', exchCodes: us('UW') } },
    ],
  },
  {
    isin: 'US30303M1027',
    name: 'Meta Platforms, Inc.',
    figiName: 'META PLATFORMS INC-CLASS A',
    type: 'EQUITY',
    listings: [
      { symbol: 'META', code: 'NMS', level: 550, figi: { ticker: 'META', exchCodes: us('UW') } },
    ],
  },
  {
    isin: 'US4781601046',
    name: 'Johnson & Johnson',
    figiName: 'JOHNSON & JOHNSON',
    type: 'EQUITY',
    listings: [
      { symbol: 'JNJ', code: 'NYQ', level: 155, figi: { ticker: 'JNJ', exchCodes: us('UN') } },
    ],
  },
  // Europe.
  {
    isin: 'NL0010273215',
    name: 'ASML Holding N.V.',
    figiName: 'ASML HOLDING NV',
    type: 'EQUITY',
    listings: [
      { symbol: 'ASML.AS', code: 'AMS', level: 700, figi: { ticker: 'ASML', exchCodes: ['NA'] } },
      { symbol: 'ASML', code: 'NMS', level: 760 },
    ],
  },
  {
    isin: 'DE0007164600',
    name: 'SAP SE',
    figiName: 'SAP SE',
    type: 'EQUITY',
    listings: [
      { symbol: 'SAP.DE', code: 'GER', level: 220, figi: { ticker: 'SAP', exchCodes: ['GY'] } },
      {
        symbol: 'SAP.F',
        code: 'FRA',
        level: 220,
        figi: { ticker: 'SAP', exchCodes: ['GR', 'GF'] },
        searchable: false,
      },
    ],
  },
  {
    isin: 'FR0000121014',
    name: 'LVMH Moët Hennessy - Louis Vuitton, Société Européenne',
    figiName: 'LVMH MOET HENNESSY LOUIS VUI',
    type: 'EQUITY',
    listings: [
      { symbol: 'MC.PA', code: 'PAR', level: 650, figi: { ticker: 'MC', exchCodes: ['FP'] } },
    ],
  },
  {
    isin: 'DE0007236101',
    name: 'Siemens Aktiengesellschaft',
    figiName: 'SIEMENS AG-REG',
    type: 'EQUITY',
    listings: [
      { symbol: 'SIE.DE', code: 'GER', level: 190, figi: { ticker: 'SIE', exchCodes: ['GY'] } },
    ],
  },
  // Dutch ISIN, home listing in Paris: the ISIN's country is not always the exchange's.
  {
    isin: 'NL0000235190',
    name: 'Airbus SE',
    figiName: 'AIRBUS SE',
    type: 'EQUITY',
    listings: [
      { symbol: 'AIR.PA', code: 'PAR', level: 150, figi: { ticker: 'AIR', exchCodes: ['FP'] } },
      { symbol: 'AIR.DE', code: 'GER', level: 150, figi: { ticker: 'AIR', exchCodes: ['GY'] } },
    ],
  },
  // London quotes in pence (GBp); one ETF line there trades in USD.
  {
    isin: 'GB0009895292',
    name: 'AstraZeneca PLC',
    figiName: 'ASTRAZENECA PLC',
    type: 'EQUITY',
    listings: [
      { symbol: 'AZN.L', code: 'LSE', level: 11000, figi: { ticker: 'AZN', exchCodes: ['LN'] } },
      { symbol: 'AZN', code: 'NMS', level: 70 },
    ],
  },
  {
    isin: 'GB0005405286',
    name: 'HSBC Holdings plc',
    figiName: 'HSBC HOLDINGS PLC',
    type: 'EQUITY',
    listings: [
      { symbol: 'HSBA.L', code: 'LSE', level: 800, figi: { ticker: 'HSBA', exchCodes: ['LN'] } },
    ],
  },
  // Irish UCITS ETFs, listed in Amsterdam, Xetra and London.
  {
    isin: 'IE00B4L5Y983',
    name: 'iShares Core MSCI World UCITS ETF USD (Acc)',
    figiName: 'ISHARES CORE MSCI WORLD',
    type: 'ETF',
    listings: [
      { symbol: 'IWDA.AS', code: 'AMS', level: 95, figi: { ticker: 'IWDA', exchCodes: ['NA'] } },
      { symbol: 'SWDA.L', code: 'LSE', level: 8000, figi: { ticker: 'SWDA', exchCodes: ['LN'] } },
    ],
  },
  {
    isin: 'IE00B5BMR087',
    name: 'iShares Core S&P 500 UCITS ETF USD (Acc)',
    figiName: 'ISHARES CORE S&P 500',
    type: 'ETF',
    listings: [
      { symbol: 'SXR8.DE', code: 'GER', level: 550, figi: { ticker: 'SXR8', exchCodes: ['GY'] } },
      {
        symbol: 'CSPX.L',
        code: 'LSE',
        level: 600,
        currency: 'USD',
        figi: { ticker: 'CSPX', exchCodes: ['LN'] },
      },
    ],
  },
  {
    isin: 'IE00BK5BQT80',
    name: 'Vanguard FTSE All-World UCITS ETF USD Accumulation',
    figiName: 'VANGUARD FTSE ALL-WORLD',
    type: 'ETF',
    listings: [
      { symbol: 'VWCE.DE', code: 'GER', level: 125, figi: { ticker: 'VWCE', exchCodes: ['GY'] } },
    ],
  },
  {
    isin: 'IE00BKM4GZ66',
    name: 'iShares Core MSCI EM IMI UCITS ETF USD (Acc)',
    figiName: 'ISHARES CORE EM IMI ACC',
    type: 'ETF',
    listings: [
      { symbol: 'IS3N.DE', code: 'GER', level: 32, figi: { ticker: 'IS3N', exchCodes: ['GY'] } },
      { symbol: 'EMIM.AS', code: 'AMS', level: 32, figi: { ticker: 'EMIM', exchCodes: ['NA'] } },
    ],
  },
];
