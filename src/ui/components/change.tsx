import { ArrowDownIcon, ArrowUpIcon } from './icons';
import { useFormatters } from './format-context';

function direction(value: number): 'gain' | 'loss' | 'flat' {
  if (value > 0) return 'gain';
  if (value < 0) return 'loss';
  return 'flat';
}

/** A change as sign, arrow and words, with colour only as a hint. */
export function Change({ change, ratio }: { change: number; ratio?: number }) {
  const f = useFormatters();
  const dir = direction(change);
  return (
    <span className={`change change--${dir} num`}>
      {dir === 'gain' && <ArrowUpIcon />}
      {dir === 'loss' && <ArrowDownIcon />}
      <span className="visually-hidden">
        {dir === 'gain' ? 'Up ' : dir === 'loss' ? 'Down ' : ''}
      </span>
      {f.change(change)}
      {ratio !== undefined && <span> ({f.ratio(ratio)})</span>}
    </span>
  );
}

/** The ratio as the headline (arrow and sign), the amount under it: for narrow table cells. */
export function CompactChange({ change, ratio }: { change: number; ratio: number }) {
  const f = useFormatters();
  const dir = direction(change);
  return (
    <>
      <span className={`change change--${dir} num`}>
        {dir === 'gain' && <ArrowUpIcon />}
        {dir === 'loss' && <ArrowDownIcon />}
        <span className="visually-hidden">
          {dir === 'gain' ? 'Up ' : dir === 'loss' ? 'Down ' : ''}
        </span>
        {f.ratio(ratio)}
      </span>
      <span className="table__sub num">{f.change(change)}</span>
    </>
  );
}
