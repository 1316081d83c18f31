import type { UserProfile } from '@kram/contract/accounts';
import { normalizeEmail } from '@kram/contract/email-identity';
import { messageKeys, stripWhitespace, telephoneMaxLength } from '@kram/contract/validation';
import { useId, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { throttledMessage } from '../../lib/throttled';
import { joinFullName, splitFullName } from './full-name';
import { currentPasswordErrorKey, profileUpdateErrorKeys, updateProfile } from './profile-api';
import './account.css';

interface Draft {
  fullName: string;
  email: string;
  telephone: string;
}

const draftOf = (profile: UserProfile): Draft => ({
  fullName: joinFullName(profile),
  email: profile.email,
  telephone: profile.telephone ?? '',
});

/**
 * Full name, e-mail and phone with an Edit/Save toggle (spec "Account area"). Save sends the update
 * and returns to the view mode; a refused update keeps the form open with the reason.
 */
export function ProfileDetails({ profile, onSaved }: { profile: UserProfile; onSaved: (p: UserProfile) => void }) {
  const t = useT();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile));
  const [failures, setFailures] = useState<{ key: string; values?: Record<string, number> }[]>([]);
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  // The e-mail is where reset links go: a new one is confirmed with the password, the same one
  // (re-cased, with stray spaces) is not a change.
  const emailChanged = normalizeEmail(stripWhitespace(draft.email)) !== normalizeEmail(profile.email);

  function edit() {
    setDraft(draftOf(profile));
    setFailures([]);
    setCurrentPassword('');
    setPasswordError(undefined);
    setEditing(true);
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (emailChanged && !currentPassword) {
      setPasswordError(messageKeys.currentPasswordRequired);
      document.getElementById(`${id}-current-password`)?.focus();
      return;
    }
    setSaving(true);
    setFailures([]);
    setPasswordError(undefined);
    const telephone = draft.telephone.trim();
    try {
      const saved = await updateProfile({
        ...splitFullName(draft.fullName),
        email: draft.email.trim(),
        // An account made without a telephone (staff) may keep it empty.
        ...(telephone || profile.telephone !== null ? { telephone } : {}),
        ...(emailChanged ? { current_password: currentPassword } : {}),
      });
      onSaved(saved);
      setCurrentPassword('');
      setEditing(false);
    } catch (error) {
      const failure = error instanceof ApiError ? error : null;
      const wait = throttledMessage(error);
      setFailures(wait ? [wait] : profileUpdateErrorKeys(failure).map((key) => ({ key })));
      setPasswordError(currentPasswordErrorKey(failure));
    } finally {
      setSaving(false);
    }
  }

  const set = (field: keyof Draft) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setDraft((d) => ({ ...d, [field]: event.target.value }));

  if (!editing) {
    return (
      <div className="profile-details" data-testid="profile-details">
        <dl className="profile-details__list">
          <div>
            <dt>{t('profile.fullName')}</dt>
            <dd data-testid="profile-full-name">{joinFullName(profile) || t('profile.notSet')}</dd>
          </div>
          <div>
            <dt>{t('profile.email')}</dt>
            <dd data-testid="profile-email">{profile.email}</dd>
          </div>
          <div>
            <dt>{t('profile.telephone')}</dt>
            <dd data-testid="profile-telephone">{profile.telephone || t('profile.notSet')}</dd>
          </div>
        </dl>
        <button type="button" className="button button--primary" onClick={edit}>
          {t('profile.edit')}
        </button>
      </div>
    );
  }

  return (
    <form className="profile-details profile-details--editing" onSubmit={save} noValidate data-testid="profile-form">
      {failures.length > 0 && (
        <div className="profile-details__failure" role="alert">
          {failures.map(({ key, values }) => (
            <p key={key}>{t(key, values)}</p>
          ))}
        </div>
      )}
      <div className="profile-details__list">
        <label htmlFor={`${id}-name`}>{t('profile.fullName')}</label>
        <input
          id={`${id}-name`}
          autoComplete="name"
          value={draft.fullName}
          onChange={set('fullName')}
          // biome-ignore lint/a11y/noAutofocus: the field the shopper asked to edit; focus follows the button press.
          autoFocus
        />
        <label htmlFor={`${id}-email`}>{t('profile.email')}</label>
        <input
          id={`${id}-email`}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={draft.email}
          onChange={set('email')}
        />
        {emailChanged && (
          <>
            <label htmlFor={`${id}-current-password`}>{t('profile.currentPassword')}</label>
            <div className="profile-details__field" data-testid="profile-current-password">
              <input
                id={`${id}-current-password`}
                type="password"
                autoComplete="current-password"
                value={currentPassword}
                onChange={(event) => {
                  setCurrentPassword(event.target.value);
                  setPasswordError(undefined);
                }}
                aria-invalid={passwordError ? true : undefined}
                aria-describedby={`${id}-current-password-hint${passwordError ? ` ${id}-current-password-error` : ''}`}
              />
              <p id={`${id}-current-password-hint`} className="profile-details__hint">
                {t('profile.currentPasswordHint')}
              </p>
              {passwordError && (
                <p id={`${id}-current-password-error`} className="field-error" data-testid="current-password-error">
                  {t(passwordError)}
                </p>
              )}
            </div>
          </>
        )}
        <label htmlFor={`${id}-telephone`}>{t('profile.telephone')}</label>
        <input
          id={`${id}-telephone`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={telephoneMaxLength}
          placeholder="+380XXXXXXXXX"
          value={draft.telephone}
          onChange={set('telephone')}
        />
      </div>
      <div className="profile-details__actions">
        <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving}>
          {t('profile.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setEditing(false)} disabled={saving}>
          {t('profile.cancel')}
        </button>
      </div>
    </form>
  );
}
