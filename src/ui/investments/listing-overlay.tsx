import { useId, type FormEvent } from 'react';
import type { Listing } from '../../api';
import { FormError } from '../forms/field';
import { FormButtons } from '../forms/form-buttons';
import { AlertIcon } from '../components/icons';
import { Overlay } from '../components/dialogs/overlay';
import type { ListingControl } from './use-listing';
import { useMarketT } from '../app/use-market-texts';
import type { OverlayControl } from '../app/use-overlay';
import './listing-overlay.css';

/** "Copenhagen · DKK · NOVO-B.CO"; without the currency when the provider has not said it. */
function useListingLabel(): (listing: Listing) => string {
  const { tm } = useMarketT();
  return ({ exchange, currency, symbol }) =>
    currency === null
      ? tm('listing.optionNoCurrency', { exchange, symbol })
      : tm('listing.option', { exchange, currency, symbol });
}

/** Change listing: the places the instrument trades, as radio buttons, and Save. */
export function ListingOverlay({
  listing,
  overlay,
}: {
  listing: ListingControl;
  overlay: OverlayControl;
}) {
  const { tm, t, text } = useMarketT();
  const labelOf = useListingLabel();
  const errorId = useId();
  const errors = listing.errors.listing ?? [];
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    listing.save();
  };
  return (
    <Overlay title={tm('listing.title')} onClose={overlay.close} closing={overlay.closing}>
      <form className="form" onSubmit={onSubmit}>
        <fieldset
          className="listing-choice"
          aria-describedby={errors.length > 0 ? errorId : undefined}
        >
          <legend className="listing-choice__legend">{tm('listing.lead')}</legend>
          {listing.listings.map((option) => (
            <label key={option.id} className="listing-choice__option">
              <input
                type="radio"
                name="listing"
                value={option.id}
                checked={listing.chosen === option.id}
                onChange={() => listing.choose(option.id)}
              />
              <span>{labelOf(option)}</span>
            </label>
          ))}
        </fieldset>
        {errors.length > 0 && (
          <div className="field__error" id={errorId}>
            <AlertIcon />
            <span>{errors.map(text).join(' ')}</span>
          </div>
        )}
        <FormError message={listing.formError} />
        <FormButtons onCancel={overlay.close} submit={t('common.save')} busy={listing.submitting} />
      </form>
    </Overlay>
  );
}
