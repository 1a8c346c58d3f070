import { ArrowDownIcon, ArrowUpIcon } from './icons';
import { useFormatters } from './format-context';
import { useT } from '../hooks/use-i18n';
import './change.css';

function direction(value: number): 'gain' | 'loss' | 'flat' {
  if (value > 0) return 'gain';
  if (value < 0) return 'loss';
  return 'flat';
}

/** "Up " or "Down " for a screen reader; nothing for no change. */
function Direction({ dir }: { dir: 'gain' | 'loss' | 'flat' }) {
  const { t } = useT();
  if (dir === 'flat') return null;
  return (
    <span className="visually-hidden">{`${t(dir === 'gain' ? 'change.up' : 'change.down')} `}</span>
  );
}

/** A change as sign, arrow and words, with colour only as a hint. */
export function Change({ change, ratio }: { change: number; ratio?: number }) {
  const f = useFormatters();
  const dir = direction(change);
  return (
    <span className={`change change--${dir} num`}>
      {dir === 'gain' && <ArrowUpIcon />}
      {dir === 'loss' && <ArrowDownIcon />}
      <Direction dir={dir} />
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
        <Direction dir={dir} />
        {f.ratio(ratio)}
      </span>
      <span className="table__sub num">{f.change(change)}</span>
    </>
  );
}
