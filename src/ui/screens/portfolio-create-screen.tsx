import type { FormEvent } from 'react';
import { FormError, TextField, formText } from '../components/field';
import { useCreatePortfolio } from '../hooks/use-create-portfolio';

/** /portfolios/create: a name, Add and Cancel. */
export function PortfolioCreateScreen() {
  const { errors, formError, submitting, submit, cancel } = useCreatePortfolio();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(formText(new FormData(event.currentTarget), 'name'));
  };
  return (
    <main className="page">
      <h1 className="page__title">New portfolio</h1>
      <form className="card form" onSubmit={onSubmit}>
        <TextField label="Portfolio name" name="name" required errors={errors.name} />
        <FormError message={formError} />
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={cancel}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={submitting}>
            Add
          </button>
        </div>
      </form>
    </main>
  );
}
