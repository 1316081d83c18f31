import { formatHryvnias } from '@kram/contract/money';
import type { OrderReturns, ReturnShipping, ReturnView } from '@kram/contract/returns';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';
import { shopDate } from './return-dates';
import type { Problem, ReturnFormErrors } from './return-errors';
import {
  checkReturn,
  emptyDraft,
  ibanProblem,
  type ReturnDraft,
  reasonMaxLength,
  refundSum,
} from './return-form-state';
import { ReturnLinesField } from './return-lines-field';
import { ReturnTextField } from './return-text-field';
import { sendReturnRequest } from './returns-api';
import './returns.css';

const shippings: readonly ReturnShipping[] = ['shop', 'nova_poshta'];

/** A field's errors go once the buyer changes it; the lines' with any change of the lines. */
const without = (errors: ReturnFormErrors, ...fields: (keyof ReturnFormErrors)[]): ReturnFormErrors => {
  const next = { ...errors };
  for (const field of fields) delete next[field];
  return next;
};

/**
 * The return request form: the lines and quantities, the reason, how the goods come back, the IBAN
 * and its holder when the order was not paid by card, the refund as it adds up, the deadline and the
 * terms. Problems show under their fields and the first of them gets the focus; a refusal of the
 * request as a whole shows above the form.
 */
export function ReturnForm({
  orderId,
  info,
  onDone,
}: {
  orderId: string;
  info: OrderReturns;
  onDone: (view: ReturnView) => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState<ReturnDraft>(emptyDraft);
  const [errors, setErrors] = useState<ReturnFormErrors>({});
  const [sending, setSending] = useState(false);
  const [focusRound, setFocusRound] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const banner = useRef<HTMLDivElement>(null);
  const show = (problem: Problem | undefined) => problem && t(problem.key, problem.values);

  // After a refused try, the keyboard goes to the first problem: a field, or the banner above the form.
  useEffect(() => {
    if (focusRound === 0) return;
    const field = form.current?.querySelector<HTMLElement>('[data-invalid]');
    (field ?? banner.current)?.focus();
  }, [focusRound]);

  const update = (changes: Partial<ReturnDraft>, ...cleared: (keyof ReturnFormErrors)[]) => {
    setDraft((current) => ({ ...current, ...changes }));
    setErrors((current) => without(current, 'form', ...cleared));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const checked = checkReturn(info, draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setFocusRound((n) => n + 1);
      return;
    }
    setSending(true);
    setErrors({});
    const outcome = await sendReturnRequest(orderId, checked.body);
    setSending(false);
    if (outcome.kind === 'done') {
      onDone(outcome.view);
      return;
    }
    setErrors(outcome.kind === 'invalid' ? outcome.errors : { form: outcome.problem });
    setFocusRound((n) => n + 1);
  };

  const sum = refundSum(info.lines, draft.chosen);
  // An IBAN that cannot become a valid one is said as it is typed; one left unfinished, on sending
  // (said when the field is left, its message would move the button from under a click).
  const ibanError = errors.iban ?? ibanProblem(draft.iban, false);

  return (
    <form ref={form} className="return-form" noValidate onSubmit={submit} data-testid="return-form">
      {errors.form && (
        <div ref={banner} className="return-form__banner" role="alert" tabIndex={-1} data-testid="return-banner">
          <p>{show(errors.form)}</p>
        </div>
      )}
      <ReturnLinesField
        lines={info.lines}
        chosen={draft.chosen}
        errors={errors}
        onChange={(chosen) => update({ chosen }, 'lines', 'quantities')}
      />
      <ReturnTextField
        id="return-reason"
        label={t('returns.form.reason')}
        hint={t('returns.form.reasonHint')}
        value={draft.reason}
        multiline
        maxLength={reasonMaxLength}
        onChange={(reason) => update({ reason }, 'reason')}
        error={show(errors.reason)}
      />
      <fieldset
        className="return-form__group"
        aria-describedby={errors.shipping ? 'return-shipping-error' : undefined}
        data-testid="return-shipping"
      >
        <legend className="return-form__legend">{t('returns.form.shipping')}</legend>
        <div className="return-choices">
          {shippings.map((shipping, index) => (
            <label key={shipping} className={`return-choice${draft.shipping === shipping ? ' is-checked' : ''}`}>
              <input
                type="radio"
                name="return-shipping"
                value={shipping}
                checked={draft.shipping === shipping}
                data-invalid={errors.shipping && index === 0 ? '' : undefined}
                onChange={() => update({ shipping }, 'shipping')}
              />
              <span>{t(`returns.shipping.${shipping}`)}</span>
            </label>
          ))}
        </div>
        {errors.shipping && (
          <p id="return-shipping-error" className="field-error" data-testid="return-shipping-error">
            {show(errors.shipping)}
          </p>
        )}
      </fieldset>
      {info.needs_iban && (
        <fieldset className="return-form__group">
          <legend className="return-form__legend">{t('returns.form.refundTo')}</legend>
          <p className="return-form__note">{t('returns.form.ibanWhy')}</p>
          <ReturnTextField
            id="return-iban"
            label={t('returns.form.iban')}
            hint={t('returns.form.ibanHint')}
            value={draft.iban}
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            placeholder="UA"
            onChange={(iban) => update({ iban }, 'iban')}
            error={show(ibanError)}
          />
          <ReturnTextField
            id="return-holder"
            label={t('returns.form.holder')}
            value={draft.holder}
            autoComplete="name"
            maxLength={200}
            onChange={(holder) => update({ holder }, 'account_holder')}
            error={show(errors.account_holder)}
          />
        </fieldset>
      )}
      <div className="return-summary">
        <p className="return-summary__sum" aria-live="polite" data-testid="return-sum">
          {sum > 0 ? t('returns.form.sum', { sum: formatHryvnias(sum, 'грн') }) : t('returns.form.sumNone')}
        </p>
        {info.deadline && (
          <p className="return-summary__deadline" data-testid="return-deadline">
            {t('returns.form.deadline', { date: shopDate(info.deadline) })}
          </p>
        )}
        <p className="return-summary__terms">
          <Link to="/return" target="_blank" rel="noopener">
            {t('returns.form.terms')}
            <span className="visually-hidden"> {t('returns.newTab')}</span>
          </Link>
        </p>
        <button
          type="submit"
          className="button button--primary return-summary__submit"
          aria-disabled={sending || undefined}
          data-testid="return-submit"
        >
          {sending ? t('returns.form.sending') : t('returns.form.submit')}
        </button>
      </div>
    </form>
  );
}
