// The preview's choices of where the file goes: the target portfolio and each instrument's
// investment.
import { useState, type FormEvent } from 'react';
import { NEW_INVESTMENT, type FileInstrument } from '../../machines/import';
import { SelectField, TextField } from '../forms/field';
import { useInvestments, usePortfolios } from '../data/use-data';
import { type Flow, useImportTexts } from './import-texts';

const NEW = 'new';

/** The target portfolio: one the user has, or a new one by name. */
export function TargetPicker({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const { portfolios } = usePortfolios();
  const target = flow.target;
  const [typing, setTyping] = useState(target !== undefined && 'name' in target);
  const chosen = typing ? NEW : target && 'id' in target ? target.id : '';
  const onName = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = new FormData(event.currentTarget).get('portfolio_name');
    if (typeof name === 'string' && name.trim()) flow.chooseTarget({ name });
  };
  return (
    <div className="import__target">
      <SelectField
        label={w.t('import.portfolio')}
        name="portfolio"
        value={chosen}
        placeholder={chosen === '' ? w.t('import.choose') : undefined}
        options={[
          ...portfolios.map((portfolio) => ({ value: portfolio.id, label: portfolio.name })),
          { value: NEW, label: w.t('import.newPortfolio') },
        ]}
        onValueChange={(value) => {
          setTyping(value === NEW);
          if (value && value !== NEW) flow.chooseTarget({ id: value });
        }}
      />
      {typing && (
        <form className="import__new" onSubmit={onName}>
          <TextField
            label={w.t('import.newName')}
            name="portfolio_name"
            defaultValue={target && 'name' in target ? target.name : ''}
            required
          />
          <button type="submit" className="button button--secondary">
            {w.t('import.useName')}
          </button>
        </form>
      )}
    </div>
  );
}

/**
 * Each instrument of the file and the investment its rows go to: the server's match (ISIN, then
 * ticker, then exact name) until the user picks another of the target portfolio's.
 */
export function Instruments({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const portfolioId = flow.target && 'id' in flow.target ? flow.target.id : undefined;
  const { investments } = useInvestments(portfolioId, true);
  // A new portfolio has no investments yet: everything in it is new.
  const held = portfolioId === undefined ? [] : investments;
  if (flow.instruments.length === 0) return null;
  const choicesOf = (instrument: FileInstrument) => [
    ...held
      .filter((investment) => investment.instrument?.type === instrument.type)
      .map((investment) => ({
        value: investment.id,
        label: w.t('import.existing', { name: investment.name }),
      })),
    { value: NEW_INVESTMENT, label: w.t('import.newInvestment') },
  ];
  return (
    <div className="import__instruments">
      <h3 className="import__subtitle">{w.t('import.instruments')}</h3>
      <p className="field__hint">{w.t('import.instrumentsHint')}</p>
      <ul className="import__instrument-list">
        {flow.instruments.map((instrument, index) => (
          <li key={instrument.key} className="import__instrument">
            <p className="import__instrument-name">
              <span>{instrument.name}</span>{' '}
              <span className="import__instrument-codes">
                {[instrument.isin, instrument.symbol, w.count('rows', instrument.rows)]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </p>
            <SelectField
              label={w.t('import.bookAs', { name: instrument.name })}
              name={`instrument-${index}`}
              value={flow.matches[instrument.key] ?? instrument.matched ?? NEW_INVESTMENT}
              options={choicesOf(instrument)}
              onValueChange={(match) => flow.matchInstrument(instrument.key, match)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
