import { useT } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';
import type { CheckoutErrors, CheckoutValues } from './checkout-payload';
import { TextField } from './text-field';
import './checkout.css';

type Notes = 'description' | 'need_call_back' | 'agreement';

/** The comment, the call-me box and the agreement with the offer and the privacy terms. */
export function OrderNotes({
  values,
  errors,
  onChange,
}: {
  values: CheckoutValues;
  errors: CheckoutErrors;
  onChange: <Field extends Notes>(field: Field, value: CheckoutValues[Field]) => void;
}) {
  const t = useT();
  const set = onChange;
  const err = (field: 'description') => (errors[field] ? t(errors[field]) : undefined);
  return (
    <div className="checkout__section">
      <TextField
        id="checkout-description"
        label={t('checkout.comment')}
        multiline
        maxLength={2000}
        value={values.description}
        onChange={(v) => set('description', v)}
        error={err('description')}
      />
      <label className="check checkout__check">
        <input
          type="checkbox"
          checked={values.need_call_back}
          onChange={(event) => set('need_call_back', event.target.checked)}
        />
        <span>{t('checkout.callMe')}</span>
      </label>
      <div className={errors.agreement ? 'checkout__agreement has-error' : 'checkout__agreement'}>
        <label className="check checkout__check">
          <input
            id="checkout-agreement"
            type="checkbox"
            checked={values.agreement}
            aria-invalid={Boolean(errors.agreement)}
            aria-describedby={errors.agreement ? 'checkout-agreement-error' : undefined}
            onChange={(event) => set('agreement', event.target.checked)}
          />
          <span>
            {t('checkout.agreementBefore')}
            <Link to="/oferta" target="_blank">
              {t('checkout.agreementOffer')}
            </Link>
            {t('checkout.agreementBetween')}
            <Link to="/conf" target="_blank">
              {t('checkout.agreementPrivacy')}
            </Link>
          </span>
        </label>
        {errors.agreement && (
          <p id="checkout-agreement-error" className="field-error" data-testid="checkout-agreement-error">
            {t(errors.agreement)}
          </p>
        )}
      </div>
    </div>
  );
}
