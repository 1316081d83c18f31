import { type RegisterBody, registerBody } from '@kram/contract/accounts';
import { register } from '@kram/contract/endpoints/shop';
import { stripWhitespace, telephoneMaxLength } from '@kram/contract/validation';
import { useId, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { throttledMessage } from '../../lib/throttled';
import { registerErrorKeys } from './auth-errors';
import { AuthField } from './auth-field';
import { fieldErrors } from './form-errors';
import './auth.css';

type Field = keyof RegisterBody;
type Values = Record<Field, string>;

const empty: Values = { first_name: '', last_name: '', email: '', telephone: '', password: '', password2: '' };
type Failure = { key: string; values?: Record<string, number> };
const isPassword = (field: Field) => field === 'password' || field === 'password2';

/** The registration form (spec section 5): every rule comes from the contract's schema. */
export function RegisterForm({ onRegistered, onLogin }: { onRegistered: () => void; onLogin: () => void }) {
  const t = useT();
  const id = useId();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failures, setFailures] = useState<Failure[]>([]);
  const [sending, setSending] = useState(false);

  // Whitespace is stripped from every field but the passwords, as typed (spec section 5).
  const set = (field: Field) => (value: string) =>
    setValues((v) => ({ ...v, [field]: isPassword(field) ? value : stripWhitespace(value) }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (sending) return;
    const parsed = registerBody.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      setFailures([]);
      return;
    }
    setErrors({});
    setFailures([]);
    setSending(true);
    let failed: Failure[] | null = null;
    try {
      await api.call(register, { body: parsed.data });
    } catch (error) {
      const wait = throttledMessage(error);
      if (wait) {
        // Too many attempts from this address: nothing was checked, so what was typed stays.
        setFailures([wait]);
        setSending(false);
        return;
      }
      failed = registerErrorKeys(error instanceof ApiError ? error : null).map((key) => ({ key }));
    }
    // Login and registration clear their forms after an answered attempt (spec section 4).
    setValues(empty);
    setSending(false);
    if (failed) setFailures(failed);
    else onRegistered();
  }

  const field = (name: Field, label: string, extra: Partial<Parameters<typeof AuthField>[0]> = {}) => (
    <AuthField
      id={`${id}-${name}`}
      name={name}
      label={label}
      value={values[name]}
      onValue={set(name)}
      error={errors[name] && t(errors[name])}
      {...extra}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="auth-form" data-testid="register-form">
      {failures.length > 0 && (
        <div className="auth-form__failure" role="alert" data-testid="register-failure">
          {failures.map(({ key, values }) => (
            <p key={key}>{t(key, values)}</p>
          ))}
        </div>
      )}
      {field('first_name', t('auth.firstName'), { autoComplete: 'given-name', initialFocus: true })}
      {field('last_name', t('auth.lastName'), { autoComplete: 'family-name' })}
      {field('email', t('auth.email'), { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      {field('telephone', t('auth.telephone'), {
        type: 'tel',
        autoComplete: 'tel',
        inputMode: 'tel',
        maxLength: telephoneMaxLength,
        placeholder: '+380XXXXXXXXX',
        hint: t('auth.telephoneHint'),
      })}
      {field('password', t('auth.password'), {
        type: 'password',
        autoComplete: 'new-password',
        hint: t('auth.passwordHint'),
      })}
      {field('password2', t('auth.password2'), { type: 'password', autoComplete: 'new-password' })}
      <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending}>
        {t('auth.registerSubmit')}
      </button>
      <p className="auth-form__switch">
        {t('auth.haveAccount')}{' '}
        <button type="button" className="link-button" onClick={onLogin}>
          {t('auth.loginLink')}
        </button>
      </p>
    </form>
  );
}
