import { passwordResetForm } from '@kram/contract/accounts';
import { resetPassword } from '@kram/contract/endpoints/shop';
import { useId, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { type FailureMessage, passwordResetErrorMessage } from './auth-errors';
import { AuthField } from './auth-field';
import { openAuthAt } from './auth-modal-state';
import { fieldErrors } from './form-errors';
import './auth.css';

type Field = 'new_password' | 'new_password2';

/** The new password and its repeat, sent with the reset link's token and uid (spec "Password reset page"). */
export function ChangePasswordForm({ token, uid, onChanged }: { token: string; uid: string; onChanged: () => void }) {
  const t = useT();
  const id = useId();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<FailureMessage | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (sending) return;
    setFailure(null);
    const parsed = passwordResetForm.safeParse({ new_password: password, new_password2: repeat });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await api.call(resetPassword, { body: { token, uid, new_password: parsed.data.new_password } });
      setPassword('');
      setRepeat('');
      onChanged();
    } catch (error) {
      setFailure(passwordResetErrorMessage(error instanceof ApiError ? error : null));
    } finally {
      setSending(false);
    }
  }

  const linkInvalid = failure !== null && 'key' in failure && failure.key === 'auth.reset.linkInvalid';
  return (
    <form onSubmit={submit} noValidate className="auth-form change-password" data-testid="change-password-form">
      {failure && (
        <div className="auth-form__failure" role="alert" data-testid="change-password-failure">
          <p>{'key' in failure ? t(failure.key, failure.values) : failure.text}</p>
          {linkInvalid && (
            <button type="button" className="link-button" onClick={() => openAuthAt('forgot')}>
              {t('auth.reset.requestNew')}
            </button>
          )}
        </div>
      )}
      <AuthField
        id={`${id}-password`}
        label={t('auth.reset.newPassword')}
        type="password"
        autoComplete="new-password"
        value={password}
        onValue={setPassword}
        hint={t('auth.passwordHint')}
        error={errors.new_password && t(errors.new_password)}
      />
      <AuthField
        id={`${id}-repeat`}
        label={t('auth.reset.repeatPassword')}
        type="password"
        autoComplete="new-password"
        value={repeat}
        onValue={setRepeat}
        error={errors.new_password2 && t(errors.new_password2)}
      />
      <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending}>
        {t('auth.reset.continue')}
      </button>
    </form>
  );
}
