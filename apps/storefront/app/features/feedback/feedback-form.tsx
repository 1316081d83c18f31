import { sendFeedback } from '@kram/contract/endpoints/shop';
import { useId, useRef, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { useLanguage, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { throttledMessage } from '../../lib/throttled';
import { AltchaCaptcha } from './altcha-captcha';
import {
  checkFeedback,
  cleanFeedbackInput,
  emptyFeedback,
  type FeedbackErrors,
  type FeedbackField,
  type FeedbackValues,
  feedbackFields,
  feedbackMaxLength,
  serverFieldErrors,
} from './feedback-rules';
import { RecaptchaCaptcha } from './recaptcha-captcha';
import './feedback.css';

/** Which captcha the shop uses: its own proof of work, or reCAPTCHA v2 when the server has a site key. */
export type CaptchaKind = { kind: 'altcha' } | { kind: 'recaptcha'; siteKey: string };

const inputs: {
  field: keyof FeedbackValues;
  type: 'text' | 'tel' | 'email';
  autoComplete: string;
  inputMode?: 'tel' | 'email';
  required: boolean;
}[] = [
  { field: 'name', type: 'text', autoComplete: 'given-name', required: true },
  { field: 'phone_number', type: 'tel', autoComplete: 'tel', inputMode: 'tel', required: false },
  { field: 'email', type: 'email', autoComplete: 'email', inputMode: 'email', required: true },
];

/** The contacts page's form (spec "Feedback"): rules of the contract, a captcha, a modal with the outcome. */
export function FeedbackForm({ captcha }: { captcha: CaptchaKind }) {
  const t = useT();
  const lng = useLanguage();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<FeedbackValues>(emptyFeedback);
  const [captchaValue, setCaptchaValue] = useState('');
  // A new key draws a fresh captcha: each solution or token is good for one message.
  const [captchaRound, setCaptchaRound] = useState(0);
  const [errors, setErrors] = useState<FeedbackErrors>({});
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);

  const fieldId = (field: FeedbackField) => `${id}-${field}`;
  const errorId = (field: FeedbackField) => `${id}-${field}-error`;

  // After a first attempt the messages follow what is typed, so a fixed field loses its message at once.
  function recheck(nextValues: FeedbackValues, nextCaptcha: string) {
    if (!tried) return;
    const check = checkFeedback(nextValues, nextCaptcha, lng);
    setErrors(check.ok ? {} : check.errors);
  }

  function change(field: keyof FeedbackValues, raw: string) {
    const next = { ...values, [field]: cleanFeedbackInput(field, raw) };
    setValues(next);
    recheck(next, captchaValue);
  }

  function changeCaptcha(value: string) {
    setCaptchaValue(value);
    recheck(values, value);
  }

  function focusFirstError(found: FeedbackErrors) {
    const first = feedbackFields.find((field) => found[field]);
    if (!first) return;
    const target =
      first === 'captcha'
        ? form.current?.querySelector<HTMLElement>('[data-testid="captcha"] input')
        : document.getElementById(fieldId(first));
    target?.focus();
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (sending) return;
    setTried(true);
    const check = checkFeedback(values, captchaValue, lng);
    if (!check.ok) {
      setErrors(check.errors);
      focusFirstError(check.errors);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await api.call(sendFeedback, { body: check.body });
      setValues(emptyFeedback);
      setTried(false);
      notify('success', t('contacts_message'));
    } catch (error) {
      if (!(error instanceof ApiError)) console.warn('feedback not sent', error);
      setErrors(error instanceof ApiError && error.status === 400 ? serverFieldErrors(error.body) : {});
      // The fields keep what was typed; a throttled message says when it can be sent.
      const wait = throttledMessage(error);
      notify('error', wait ? t(wait.key, wait.values) : t('error_feedback'));
    } finally {
      // A solution or token is good for one message, sent or not: the next attempt gets a fresh captcha.
      setCaptchaValue('');
      setCaptchaRound((round) => round + 1);
      setSending(false);
    }
  }

  const message = (field: FeedbackField) =>
    errors[field] ? (
      <p id={errorId(field)} className="field-error" data-testid={`error-${field}`}>
        {t(errors[field])}
      </p>
    ) : null;

  return (
    <form ref={form} className="feedback-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="feedback-form__title">
        {t('feedback.title')}
      </h2>
      <p className="feedback-form__intro">{t('feedback.intro')}</p>
      {inputs.map(({ field, type, autoComplete, inputMode, required }) => (
        <div key={field} className="feedback-form__field">
          <label htmlFor={fieldId(field)}>
            {t(`feedback.fields.${field}`)}
            {required ? (
              <span className="feedback-form__required" aria-hidden="true">
                {' '}
                *
              </span>
            ) : (
              <span className="feedback-form__optional"> ({t('feedback.optional')})</span>
            )}
          </label>
          <input
            id={fieldId(field)}
            name={field}
            type={type}
            inputMode={inputMode}
            autoComplete={autoComplete}
            maxLength={feedbackMaxLength[field]}
            placeholder={field === 'phone_number' ? '+380XXXXXXXXX' : undefined}
            value={values[field]}
            onChange={(event) => change(field, event.target.value)}
            aria-required={required}
            aria-invalid={Boolean(errors[field])}
            aria-describedby={errors[field] ? errorId(field) : undefined}
          />
          {message(field)}
        </div>
      ))}
      <div className="feedback-form__field">
        <label htmlFor={fieldId('message')}>
          {t('feedback.fields.message')}
          <span className="feedback-form__required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <textarea
          id={fieldId('message')}
          name="message"
          rows={6}
          maxLength={feedbackMaxLength.message}
          value={values.message}
          onChange={(event) => change('message', event.target.value)}
          aria-required
          aria-invalid={Boolean(errors.message)}
          aria-describedby={errors.message ? errorId('message') : undefined}
        />
        {message('message')}
      </div>
      <div className="feedback-form__field">
        {captcha.kind === 'recaptcha' ? (
          <RecaptchaCaptcha
            key={captchaRound}
            siteKey={captcha.siteKey}
            lng={lng}
            onChange={changeCaptcha}
            invalid={Boolean(errors.captcha)}
          />
        ) : (
          <AltchaCaptcha
            key={captchaRound}
            onChange={changeCaptcha}
            invalid={Boolean(errors.captcha)}
            errorId={errorId('captcha')}
          />
        )}
        {message('captcha')}
      </div>
      <p className="feedback-form__note">{t('feedback.requiredNote')}</p>
      <button type="submit" className="button button--primary feedback-form__submit" disabled={sending}>
        {sending ? t('feedback.sending') : t('feedback.send')}
      </button>
    </form>
  );
}
