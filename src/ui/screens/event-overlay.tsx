import type { FormEvent } from 'react';
import type { EventKind } from '../../domain/types';
import { bindField, FormError, SelectField, TextField } from '../components/field';
import { Overlay } from '../components/overlay';
import { useFormatters } from '../components/format-context';
import { useEventForm } from '../hooks/use-event-form';
import type { OverlayControl } from '../hooks/use-overlay';

const TITLES: Record<EventKind, string> = {
  buy: 'Buy',
  sell: 'Sell',
  dividend: 'Dividend',
  split: 'Stock Split',
};

export interface EventOverlayProps {
  investmentId: string;
  kind: EventKind;
  currentShares: number;
  overlay: OverlayControl;
}

/** The full-screen form of one event: buy, sell, dividend or stock split. */
export function EventOverlay({ investmentId, kind, currentShares, overlay }: EventOverlayProps) {
  const f = useFormatters();
  const form = useEventForm({ investmentId, kind, currentShares, overlay: overlay.actor });
  const { values, errors, formError, submitting, currencyOptions, change, submit } = form;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };
  const field = bindField(values, errors, change);
  const currency = (
    <SelectField label="Currency" required options={currencyOptions} {...field('currency_code')} />
  );

  return (
    <Overlay title={TITLES[kind]} onClose={overlay.close} closing={overlay.closing}>
      <form className="form" onSubmit={onSubmit}>
        {(kind === 'buy' || kind === 'sell') && (
          <>
            <p className="field__hint">You hold {f.shares(currentShares)} shares.</p>
            <div className="field-row">
              <TextField label="Shares" decimal required {...field('shares')} />
              <TextField label="Price per share" decimal required {...field('share_price')} />
            </div>
            <div className="field-row">
              <TextField label="Fee" decimal placeholder="0.00" {...field('fee')} />
              {currency}
            </div>
          </>
        )}
        {kind === 'dividend' && (
          <>
            <TextField label="Total dividends" decimal required {...field('amount')} />
            {currency}
          </>
        )}
        {kind === 'split' && (
          <>
            <div className="ratio">
              <span className="field__hint">Split ratio</span>
              <output className="ratio__value num" aria-live="polite">
                {form.ratio}
              </output>
            </div>
            <TextField
              label="Shares after split"
              decimal
              required
              hint={`Before the split: ${f.shares(currentShares)}.`}
              {...field('shares_after')}
            />
            <div className="field-row">
              <TextField label="Fee" decimal placeholder="0.00" {...field('fee')} />
              {currency}
            </div>
            <fieldset className="fieldset" disabled={!form.soldEnabled}>
              <legend>Cash in lieu, when the split leaves fewer shares</legend>
              <TextField
                label="Sold shares"
                decimal
                disabled={!form.soldEnabled}
                {...field('sold_shares')}
              />
              <TextField
                label="Sold price per share"
                decimal
                disabled={!form.soldEnabled}
                {...field('sold_share_price')}
              />
            </fieldset>
          </>
        )}
        <FormError message={formError} />
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={overlay.close}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={submitting}>
            Add
          </button>
        </div>
      </form>
    </Overlay>
  );
}
