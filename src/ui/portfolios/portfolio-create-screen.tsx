import type { FormEvent } from 'react';
import { FormError, TextField, formText } from '../forms/field';
import { FormButtons } from '../forms/form-buttons';
import { useCreatePortfolio } from './use-create-portfolio';
import { useT } from '../app/use-i18n';

/** /portfolios/create: a name, Add and Cancel. */
export function PortfolioCreateScreen() {
  const { errors, formError, submitting, submit, cancel } = useCreatePortfolio();
  const { t } = useT();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(formText(new FormData(event.currentTarget), 'name'));
  };
  return (
    <main className="page">
      <h1 className="page__title">{t('portfolioCreate.title')}</h1>
      <form className="card form" onSubmit={onSubmit}>
        <TextField label={t('portfolioCreate.name')} name="name" required errors={errors.name} />
        <FormError message={formError} />
        <FormButtons onCancel={cancel} submit={t('common.add')} busy={submitting} />
      </form>
    </main>
  );
}
