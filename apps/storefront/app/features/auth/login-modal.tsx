import { type AuthTokens, loginBody } from '@kram/contract/accounts';
import { stripWhitespace } from '@kram/contract/validation';
import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../components/icon';
import { ModalDialog } from '../../components/modal-dialog';
import { ApiError, apiJson } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { saveSession } from '../../lib/session';
import { closeAuth, useAuthOpen } from './auth-modal-state';
import { loginErrorMessage } from './login-errors';
import './auth.css';

type Errors = Partial<Record<'email_or_phone' | 'password', string>>;

/** The sign-in view of the authorization modal; the other views (registration, reset) come later. */
export function LoginModal() {
  const t = useT();
  const open = useAuthOpen();
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  const [emailOrPhone, setEmailOrPhone] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);

  // Closing resets every view (spec "Authorization modal").
  function close() {
    setEmailOrPhone('');
    setPassword('');
    setErrors({});
    setFailure(null);
    closeAuth();
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = loginBody.safeParse({ email_or_phone: emailOrPhone, password });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const tokens = await apiJson<AuthTokens>('/api/login/', { method: 'POST', body: parsed.data });
      saveSession(tokens);
      close();
    } catch (error) {
      const message = loginErrorMessage(error instanceof ApiError ? error.body : null);
      setFailure('key' in message ? t(message.key) : message.text);
    } finally {
      setSending(false);
      setPassword('');
    }
  }

  if (!open) return null;
  return (
    <ModalDialog open onClose={close} className="auth-modal" labelledBy={`${id}-title`} testId="auth-modal">
      <button type="button" className="icon-button auth-modal__close" aria-label={t('common.close')} onClick={close}>
        <Icon name="close" />
      </button>
      <h2 id={`${id}-title`}>{t('auth.title')}</h2>
      {failure ? (
        <div className="auth-modal__failure">
          <p role="alert">{failure}</p>
          <button type="button" className="button button--secondary" onClick={() => setFailure(null)}>
            {t('auth.tryAgain')}
          </button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <label htmlFor={`${id}-login`}>{t('auth.emailOrPhone')}</label>
          <input
            ref={first}
            id={`${id}-login`}
            autoComplete="username"
            value={emailOrPhone}
            onChange={(e) => setEmailOrPhone(stripWhitespace(e.target.value))}
            aria-invalid={Boolean(errors.email_or_phone)}
            aria-describedby={errors.email_or_phone ? `${id}-login-error` : undefined}
          />
          {errors.email_or_phone && (
            <p id={`${id}-login-error`} className="field-error">
              {t(errors.email_or_phone)}
            </p>
          )}
          <label htmlFor={`${id}-password`}>{t('auth.password')}</label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? `${id}-password-error` : undefined}
          />
          {errors.password && (
            <p id={`${id}-password-error`} className="field-error">
              {t(errors.password)}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={sending}>
            {t('auth.submit')}
          </button>
        </form>
      )}
    </ModalDialog>
  );
}
