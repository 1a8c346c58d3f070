import type { FormEvent } from 'react';
import { FormError, TextField, formText } from '../components/field';
import { Overlay } from '../components/overlay';
import { Section } from '../components/section';
import { Switch } from '../components/switch';
import { useProfile } from '../hooks/use-profile';
import { useSession } from '../hooks/use-session';
import { useSettings } from '../hooks/use-settings';

type ProfileControl = ReturnType<typeof useProfile>;

/**
 * /profile: Edit Profile, the settings toggles and (demo) a data reset. Name and e-mail are shown
 * by the side menu (spec) and the Edit Profile fields; a copy here would make the page say them
 * twice while the menu is open.
 */
export function ProfileScreen() {
  const { name, email } = useSession();
  const profile = useProfile();
  const { settings, toggle } = useSettings();
  return (
    <main className="page">
      <h1 className="page__title">Profile</h1>
      <section className="card profile-card" aria-label="Your account">
        <span className="avatar avatar--large" aria-hidden="true">
          {name.slice(0, 1).toUpperCase() || '?'}
        </span>
        <div className="profile-card__text">
          <p className="profile-card__title">Your account</p>
          <p className="field__hint">Change your name, e-mail or password.</p>
        </div>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={profile.openEdit}
          // The form starts from the user, so it waits until the user is known.
          disabled={!email}
        >
          Edit Profile
        </button>
      </section>
      {profile.notice && (
        <p className="notice" role="status">
          {profile.notice}
        </p>
      )}
      <Section title="Settings" flush>
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
        </ul>
      </Section>
      {profile.demo && (
        <Section title="Demo data">
          <p className="field__hint">
            Your changes to the demo are kept in this browser. Start again from the sample
            portfolios.
          </p>
          <button
            type="button"
            className="button button--secondary section__button"
            onClick={profile.resetDemo}
            disabled={profile.resetting}
          >
            Reset demo data
          </button>
        </Section>
      )}
      {profile.editing && <EditProfileOverlay profile={profile} name={name} email={email} />}
    </main>
  );
}

function EditProfileOverlay({
  profile,
  name,
  email,
}: {
  profile: ProfileControl;
  name: string;
  email: string;
}) {
  const { closeEdit, save, errors, formError, saving, editClosing } = profile;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (key: string) => formText(data, key);
    save({ name: text('name'), email: text('email'), password: text('password') });
  };
  return (
    <Overlay title="Edit Profile" onClose={closeEdit} closing={editClosing}>
      <form className="form" onSubmit={onSubmit}>
        <TextField
          label="Name"
          name="name"
          defaultValue={name}
          autoComplete="name"
          required
          errors={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          defaultValue={email}
          autoComplete="email"
          required
          errors={errors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="Leave empty to keep your password."
          errors={errors.password}
        />
        <FormError message={formError} />
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={closeEdit}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={saving}>
            Save
          </button>
        </div>
      </form>
    </Overlay>
  );
}
