import type { ReactNode } from 'react';
import { Skeleton } from './states';

/**
 * Letters in a name's longest word from which its title is set smaller: "Investeringsforening" fits
 * a phone's line whole, where hyphenation (not every browser has the language's rules) may not
 * break it well.
 */
const LONG_WORD = 16;

const longestWord = (name: string) => Math.max(...name.split(/\s+/).map((word) => word.length));

/**
 * A portfolio's or investment's name as its screen's title, with what follows the name (a badge);
 * a placeholder while it loads.
 */
export function NameTitle({ name, children }: { name: string | undefined; children?: ReactNode }) {
  if (name === undefined)
    return (
      <h1 className="page__title">
        <Skeleton width={160} height={26} />
        {children}
      </h1>
    );
  const long = longestWord(name) >= LONG_WORD;
  return (
    <h1 className={long ? 'page__title page__title--long' : 'page__title'}>
      {name}
      {children}
    </h1>
  );
}
