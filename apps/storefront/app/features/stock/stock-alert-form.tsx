import { profile } from '@kram/contract/endpoints/shop';
import { emailMaxLength, stripWhitespace } from '@kram/contract/validation';
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { type AlertProblem, type AlertVariant, subscribeToStock } from './stock-alert';
import './stock.css';

type Phase = { kind: 'editing'; problem?: AlertProblem } | { kind: 'sending' } | { kind: 'done'; email: string };

/**
 * "Tell me when it is back" for a variant that cannot be bought: one e-mail field and a button. A
 * signed-in shopper's profile e-mail is put in while the field is still empty. Give it a `key` per
 * variant, so another size or colour starts a fresh form.
 */
export function StockAlertForm({ variant }: { variant: AlertVariant }) {
  const t = useT();
  const id = useId();
  const { signedIn } = useSession();
  const [email, setEmail] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    api
      .call(profile, { signal: controller.signal })
      .then((me) => setEmail((current) => current || stripWhitespace(me.email)))
      .catch(() => {
        // No profile (signed out meanwhile, or it could not be read): the shopper types the address.
      });
    return () => controller.abort();
  }, [signedIn]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (phase.kind === 'sending') return;
    setPhase({ kind: 'sending' });
    const outcome = await subscribeToStock(variant, email);
    if (outcome.ok) {
      setPhase({ kind: 'done', email: stripWhitespace(email) });
      return;
    }
    setPhase({ kind: 'editing', problem: outcome.problem });
    if (outcome.problem.field === 'email') input.current?.focus();
  }

  const problem = phase.kind === 'editing' ? phase.problem : undefined;
  const emailError = problem?.field === 'email' ? t(problem.key) : undefined;
  const formError = problem && problem.field === null ? t(problem.key, problem.values) : undefined;
  const sending = phase.kind === 'sending';
  return (
    <form
      className="stock-alert"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid="stock-alert"
    >
      <h2 id={`${id}-title`} className="stock-alert__title">
        {t('stock.alert.title')}
      </h2>
      {phase.kind === 'done' ? (
        <p className="stock-alert__done" role="status" data-testid="stock-alert-done">
          {t('stock.alert.done', { email: phase.email })}
        </p>
      ) : (
        <>
          <p className="stock-alert__text">{t('stock.alert.text')}</p>
          <div className="stock-alert__row">
            <label htmlFor={`${id}-email`} className="visually-hidden">
              {t('stock.alert.email')}
            </label>
            <input
              ref={input}
              id={`${id}-email`}
              className="stock-alert__input"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t('stock.alert.email')}
              maxLength={emailMaxLength}
              value={email}
              onChange={(event) => {
                setEmail(stripWhitespace(event.target.value));
                if (problem) setPhase({ kind: 'editing' });
              }}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-email-error` : undefined}
              data-testid="stock-alert-email"
            />
            <button
              type="submit"
              className="button button--secondary stock-alert__submit"
              // Not `disabled`: the button keeps the keyboard's focus while the request is out.
              aria-disabled={sending || undefined}
              data-testid="stock-alert-submit"
            >
              {sending ? t('stock.alert.sending') : t('stock.alert.submit')}
            </button>
          </div>
          {emailError && (
            <p id={`${id}-email-error`} className="field-error" data-testid="stock-alert-email-error">
              {emailError}
            </p>
          )}
          <p className="field-error" role="alert" data-testid="stock-alert-error">
            {formError}
          </p>
        </>
      )}
    </form>
  );
}
