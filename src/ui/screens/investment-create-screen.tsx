import { useRef, type FormEvent } from 'react';
import { FormError, SelectField, TextField } from '../components/field';
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
        name="portfolio_id"
        required
        disabled={!enabled.instrument}
        placeholder="Choose a portfolio"
        options={portfolioOptions}
        value={values.portfolio_id}
        onValueChange={(value) => change('portfolio_id', value)}
        errors={errors.portfolio_id}
      />
      <SelectField
        label="Type"
        name="type"
        required
        disabled={!enabled.instrument}
        options={TYPE_OPTIONS}
        value={values.type}
        onValueChange={(value) => change('type', value)}
        errors={errors.type}
      />
      <TextField
        label="Name"
        name="name"
        required
        maxLength={255}
        disabled={!enabled.instrument}
        value={values.name}
        onValueChange={(value) => change('name', value)}
        errors={errors.name}
      />
      <TextField
        label={crypto ? 'Symbol' : 'ISIN'}
        name="isin"
        required
        disabled={!enabled.instrument}
        placeholder="AB0123456789"
        autoCapitalize="characters"
        value={values.isin}
        onValueChange={(value) => change('isin', value)}
        errors={errors.isin}
      />
    </>
  );

  const buyPage = (
    <>
      <TextField
        label="Shares"
        name="shares"
        decimal
        required
        disabled={!enabled.details}
        value={values.shares}
        onValueChange={(value) => change('shares', value)}
        errors={errors.shares}
      />
      <TextField
        label="Price pr. share"
        name="share_price"
        decimal
        required
        disabled={!enabled.details}
        value={values.share_price}
        onValueChange={(value) => change('share_price', value)}
        errors={errors.share_price}
      />
      <TextField
        label="Fees"
        name="fee"
        decimal
        disabled={!enabled.details}
        placeholder="0.00"
        value={values.fee}
        onValueChange={(value) => change('fee', value)}
        errors={errors.fee}
      />
      <SelectField
        label="Currency"
        name="currency_code"
        required
        disabled={!enabled.details}
        options={currencyOptions}
        value={values.currency_code}
        onValueChange={(value) => change('currency_code', value)}
        errors={errors.currency_code}
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
        <Pager current={page} onSelect={select} pages={[instrumentPage, buyPage]} />
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
