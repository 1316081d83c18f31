import { useT } from '../../lib/i18n';
import type { CheckoutErrors, CheckoutValues } from './checkout-payload';
import { phonePlaceholder, typedPersonal, typedPhone } from './phone-input';
import { TextField } from './text-field';
import './checkout.css';

type Personal = 'first_name' | 'last_name' | 'email' | 'phone';

/**
 * Name, e-mail and phone: whitespace goes as it is typed; the phone keeps the +380 form and at most
 * 13 characters (spec section 5). The 13 are counted after the mask's spaces and brackets are gone,
 * so a pasted "+38 (067) 123-45-67" fits: an HTML maxlength would cut it before it is cleaned.
 */
export function ContactFields({
  values,
  errors,
  onChange,
}: {
  values: CheckoutValues;
  errors: CheckoutErrors;
  onChange: (field: Personal, value: string) => void;
}) {
  const t = useT();
  const set = onChange;
  const err = (field: Personal) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <section className="checkout__section" aria-labelledby="checkout-contact">
      <h2 id="checkout-contact" className="checkout__heading">
        {t('checkout.contact')}
      </h2>
      <div className="checkout__grid">
        <TextField
          id="checkout-first_name"
          label={t('checkout.firstName')}
          autoComplete="given-name"
          value={values.first_name}
          onChange={(v) => set('first_name', typedPersonal(v))}
          error={err('first_name')}
          required
        />
        <TextField
          id="checkout-last_name"
          label={t('checkout.lastName')}
          autoComplete="family-name"
          value={values.last_name}
          onChange={(v) => set('last_name', typedPersonal(v))}
          error={err('last_name')}
          required
        />
        <TextField
          id="checkout-email"
          label={t('checkout.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          onChange={(v) => set('email', typedPersonal(v))}
          error={err('email')}
          required
        />
        <TextField
          id="checkout-phone"
          label={t('checkout.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={phonePlaceholder}
          hint={t('checkout.phoneHint')}
          value={values.phone}
          onChange={(v) => set('phone', typedPhone(v))}
          error={err('phone')}
          required
        />
      </div>
    </section>
  );
}
