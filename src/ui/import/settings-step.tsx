// The file's setup when it is not recognised: its settings, its columns and its type words.
import {
  DATE_FORMATS,
  ENCODINGS,
  IMPORT_FIELDS,
  SEPARATORS,
  TYPE_ACTIONS,
} from '../../domain/import/types';
import type { FileSettings, SettingKey } from '../../machines/import';
import type { ImportKey } from './import-catalogue';
import { SelectField } from '../forms/field';
import { Section } from '../components/section';
import { type Flow, useImportTexts } from './import-texts';

const SEPARATOR_NAMES: Record<(typeof SEPARATORS)[number], ImportKey> = {
  ',': 'import.comma',
  ';': 'import.semicolon',
  '\t': 'import.tab',
  '|': 'import.pipe',
};

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * One of a file's settings: what was detected unless the user chose another; "Not detected" as
 * an empty first choice when nothing was. With the file's values it was decided from, under it.
 */
function SettingField<K extends SettingKey>({
  flow,
  name,
  detected,
  values,
  labelOf,
}: {
  flow: Flow;
  name: K;
  detected: { value: FileSettings[K] | null; samples?: readonly string[] };
  values: readonly NonNullable<FileSettings[K]>[];
  labelOf: (value: NonNullable<FileSettings[K]>) => string;
}) {
  const w = useImportTexts();
  const { value, samples } = detected;
  const select = (
    <SelectField
      label={w.t(`import.${name}`)}
      name={name}
      value={flow.overrides[name] ?? value ?? ''}
      placeholder={value ? undefined : w.t('import.notDetected')}
      options={values.map((option) => ({ value: option, label: labelOf(option) }))}
      onValueChange={(chosen) => {
        if (isOneOf(values, chosen)) flow.changeSettings({ [name]: chosen });
      }}
    />
  );
  if (!samples) return select;
  return (
    <div>
      {select}
      <p className="field__hint">
        {samples.length > 0
          ? w.t('import.samples', { samples: samples.slice(0, 3).join('  ·  ') })
          : undefined}
      </p>
    </div>
  );
}

/** Continue, closing a step of the file's setup. */
function ContinueButton({ onContinue, blocked }: { onContinue: () => void; blocked?: boolean }) {
  const w = useImportTexts();
  return (
    <button
      type="button"
      className="button button--primary section__button"
      onClick={onContinue}
      disabled={blocked}
    >
      {w.t('import.continue')}
    </button>
  );
}

const DECIMAL_SEPARATORS = [',', '.'] as const;

export function Settings({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const { detection } = flow;
  if (!detection) return null;
  const fileText = detection.kind === 'csv';
  return (
    <Section title={w.t('import.settings')}>
      <div className="import__settings">
        {fileText && (
          <SettingField
            flow={flow}
            name="encoding"
            detected={{ value: detection.encoding }}
            values={ENCODINGS}
            labelOf={(value) => value.toUpperCase()}
          />
        )}
        {fileText && (
          <SettingField
            flow={flow}
            name="separator"
            detected={{ value: detection.separator }}
            values={SEPARATORS}
            labelOf={(value) => w.t(SEPARATOR_NAMES[value])}
          />
        )}
        <SettingField
          flow={flow}
          name="decimalSeparator"
          detected={detection.decimalSeparator}
          values={DECIMAL_SEPARATORS}
          labelOf={(value) =>
            value === ','
              ? `${w.t('import.comma')} (1.234,56)`
              : `${w.t('import.point')} (1,234.56)`
          }
        />
        <SettingField
          flow={flow}
          name="dateFormat"
          detected={detection.dateFormat}
          values={DATE_FORMATS}
          labelOf={(value) => value}
        />
      </div>
      <ContinueButton onContinue={flow.confirmSettings} />
    </Section>
  );
}

interface Choice {
  label: string;
  name: string;
  value: string;
  placeholder: string;
  options: { value: string; label: string }[];
  onValueChange: (value: string) => void;
}

/** A step of choices in a grid, then Continue: the columns of a file, or its unknown type words. */
function ChoiceStep(props: {
  title: string;
  hint: string;
  choices: Choice[];
  onContinue: () => void;
  blocked?: boolean;
}) {
  return (
    <Section title={props.title}>
      <p className="field__hint">{props.hint}</p>
      <div className="import__grid">
        {props.choices.map((choice) => (
          <SelectField key={choice.name} {...choice} />
        ))}
      </div>
      <ContinueButton onContinue={props.onContinue} blocked={props.blocked} />
    </Section>
  );
}

export function Mapping({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const options = (flow.detection?.headers ?? []).map((header) => ({
    value: header,
    label: header,
  }));
  return (
    <ChoiceStep
      title={w.t('import.mapping')}
      hint={w.t('import.mappingHint')}
      onContinue={flow.confirmMapping}
      choices={IMPORT_FIELDS.map((field) => ({
        label: w.fields[field],
        name: field,
        value: flow.columns[field] ?? '',
        placeholder: w.t('import.notInFile'),
        options,
        onValueChange: (value) => flow.mapColumn(field, value || undefined),
      }))}
    />
  );
}

export function Words({ flow }: { flow: Flow }) {
  const w = useImportTexts();
  const unknown = flow.parsed?.unknownTypes ?? [];
  const options = TYPE_ACTIONS.map((action) => ({ value: action, label: w.actions[action] }));
  return (
    <ChoiceStep
      title={w.t('import.words')}
      hint={w.t('import.wordsHint')}
      onContinue={flow.confirmWords}
      blocked={unknown.some(({ word }) => !(word in flow.words))}
      choices={unknown.map(({ word, count }) => ({
        label: `${word} (${w.count('rows', count)})`,
        name: `word-${word}`,
        value: flow.words[word] ?? '',
        placeholder: w.t('import.choose'),
        options,
        onValueChange: (value) => {
          if (isOneOf(TYPE_ACTIONS, value)) flow.mapWord(word, value);
        },
      }))}
    />
  );
}
