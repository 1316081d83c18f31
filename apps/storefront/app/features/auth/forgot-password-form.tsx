import { passwordResetRequestBody } from '@kram/contract/accounts';
import { passwordResetRequest } from '@kram/contract/endpoints/shop';
import { stripWhitespace } from '@kram/contract/validation';
import { useId, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { useLanguage, useT } from '../../lib/i18n';
import { throttledMessage } from '../../lib/throttled';
import { type FailureMessage, resetRequestErrorMessage } from './auth-errors';
import { AuthField } from './auth-field';
import { fieldErrors } from './form-errors';
import './auth.css';

/** Asks for a reset link by e-mail; the mail is written in the shopper's language. */
export function ForgotPasswordForm({ onSent, onBack }: { onSent: (email: string) => void; onBack: () => void }) {
  const t = useT();
  const lng = useLanguage();
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<FailureMessage | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (sending) return;
    setFailure(null);
    const parsed = passwordResetRequestBody.safeParse({ email, lng });
    if (!parsed.success) {
      setError(fieldErrors<'email'>(parsed.error).email);
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      await api.call(passwordResetRequest, { body: parsed.data });
      setEmail('');
      onSent(parsed.data.email);
    } catch (caught) {
      // The address stays, so a typo can be corrected.
      setFailure(throttledMessage(caught) ?? resetRequestErrorMessage(caught instanceof ApiError ? caught : null));
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="auth-form" data-testid="forgot-form">
      <p className="auth-form__lead">{t('auth.forgotText')}</p>
      {failure && (
        <p className="auth-form__failure" role="alert" data-testid="forgot-failure">
          {'key' in failure ? t(failure.key, failure.values) : failure.text}
        </p>
      )}
      <AuthField
        id={`${id}-email`}
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onValue={(value) => setEmail(stripWhitespace(value))}
        error={error && t(error)}
        initialFocus
      />
      <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending}>
        {t('auth.forgotSubmit')}
      </button>
      <p className="auth-form__switch">
        <button type="button" className="link-button" onClick={onBack}>
          {t('auth.backToLogin')}
        </button>
      </p>
    </form>
  );
}
