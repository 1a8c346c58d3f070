import { useRef, type FormEvent } from 'react';
import { DateField } from '../components/date-field';
import { bindField, FormError, SelectField, TextField } from '../components/field';
import { PageDots, Pager } from '../components/pager';
import { useCreateInvestment } from '../hooks/use-create-investment';

const TYPE_OPTIONS = [
  { value: 'stock', label: 'Stock / Fund' },
  { value: 'crypto', label: 'Crypto' },
];

/** /investments/create: instrument on page 1, the first buy on page 2. */
export function InvestmentCreateScreen() {
  const form = useRef<HTMLFormElement>(null);
  const {
    today,
    page,
    lastPage,
    values,
    errors,
    formError,
    submitting,
    enabled,
    portfolioOptions,
    currencyOptions,
    change,
    goTo,
    back,
    submit,
  } = useCreateInvestment();
  const crypto = values.type === 'crypto';
  const field = bindField(values, errors, change);

  /** Native validity of the shown page first, so the browser says what is missing. */
  const pageIsValid = () => {
    const shown = form.current?.querySelector<HTMLElement>('[data-current="true"]');
    const invalid = shown?.querySelector<HTMLInputElement | HTMLSelectElement>(':invalid');
    invalid?.reportValidity();
    return !invalid;
  };
  const select = (target: number) => {
    if (target > page && !pageIsValid()) return;
    goTo(target);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (page < lastPage) select(page + 1);
    else submit();
  };

  const instrumentPage = (
    <>
      <SelectField
        label="Portfolio"
        required
        disabled={!enabled.instrument}
        placeholder="Choose a portfolio"
        options={portfolioOptions}
        {...field('portfolio_id')}
      />
      <SelectField
        label="Type"
        required
        disabled={!enabled.instrument}
        options={TYPE_OPTIONS}
        {...field('type')}
      />
      <TextField label="Name" required disabled={!enabled.instrument} {...field('name')} />
      <TextField
        label={crypto ? 'Symbol' : 'ISIN'}
        required
        disabled={!enabled.instrument}
        placeholder="AB0123456789"
        autoCapitalize="characters"
        {...field('isin')}
      />
    </>
  );

  const buyPage = (
    <>
      <DateField label="Date" required max={today} disabled={!enabled.details} {...field('date')} />
      <TextField label="Shares" decimal required disabled={!enabled.details} {...field('shares')} />
      <TextField
        label="Price pr. share"
        decimal
        required
        disabled={!enabled.details}
        {...field('share_price')}
      />
      <TextField
        label="Fees"
        decimal
        disabled={!enabled.details}
        placeholder="0.00"
        {...field('fee')}
      />
      <SelectField
        label="Currency"
        required
        disabled={!enabled.details}
        options={currencyOptions}
        {...field('currency_code')}
      />
    </>
  );

  return (
    <main className="page">
      <div className="page__header">
        <h1 className="page__title">New investment</h1>
        <PageDots count={lastPage + 1} current={page} onSelect={select} />
      </div>
      <form ref={form} className="card form" onSubmit={onSubmit} noValidate={false}>
        <p className="field__hint">
          {page === 0 ? 'What are you investing in?' : 'Your first purchase'}
        </p>
        <Pager
          current={page}
          onSelect={select}
          pages={[instrumentPage, buyPage]}
          otherPages="hidden"
        />
        <FormError message={formError} />
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={back}>
            {page === 0 ? 'Cancel' : 'Back'}
          </button>
          <button type="submit" className="button button--primary" disabled={submitting}>
            {page < lastPage ? 'Next' : 'Create'}
          </button>
        </div>
      </form>
    </main>
  );
}
