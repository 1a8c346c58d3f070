// Calendar days as the event forms enter them (YYYY-MM-DD, the value of <input type="date">).

/** The first day an event may carry (the API's lower bound). */
export const EARLIEST_DAY = '1970-01-01';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The local calendar day of a moment: the user's "today" for `new Date()`. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** True for an existing day written YYYY-MM-DD ("2024-02-30" is not one). */
export function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(time).toISOString().slice(0, 10) === value;
}

/** The local day of an ISO time (an event's `date`); '' when unreadable. */
export function dayOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : localDay(date);
}
