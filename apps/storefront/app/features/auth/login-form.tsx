import { type AuthTokens, loginBody } from '@kram/contract/accounts';
import { login } from '@kram/contract/endpoints/shop';
import { stripWhitespace } from '@kram/contract/validation';
import { useId, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { saveSession } from '../../lib/session';
import { type ThrottledMessage, throttledMessage } from '../../lib/throttled';
import { type FailureMessage, loginErrorMessage } from './auth-errors';
import { AuthField } from './auth-field';
import { fieldErrors } from './form-errors';
import './auth.css';

type Field = 'email_or_phone' | 'password';

/** The sign-in form: an e-mail or telephone and a password. */
export function LoginForm({
  onSignedIn,
  onFailed,
  onRegister,
  onForgot,
}: {
  onSignedIn: () => void;
  onFailed: (message: FailureMessage) => void;
  onRegister: () => void;
  onForgot: () => void;
}) {
  const t = useT();
  const id = useId();
  const [emailOrPhone, setEmailOrPhone] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [throttled, setThrottled] = useState<ThrottledMessage | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (sending) return;
    const parsed = loginBody.safeParse({ email_or_phone: emailOrPhone, password });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    setThrottled(null);
    setSending(true);
    let tokens: AuthTokens | null = null;
    let failure: FailureMessage | null = null;
    try {
      tokens = await api.call(login, { body: parsed.data });
    } catch (error) {
      // Too many attempts: nothing was checked, so what was typed stays for the next try.
      const wait = throttledMessage(error);
      if (wait) {
        setThrottled(wait);
        setSending(false);
        return;
      }
      failure = loginErrorMessage(error instanceof ApiError ? error : null);
    }
    // The form is cleared after every answered attempt, the login field included (spec section 4).
    setEmailOrPhone('');
    setPassword('');
    setSending(false);
    if (tokens) {
      saveSession(tokens);
      onSignedIn();
    } else if (failure) {
      onFailed(failure);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="auth-form" data-testid="login-form">
      {throttled && (
        <p className="auth-form__failure" role="alert" data-testid="login-throttled">
          {t(throttled.key, throttled.values)}
        </p>
      )}
      <AuthField
        id={`${id}-login`}
        label={t('auth.emailOrPhone')}
        autoComplete="username"
        value={emailOrPhone}
        onValue={(value) => setEmailOrPhone(stripWhitespace(value))}
        error={errors.email_or_phone && t(errors.email_or_phone)}
        initialFocus
      />
      <AuthField
        id={`${id}-password`}
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onValue={setPassword}
        error={errors.password && t(errors.password)}
      />
      <button type="button" className="link-button auth-form__aside" onClick={onForgot}>
        {t('auth.forgotLink')}
      </button>
      <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending}>
        {t('auth.submit')}
      </button>
      <p className="auth-form__switch">
        {t('auth.noAccount')}{' '}
        <button type="button" className="link-button" onClick={onRegister}>
          {t('auth.registerLink')}
        </button>
      </p>
    </form>
  );
}
