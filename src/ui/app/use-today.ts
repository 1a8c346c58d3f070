import { useState } from 'react';
import { localDay } from '../../domain/dates';

/** The user's day when the view opened (YYYY-MM-DD): a form's default date and the latest allowed. */
export function useToday(): string {
  const [today] = useState(() => localDay(new Date()));
  return today;
}
