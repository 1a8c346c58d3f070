import { useEffect, useRef } from 'react';
import type { DayPrice } from '../../api';
import { isTyped } from '../../machines/prices';
import { BusyButton } from '../forms/busy-button';
import { useCurrencyOptions } from '../forms/currency-options';
import { DateField } from '../forms/date-field';
import { bindField, SelectField, TextField } from '../forms/field';
import { RowDelete } from '../forms/row-delete';
import { SectionForm } from '../forms/section-form';
import { useMoney } from '../components/figures/money';
import { useSourceName } from './quote-line';
import { Section } from '../components/section';
import { LoadRetry, SkeletonRows } from '../components/states';
import { useMarketT } from '../app/use-market-texts';
import type { PricesControl } from './use-prices';
import './prices-section.css';

/**
 * An investment's prices: the price in force on each day, newest first, a month at a time, with
 * Add price; a typed price's row has Edit and Delete (Undo in the notice). Left out where the
 * backend has no prices.
 */
export function PricesSection({ prices }: { prices: PricesControl }) {
  const { tm, text } = useMarketT();
  const addButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Focus returns to Add price when the form it moved into closes.
  useEffect(() => {
    if (wasOpen.current && !prices.formOpen) addButton.current?.focus();
    wasOpen.current = prices.formOpen;
  }, [prices.formOpen]);

  if (prices.status === 'unavailable') return null;
  return (
    <Section
      title={tm('prices.title')}
      flush
      action={
        <button
          ref={addButton}
          type="button"
          className="button button--secondary button--small"
          disabled={prices.formOpen}
          onClick={prices.add}
        >
          {tm('prices.add')}
        </button>
      }
    >
      {prices.formOpen && <PriceForm prices={prices} />}
      {prices.status === 'loading' && <SkeletonRows label={tm('prices.loading')} />}
      {prices.status === 'failed' && <LoadRetry error={prices.listError} onRetry={prices.retry} />}
      {prices.status === 'ready' &&
        (prices.prices.length === 0 ? (
          <p className="empty">{tm('prices.empty')}</p>
        ) : (
          <PricesTable prices={prices} />
        ))}
      {prices.status === 'ready' && prices.listError && (
        <p className="form-error prices__error" role="alert">
          {text(prices.listError)}
        </p>
      )}
      {prices.status === 'ready' && prices.olderOffered && (
        <div className="prices__more">
          <BusyButton
            type="button"
            className="button button--ghost button--small"
            busy={prices.loadingOlder}
            onClick={prices.showOlder}
          >
            {tm('prices.older')}
          </BusyButton>
        </div>
      )}
    </Section>
  );
}

function PricesTable({ prices }: { prices: PricesControl }) {
  const { tm, t } = useMarketT();
  const money = useMoney();
  const sourceName = useSourceName();
  return (
    <div className="table-wrap prices-wrap">
      <table className="table prices-table" aria-label={tm('prices.table')}>
        {/* Shown by the stylesheet where the table has room for its columns. */}
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{t('table.date')}</th>
            <th scope="col" className="num">
              {t('table.price')}
            </th>
            <th scope="col">{tm('prices.source')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('investment.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {prices.prices.map((price) => (
            <tr key={price.date}>
              <td className="num prices-table__date">{price.date}</td>
              <td className="num prices-table__price">{money(price.price, price.currency_code)}</td>
              <td className="prices-table__source">
                <span className={`badge${isTyped(price) ? ' badge--typed' : ''}`}>
                  {sourceName(price.source)}
                </span>
              </td>
              <td className="prices-table__actions">
                {isTyped(price) && <RowActions price={price} prices={prices} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Edit and Delete of a typed price, named with its day so each row's buttons differ. */
function RowActions({ price, prices }: { price: DayPrice; prices: PricesControl }) {
  const { tm } = useMarketT();
  return (
    <>
      <button
        type="button"
        className="button button--ghost button--small"
        aria-label={tm('prices.editLabel', { date: price.date })}
        disabled={prices.submitting}
        onClick={() => prices.edit(price)}
      >
        {tm('prices.edit')}
      </button>
      <RowDelete
        row={price.date}
        deleting={prices.deleting}
        label={tm('prices.deleteLabel', { date: price.date })}
        onDelete={() => prices.remove(price)}
      >
        {tm('prices.delete')}
      </RowDelete>
    </>
  );
}

/** Add price, or a typed price's correction (its day fixed: saving replaces that day's). */
function PriceForm({ prices }: { prices: PricesControl }) {
  const { tm, t } = useMarketT();
  const { values, errors, change, currencies, correcting } = prices;
  const field = bindField(values, errors, change);
  const currencyOptions = useCurrencyOptions(currencies, values.currency_code);
  return (
    <SectionForm
      title={
        correcting === undefined
          ? tm('prices.formNew')
          : tm('prices.formCorrect', { date: correcting })
      }
      submit={t('common.save')}
      busy={prices.submitting}
      formError={prices.formError}
      focus={correcting}
      onSubmit={prices.submit}
      onCancel={prices.cancel}
    >
      <DateField
        label={t('event.date')}
        required
        max={prices.today}
        disabled={correcting !== undefined}
        {...field('date')}
      />
      <div className="field-row">
        <TextField label={t('table.price')} decimal required {...field('price')} />
        <SelectField
          label={t('event.currency')}
          required
          options={currencyOptions}
          {...field('currency_code')}
        />
      </div>
      <p className="field__hint">
        {tm(correcting === undefined ? 'prices.hint' : 'prices.replaces')}
      </p>
    </SectionForm>
  );
}
