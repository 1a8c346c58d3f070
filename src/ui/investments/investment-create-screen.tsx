import { useEffect, useRef, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ComboboxField } from '../forms/combobox-field';
import { DateField } from '../forms/date-field';
import { bindField, FormError, SelectField, TextField } from '../forms/field';
import { FormButtons } from '../forms/form-buttons';
import { PageDots, Pager } from '../components/gestures/pager';
import { Readout } from '../forms/readout';
import { useCreateInvestment } from './use-create-investment';
import { useMarketT } from '../app/use-market-texts';
import { useT } from '../app/use-i18n';
import { useFormatters } from '../components/format-context';
import { INVESTMENT_TEXTS } from './investment-catalogue';

/** /investments/create: instrument on page 1, the first buy on page 2. */
export function InvestmentCreateScreen() {
  const form = useRef<HTMLFormElement>(null);
  const create = useCreateInvestment();
  const { page, lastPage, values, enabled } = create;
  const crypto = values.type === 'crypto';
  const field = bindField(values, create.errors, create.change);
  const { t } = useT(INVESTMENT_TEXTS);
  const { tm } = useMarketT();
  const f = useFormatters();
  // A suggestion chosen without an ISIN: the ISIN field is where the user goes next.
  useEffect(() => {
    if (create.unidentified !== undefined) {
      form.current?.querySelector<HTMLInputElement>('input[name="isin"]')?.focus();
    }
  }, [create.unidentified]);
  const typeOptions = [
    { value: 'stock', label: t('create.stock') },
    { value: 'crypto', label: t('create.crypto') },
  ];

  /** Native validity of the shown page first, so the browser says what is missing. */
  const pageIsValid = () => {
    const shown = form.current?.querySelector<HTMLElement>('[data-current="true"]');
    const invalid = shown?.querySelector<HTMLInputElement | HTMLSelectElement>(':invalid');
    invalid?.reportValidity();
    return !invalid;
  };
  const select = (target: number) => {
    if (target > page && !pageIsValid()) return;
    create.goTo(target);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (page < lastPage) select(page + 1);
    else create.submit();
  };

  const instrumentPage = (
    <>
      <SelectField
        label={t('create.portfolio')}
        required
        disabled={!enabled.instrument}
        placeholder={t('create.choosePortfolio')}
        options={create.portfolioOptions}
        {...field('portfolio_id')}
      />
      <SelectField
        label={t('create.type')}
        required
        disabled={!enabled.instrument}
        options={typeOptions}
        {...field('type')}
      />
      <ComboboxField
        label={t('create.name')}
        required
        disabled={!enabled.instrument}
        {...field('name')}
        options={create.suggestions.map((instrument) => ({
          key: `${instrument.type}:${instrument.code ?? `${instrument.ticker}@${instrument.exchange}`}`,
          label: instrument.name,
          details: [
            // No ISIN: its ticker and exchange tell listings of one name apart.
            instrument.code ?? `${instrument.ticker} · ${instrument.exchange}`,
            t(instrument.type === 'crypto' ? 'create.crypto' : 'create.stock'),
            instrument.currency,
          ].join(' · '),
        }))}
        active={create.activeSuggestion}
        listLabel={t('create.suggestions')}
        announcement={t('create.suggestionCount', { count: create.suggestions.length })}
        onMove={create.moveSuggestion}
        onChoose={create.chooseSuggestion}
        onDismiss={create.dismissSuggestions}
      />
      <TextField
        label={t(crypto ? 'create.symbol' : 'create.isin')}
        required
        disabled={!enabled.instrument}
        placeholder="AB0123456789"
        autoCapitalize="characters"
        hint={
          create.unidentified === undefined
            ? undefined
            : tm('create.isinUnknown', { name: create.unidentified })
        }
        {...field('isin')}
      />
    </>
  );

  const buyPage = (
    <>
      <DateField
        label={t('create.date')}
        required
        max={create.today}
        disabled={!enabled.details}
        {...field('date')}
      />
      <TextField
        label={t('create.shares')}
        decimal
        required
        disabled={!enabled.details}
        {...field('shares')}
      />
      <TextField
        label={t('create.sharePrice')}
        decimal
        required
        disabled={!enabled.details}
        {...field('share_price')}
      />
      <TextField
        label={t('create.fees')}
        decimal
        disabled={!enabled.details}
        placeholder={f.zero}
        {...field('fee')}
      />
      <SelectField
        label={t('create.currency')}
        required
        disabled={!enabled.details}
        options={create.currencyOptions}
        {...field('currency_code')}
      />
      <Readout label={t('event.total')}>{create.total ?? '–'}</Readout>
    </>
  );

  if (create.noPortfolio) {
    return (
      <main className="page">
        <div className="page__header">
          <h1 className="page__title">{t('create.title')}</h1>
        </div>
        <div className="card form">
          <p>{t('create.noPortfolio')}</p>
          <div className="button-row">
            <Link href="/portfolios/create" className="button button--primary">
              {t('create.portfolioFirst')}
            </Link>
          </div>
        </div>
      </main>
    );
  }

  return (
    <main className="page">
      <div className="page__header">
        <h1 className="page__title">{t('create.title')}</h1>
        <PageDots count={lastPage + 1} current={page} onSelect={select} />
      </div>
      <form ref={form} className="card form" onSubmit={onSubmit} noValidate={false}>
        <p className="field__hint">{t(page === 0 ? 'create.page1' : 'create.page2')}</p>
        <Pager
          current={page}
          onSelect={select}
          pages={[instrumentPage, buyPage]}
          otherPages="hidden"
        />
        <FormError message={create.formError} />
        <FormButtons
          cancel={t(page === 0 ? 'common.cancel' : 'common.back')}
          onCancel={create.back}
          submit={t(page < lastPage ? 'common.next' : 'common.create')}
          busy={create.submitting}
        />
      </form>
    </main>
  );
}
