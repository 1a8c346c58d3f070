import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { EmailField, NameField, PasswordField } from '../forms/account-fields';
import { BusyButton } from '../forms/busy-button';
import { ComboboxField } from '../forms/combobox-field';
import { FormError, SelectField, formText } from '../forms/field';
import { FormButtons } from '../forms/form-buttons';
import { Overlay } from '../components/dialogs/overlay';
import { Section } from '../components/section';
import { Switch } from '../forms/switch';
import { useExport } from './use-export';
import { useBenchmark, useProfile, useProfileForm } from './use-profile';
import type { OverlayControl } from '../app/use-overlay';
import { useSession } from '../auth';
import { useSettings } from '../app/use-settings';
import { useLanguage, useT } from '../app/use-i18n';
import { fill, isLocale, LOCALE_NAMES, LOCALES } from '../../i18n';
import { PROFILE_TEXTS } from './profile-catalogue';
import { taxYearHref } from '../../machines/app/routes';
import './profile-screen.css';

/**
 * /profile: Edit Profile, the settings toggles and (demo) a data reset. Name and e-mail are shown
 * by the side menu (spec) and the Edit Profile fields; a copy here would make the page say them
 * twice while the menu is open.
 */
export function ProfileScreen() {
  const { name, email } = useSession();
  const profile = useProfile();
  const { settings, toggle } = useSettings();
  const { text, language } = useT();
  const tp = PROFILE_TEXTS[language];
  return (
    <main className="page">
      <h1 className="page__title">{tp['profile.title']}</h1>
      <section className="card profile-card" aria-label={tp['profile.account']}>
        <span className="avatar avatar--large" aria-hidden="true">
          {name.slice(0, 1).toUpperCase() || '?'}
        </span>
        <div className="profile-card__text">
          <p className="profile-card__title">{tp['profile.account']}</p>
          <p className="field__hint">{tp['profile.accountHint']}</p>
        </div>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={profile.openEdit}
          // The form starts from the user, so it waits until the user is known.
          disabled={!email}
        >
          {tp['profile.edit']}
        </button>
      </section>
      {profile.notice && (
        <p className="notice" role="status">
          {text(profile.notice)}
        </p>
      )}
      <Section title={tp['profile.settings']} flush>
        <ul className="settings">
          {settings.map((setting) => (
            <li key={setting.key}>
              <Switch
                label={setting.label}
                description={setting.description}
                checked={setting.on}
                onToggle={() => toggle(setting.key)}
              />
            </li>
          ))}
          <li className="settings__language">
            <LanguageSelect />
          </li>
        </ul>
      </Section>
      <BenchmarkSection />
      <Section title={tp['profile.import']}>
        <p className="field__hint">{tp['profile.importText']}</p>
        <Link href="/import" className="button button--secondary section__button">
          {tp['profile.importLink']}
        </Link>
      </Section>
      <Section title={tp['profile.tax']}>
        <p className="field__hint">{tp['profile.taxText']}</p>
        <Link href={taxYearHref()} className="button button--secondary section__button">
          {tp['profile.taxLink']}
        </Link>
      </Section>
      <ExportSection />
      {profile.demo && (
        <Section title={tp['profile.demo']}>
          <p className="field__hint">{tp['profile.demoText']}</p>
          <button
            type="button"
            className="button button--secondary section__button"
            onClick={profile.resetDemo}
            disabled={profile.resetting}
          >
            {tp['profile.resetDemo']}
          </button>
        </Section>
      )}
      {profile.editing && (
        <EditProfileOverlay
          key={profile.overlay.opening}
          overlay={profile.overlay}
          name={name}
          email={email}
        />
      )}
    </main>
  );
}

/** Everything the user has, as Formue's JSON (importable again) or its CSV. */
function ExportSection() {
  const { exporting, failure, request } = useExport();
  const { language } = useT();
  const tp = PROFILE_TEXTS[language];
  return (
    <Section title={tp['profile.export']}>
      <p className="field__hint">{tp['profile.exportText']}</p>
      <FormError message={failure} />
      <div className="button-row section__button">
        <BusyButton
          type="button"
          className="button button--secondary"
          busy={exporting === 'json'}
          onClick={() => request('json')}
        >
          {tp['profile.exportJson']}
        </BusyButton>
        <BusyButton
          type="button"
          className="button button--secondary"
          busy={exporting === 'csv'}
          onClick={() => request('csv')}
        >
          {tp['profile.exportCsv']}
        </BusyButton>
      </div>
    </Section>
  );
}

/** The instrument the charts compare the user's money with, and a search to pick another. */
function BenchmarkSection() {
  const benchmark = useBenchmark();
  const { t, text, language } = useT();
  const tp = PROFILE_TEXTS[language];
  const current = benchmark.benchmark;
  return (
    <Section title={tp['profile.benchmark']}>
      <p className="field__hint">{tp['profile.benchmarkText']}</p>
      {current ? (
        <p className="benchmark-current">
          <span className="benchmark-current__label">{tp['profile.benchmarkCurrent']}</span>{' '}
          <strong>{current.name}</strong>{' '}
          <span className="benchmark-current__code">
            {current.isin} · {t(current.type === 'crypto' ? 'create.crypto' : 'create.stock')}
          </span>
        </p>
      ) : (
        !benchmark.notice && (
          <p className="field__hint" role="status">
            {tp['profile.benchmarkLoading']}
          </p>
        )
      )}
      <ComboboxField
        label={tp['profile.benchmarkSearch']}
        name="benchmark"
        value={benchmark.query}
        onValueChange={benchmark.type}
        disabled={benchmark.saving}
        options={benchmark.suggestions.map((instrument) => ({
          key: `${instrument.type}:${instrument.code}`,
          label: instrument.name,
          details: [
            instrument.code,
            t(instrument.type === 'crypto' ? 'create.crypto' : 'create.stock'),
            instrument.currency,
          ].join(' · '),
        }))}
        active={benchmark.active}
        listLabel={tp['profile.benchmarkSuggestions']}
        announcement={fill(tp['profile.benchmarkCount'], {
          count: benchmark.suggestions.length,
        })}
        onMove={benchmark.move}
        onChoose={benchmark.choose}
        onDismiss={benchmark.dismiss}
      />
      <p className="field__hint">{tp['profile.benchmarkHint']}</p>
      {benchmark.notice && (
        <p className="notice" role="status">
          {text(benchmark.notice)}
        </p>
      )}
    </Section>
  );
}

/** English or Dansk, each named in its own language; remembered on this device. */
function LanguageSelect() {
  const { t, language } = useT();
  const { select } = useLanguage();
  return (
    <SelectField
      label={t('language.label')}
      name="language"
      value={language}
      options={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))}
      onValueChange={(value) => {
        if (isLocale(value)) select(value);
      }}
    />
  );
}

function EditProfileOverlay({
  overlay,
  name,
  email,
}: {
  overlay: OverlayControl;
  name: string;
  email: string;
}) {
  const { save, errors, formError, saving } = useProfileForm(overlay, { name, email });
  const { t, language } = useT();
  const tp = PROFILE_TEXTS[language];
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (key: string) => formText(data, key);
    save({
      name: text('name'),
      email: text('email'),
      password: text('password'),
      password_confirmation: text('password_confirmation'),
      current_password: text('current_password'),
    });
  };
  return (
    <Overlay title={tp['profile.edit']} onClose={overlay.close} closing={overlay.closing}>
      <form className="form" onSubmit={onSubmit}>
        <NameField defaultValue={name} errors={errors.name} />
        <EmailField defaultValue={email} errors={errors.email} />
        <PasswordField
          autoComplete="new-password"
          required={false}
          hint={tp['profile.passwordHint']}
          errors={errors.password}
        />
        <PasswordField
          label={tp['profile.confirmPassword']}
          name="password_confirmation"
          autoComplete="new-password"
          required={false}
          errors={errors.password_confirmation}
        />
        <PasswordField
          label={tp['profile.currentPassword']}
          name="current_password"
          autoComplete="current-password"
          required={false}
          hint={tp['profile.currentPasswordHint']}
          errors={errors.current_password}
        />
        <FormError message={formError} />
        <FormButtons onCancel={overlay.close} submit={t('common.save')} busy={saving} />
      </form>
    </Overlay>
  );
}
