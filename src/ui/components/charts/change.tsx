import type { ReactNode } from 'react';
import { ArrowDownIcon, ArrowUpIcon } from '../icons';
import { useFormatters } from '../format-context';
import { useT } from '../../app/use-i18n';
import './change.css';

function direction(value: number): 'gain' | 'loss' | 'flat' {
  if (value > 0) return 'gain';
  if (value < 0) return 'loss';
  return 'flat';
}

/**
 * A figure with its direction: the arrow, "Up " or "Down " for a screen reader (nothing for no
 * change), and the gain or loss colour only as a hint.
 */
function Signed({ change, children }: { change: number; children: ReactNode }) {
  const { t } = useT();
  const dir = direction(change);
  return (
    <span className={`change change--${dir} num`}>
      {dir === 'gain' && <ArrowUpIcon />}
      {dir === 'loss' && <ArrowDownIcon />}
      {dir !== 'flat' && (
        <span className="visually-hidden">{`${t(dir === 'gain' ? 'change.up' : 'change.down')} `}</span>
      )}
      {children}
    </span>
  );
}

/** A change as sign, arrow and words, with colour only as a hint. */
export function Change({ change, ratio }: { change: number; ratio?: number }) {
  const f = useFormatters();
  return (
    <Signed change={change}>
      {f.change(change)}
      {ratio !== undefined && <span> ({f.ratio(ratio)})</span>}
    </Signed>
  );
}

/** The ratio as the headline (arrow and sign), the amount under it: for narrow table cells. */
export function CompactChange({ change, ratio }: { change: number; ratio: number }) {
  const f = useFormatters();
  return (
    <>
      <Signed change={change}>{f.ratio(ratio)}</Signed>
      <span className="table__sub num">{f.change(change)}</span>
    </>
  );
}
