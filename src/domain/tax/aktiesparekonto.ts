// The aktiesparekonto's room and tax (research note section 1.1, minask.dk's rule): room in a year
// is the year's ceiling less the account's value at the end of the year before, never below 0,
// less what was put in during the year, counted net (a withdrawal gives room back).
import Big from 'big.js';

export function aktiesparekontoRoom(ceiling: number, valueLastYearEnd: Big, netDeposits: Big): Big {
  const room = new Big(ceiling).minus(valueLastYearEnd).minus(netDeposits);
  return room.lt(0) ? new Big(0) : room;
}

/**
 * Whether a deposit goes over the year's ceiling: more than the room left. A warning, never a
 * refusal: the law fines the excess (3 % a year) and the bank may refuse it, Formue does not.
 */
export const exceedsRoom = (room: Big, deposit: Big): boolean => deposit.gt(room);

/** The year's tax and the loss carried into the next year, from each year's gain oldest first. */
export function aktiesparekontoTax(
  gains: readonly Big[],
  rate: string,
): { tax: Big; taxable: Big; carriedIn: Big; carriedOut: Big } {
  let carried = new Big(0);
  let result = { tax: new Big(0), taxable: new Big(0), carriedIn: carried, carriedOut: carried };
  for (const gain of gains) {
    const net = gain.minus(carried);
    const taxable = net.gt(0) ? net : new Big(0);
    result = {
      tax: taxable.times(rate),
      taxable,
      carriedIn: carried,
      carriedOut: net.lt(0) ? net.neg() : new Big(0),
    };
    carried = result.carriedOut;
  }
  return result;
}
