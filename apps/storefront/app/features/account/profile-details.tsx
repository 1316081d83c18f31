import type { UserProfile } from '@kram/contract/accounts';
import { telephoneMaxLength } from '@kram/contract/validation';
import { useId, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { joinFullName, splitFullName } from './full-name';
import { profileUpdateErrorKeys, updateProfile } from './profile-api';
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
  const [failures, setFailures] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  function edit() {
    setDraft(draftOf(profile));
    setFailures([]);
    setEditing(true);
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setFailures([]);
    const telephone = draft.telephone.trim();
    try {
      const saved = await updateProfile({
        ...splitFullName(draft.fullName),
        email: draft.email.trim(),
        // An account made without a telephone (staff) may keep it empty.
        ...(telephone || profile.telephone !== null ? { telephone } : {}),
      });
      onSaved(saved);
      setEditing(false);
    } catch (error) {
      setFailures(profileUpdateErrorKeys(error instanceof ApiError ? error.body : null));
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
          {failures.map((key) => (
            <p key={key}>{t(key)}</p>
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
