// The texts of the Buy, Sell, Dividend and Stock Split forms and their corrections, in both languages
// (their titles, and what the event machines send, stay in the main catalogues).
// They load with their screen, not at start as the main catalogues do (`npm run budget`).
import type { FeatureTexts } from '../../i18n';

const en = {
  'event.hold': 'You hold {shares}.',
  'event.shares': 'Shares',
  'event.sharePrice': 'Price per share',
  'event.fee': 'Fee',
  'event.totalAfterFee': 'Total after fee',
  'event.amount': 'Total dividends',
  'event.withholdingTax': 'Withholding tax',
  'event.withholdingHint':
    'Tax withheld of the dividend, in its currency. What you received is the total less this.',
  // A buy's or sale's price far from the market's close that day: asked once, never blocking.
  'event.didYouMean': 'Did you mean {price}?',
  'event.useSuggested': 'Use {price}',
  'event.keepTyped': 'Far from the market price that day. Add again to keep yours.',
  'event.ratio': 'Split ratio',
  'event.sharesAfter': 'Shares after split',
  'event.before': 'Before the split: {shares}.',
  'event.cashInLieu': 'Cash in lieu, when the split leaves fewer shares',
  'event.soldShares': 'Sold shares',
  'event.soldPrice': 'Sold price per share',
  'event.deleteHint': 'Its figures are recalculated without it.',
  'event.keep': 'Keep',
  'event.overRoom':
    "This buy takes the aktiesparekonto over this year's deposit ceiling: {room} of room left. You can still add it; the excess costs a penalty of 3 % a year.",
  'event.noRoom':
    "This buy takes the aktiesparekonto over this year's deposit ceiling: no room is left this year. You can still add it; the excess costs a penalty of 3 % a year.",
} as const;

export type EventKey = keyof typeof en;

const da: Readonly<Record<EventKey, string>> = {
  // {shares} ends in "stk.", which ends the sentence too.
  'event.hold': 'Du ejer {shares}',
  'event.shares': 'Antal',
  'event.sharePrice': 'Kurs pr. aktie',
  'event.fee': 'Gebyr',
  'event.totalAfterFee': 'I alt efter gebyr',
  'event.amount': 'Udbytte i alt',
  'event.withholdingTax': 'Udbytteskat',
  'event.withholdingHint':
    'Skat tilbageholdt af udbyttet, i dets valuta. Du fik udbyttet i alt minus denne udbetalt.',
  'event.didYouMean': 'Mente du {price}?',
  'event.useSuggested': 'Brug {price}',
  'event.keepTyped': 'Langt fra markedets kurs den dag. Tryk Tilføj igen for at beholde din.',
  'event.ratio': 'Splitforhold',
  'event.sharesAfter': 'Antal efter split',
  'event.before': 'Før splittet: {shares}',
  'event.cashInLieu': 'Kontant afregning, når splittet giver færre aktier',
  'event.soldShares': 'Solgte aktier',
  'event.soldPrice': 'Salgskurs pr. aktie',
  'event.deleteHint': 'Tallene beregnes igen uden den.',
  'event.keep': 'Behold',
  'event.overRoom':
    'Købet bringer aktiesparekontoen over årets indskudsloft: {room} er der plads til. Du kan stadig tilføje det; det overskydende koster 3 % i strafafgift om året.',
  'event.noRoom':
    'Købet bringer aktiesparekontoen over årets indskudsloft: der er ikke mere plads i år. Du kan stadig tilføje det; det overskydende koster 3 % i strafafgift om året.',
};

export const EVENT_TEXTS: FeatureTexts<EventKey> = { en, da };
