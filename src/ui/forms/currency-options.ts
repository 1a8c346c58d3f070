import { useMemo } from 'react';

/** A form's currencies: the server's, and the one chosen first where the server's lack it. */
export function useCurrencyOptions(currencies: readonly string[] | undefined, chosen: string) {
  return useMemo(() => {
    const codes = currencies ?? [];
    return (codes.includes(chosen) ? codes : [chosen, ...codes]).map((code) => ({
      value: code,
      label: code,
    }));
  }, [currencies, chosen]);
}
