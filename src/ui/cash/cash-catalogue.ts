// The texts of a portfolio's Cash section (issue 38), in both languages, beside it.
// They load with their screen, not at start as the main catalogues do (`npm run budget`).
import type { FeatureTexts } from '../../i18n';

const en = {
  'cash.title': 'Cash',
  'cash.add': 'Add cash entry',
  'cash.turnOn': 'Turn cash on',
  'cash.turnOff': 'Turn cash off',
  'cash.loading': 'Loading cash',
  'cash.off':
    'Cash is off: the portfolio holds only its investments. Turn it on to keep deposits, withdrawals, interest and fees, and a balance as your broker shows it.',
  'cash.balances': 'Cash balance per currency',
  'cash.empty': 'No deposits, withdrawals, interest or fees yet.',
  'cash.table': 'Cash entries, newest first',
  'cash.type': 'Type',
  'cash.amount': 'Amount',
  'cash.kind.deposit': 'Deposit',
  'cash.kind.withdrawal': 'Withdrawal',
  'cash.kind.interest': 'Interest',
  'cash.kind.fee': 'Fee',
  'cash.deleteLabel': 'Delete the {kind} of {date}',
  'cash.formNew': 'New cash entry',
  'cash.formOn': 'Turn cash on',
  'cash.opening': 'Opening balance',
  'cash.openingHint':
    'The cash in the account before its first trade, booked as a deposit on that day. The buys since are paid from it: with 0, the cash goes below zero by what they cost.',
  'cash.formOff': 'Turn cash off?',
  'cash.offHint':
    'The portfolio is then valued by its investments only. Its cash entries are kept, and come back when cash is turned on again.',
  'cash.overRoom':
    "This deposit takes the aktiesparekonto over this year's deposit ceiling: {room} of room left. You can still add it; the excess costs a penalty of 3 % a year.",
  'cash.noRoom':
    "This deposit takes the aktiesparekonto over this year's deposit ceiling: no room is left this year. You can still add it; the excess costs a penalty of 3 % a year.",
} as const;

export type CashKey = keyof typeof en;

const da: Readonly<Record<CashKey, string>> = {
  'cash.title': 'Kontanter',
  'cash.add': 'Tilføj kontantpost',
  'cash.turnOn': 'Slå kontanter til',
  'cash.turnOff': 'Slå kontanter fra',
  'cash.loading': 'Henter kontanter',
  'cash.off':
    'Kontanter er slået fra: porteføljen rummer kun sine investeringer. Slå dem til for at føre indskud, hævninger, renter og gebyrer og en saldo som hos din mægler.',
  'cash.balances': 'Kontantsaldo pr. valuta',
  'cash.empty': 'Ingen indskud, hævninger, renter eller gebyrer endnu.',
  'cash.table': 'Kontantposter, nyeste først',
  'cash.type': 'Type',
  'cash.amount': 'Beløb',
  'cash.kind.deposit': 'Indskud',
  'cash.kind.withdrawal': 'Hævning',
  'cash.kind.interest': 'Rente',
  'cash.kind.fee': 'Gebyr',
  'cash.deleteLabel': 'Slet {kind} den {date}',
  'cash.formNew': 'Ny kontantpost',
  'cash.formOn': 'Slå kontanter til',
  'cash.opening': 'Startsaldo',
  'cash.openingHint':
    'Kontanterne på kontoen før dens første handel, bogført som et indskud den dag. Købene siden betales af dem: med 0 kommer kontanterne under nul med det, købene kostede.',
  'cash.formOff': 'Slå kontanter fra?',
  'cash.offHint':
    'Porteføljen værdisættes så kun efter sine investeringer. Kontantposterne gemmes og kommer igen, når kontanter slås til igen.',
  'cash.overRoom':
    'Indskuddet bringer aktiesparekontoen over årets indskudsloft: {room} er der plads til. Du kan stadig tilføje det; det overskydende koster 3 % i strafafgift om året.',
  'cash.noRoom':
    'Indskuddet bringer aktiesparekontoen over årets indskudsloft: der er ikke mere plads i år. Du kan stadig tilføje det; det overskydende koster 3 % i strafafgift om året.',
};

export const CASH_TEXTS: FeatureTexts<CashKey> = { en, da };
