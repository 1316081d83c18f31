import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../components/icon';
import { ModalDialog } from '../../components/modal-dialog';
import { useT } from '../../lib/i18n';
import type { FailureMessage } from './auth-errors';
import { type AuthView, closeAuth, useAuthOpen, useAuthStartView } from './auth-modal-state';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import './auth.css';

const titles: Record<AuthView, string> = {
  login: 'auth.title',
  register: 'auth.registerTitle',
  registered: 'auth.registeredTitle',
  forgot: 'auth.forgotTitle',
  resetSent: 'auth.resetSentTitle',
  loginFailed: 'auth.loginFailedTitle',
};

/**
 * The authorization modal with all its views (spec "Authorization modal"): login, registration and
 * its success message, the forgotten-password form and its sent message, and the error-only view of
 * a failed login. Closing it resets every view.
 */
export function AuthModal({ onSignedIn }: { onSignedIn?: () => void }) {
  const t = useT();
  const open = useAuthOpen();
  const startView = useAuthStartView();
  const id = useId();
  const body = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<AuthView>(startView);
  const [failure, setFailure] = useState<FailureMessage | null>(null);
  const [sentTo, setSentTo] = useState('');

  // Opening again (possibly on another view) starts from that view.
  useEffect(() => {
    if (open) setView(startView);
  }, [open, startView]);

  // Each view puts focus on its first field or its button, so the keyboard follows the view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for each new view.
  useEffect(() => {
    if (!open) return;
    body.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [open, view]);

  function close() {
    setView('login');
    setFailure(null);
    setSentTo('');
    closeAuth();
  }

  if (!open) return null;
  return (
    <ModalDialog open onClose={close} className="auth-modal" labelledBy={`${id}-title`} testId="auth-modal">
      <button type="button" className="icon-button auth-modal__close" aria-label={t('common.close')} onClick={close}>
        <Icon name="close" />
      </button>
      <div ref={body} className="auth-modal__body" data-view={view}>
        <h2 id={`${id}-title`}>{t(titles[view])}</h2>
        {view === 'login' && (
          <LoginForm
            onSignedIn={() => {
              close();
              onSignedIn?.();
            }}
            onFailed={(message) => {
              setFailure(message);
              setView('loginFailed');
            }}
            onRegister={() => setView('register')}
            onForgot={() => setView('forgot')}
          />
        )}
        {view === 'loginFailed' && (
          <div className="auth-modal__message" data-testid="login-failed">
            <p role="alert">{failure && ('key' in failure ? t(failure.key, failure.values) : failure.text)}</p>
            <button type="button" className="button button--primary" onClick={() => setView('login')} data-autofocus>
              {t('auth.tryAgain')}
            </button>
          </div>
        )}
        {view === 'register' && (
          <RegisterForm onRegistered={() => setView('registered')} onLogin={() => setView('login')} />
        )}
        {view === 'registered' && (
          <div className="auth-modal__message" data-testid="registered">
            <p role="status">{t('auth.registeredText')}</p>
            <button type="button" className="button button--primary" onClick={() => setView('login')} data-autofocus>
              {t('auth.toLogin')}
            </button>
          </div>
        )}
        {view === 'forgot' && (
          <ForgotPasswordForm
            onSent={(email) => {
              setSentTo(email);
              setView('resetSent');
            }}
            onBack={() => setView('login')}
          />
        )}
        {view === 'resetSent' && (
          <div className="auth-modal__message" data-testid="reset-sent">
            <p role="status">{t('auth.resetSentText', { email: sentTo })}</p>
            <button type="button" className="button button--primary" onClick={close} data-autofocus>
              {t('auth.ok')}
            </button>
          </div>
        )}
      </div>
    </ModalDialog>
  );
}
