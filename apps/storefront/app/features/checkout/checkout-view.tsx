import type { DeliveryType, PaymentMethod } from '@kram/contract/orders';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { CartLine } from '../../lib/cart-line';
import { validationKeyOf } from '../../lib/failure';
import { useLanguage, useT } from '../../lib/i18n';
import { Link, useLocalizedNavigate } from '../../lib/localized-links';
import { notify } from '../../lib/notify';
import { clearCheckoutDraft, readCheckoutDraft, saveCheckoutDraft, withDraft } from './checkout-draft';
import {
  buildOrderPayload,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutValues,
  checkOrder,
  checkoutFields,
  fieldOfPath,
  initialCheckoutValues,
} from './checkout-payload';
import { CheckoutSummary } from './checkout-summary';
import { ChoiceGroup } from './choice-group';
import { ContactFields } from './contact-fields';
import { DeliverySection } from './delivery-section';
import { type DirectoryValue, emptyDirectoryValue } from './directory-field';
import { CarrierEstimate } from './estimate-line';
import { OrderNotes } from './order-notes';
import { pendingCardOrder, saveOrderData } from './order-storage';
import { typedPersonal, typedPhone } from './phone-input';
import { attemptKeys, failureText, placeOrder, shortLine } from './place-order';
import { promoFieldKey } from './promo-code';
import { PromoCodeField } from './promo-code-field';
import { useProfilePrefill } from './use-profile-prefill';
import './checkout.css';

/** Spec section 9: the success page follows a placed order after one second. */
export const successRedirectMs = 1000;

type Phase = 'editing' | 'sending' | 'placed' | 'paying';

interface Props {
  /** False on the server and during hydration: the cart is not known yet, its place is kept. */
  cartReady: boolean;
  lines: readonly CartLine[];
  signedIn: boolean;
  pricesLoading: boolean;
  /** The cart's lines, drawn by the cart with their quantity and removal. */
  cartList: ReactNode;
  /** The order is placed: the cart is emptied (spec section 4). */
  onPlaced: () => void;
  /** The shop has only `left` units of the line's variant (0: none): the cart marks the line. */
  onShortage?: (line: CartLine, left: number) => void;
  /** A declined card payment brought the shopper back (`/checkout?payment=failed&order_id=…`). */
  failedPayment: { number: string; cartRestored: boolean } | null;
}

const fieldId = (field: CheckoutField) => (field === 'items' ? 'checkout-summary' : `checkout-${field}`);

/** The checkout page's form (spec "Checkout"): personal data, delivery, payment, the order. */
export function CheckoutView({
  cartReady,
  lines,
  signedIn,
  pricesLoading,
  cartList,
  onPlaced,
  onShortage,
  failedPayment,
}: Props) {
  const t = useT();
  const lng = useLanguage();
  const navigate = useLocalizedNavigate();
  const [values, setValues] = useState<CheckoutValues>(initialCheckoutValues);
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [phase, setPhase] = useState<Phase>('editing');
  const [branchCityRef, setBranchCityRef] = useState<string | null>(null);
  const busy = useRef(false);
  // What the applied promo code takes off, as the shop quoted it: a card order's stored copy shows it.
  const quotedDiscount = useRef<string | undefined>(undefined);
  const keyFor = useRef(attemptKeys()).current;
  // The server renders the empty form; the kept draft is put back once hydrated, then kept current.
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    const draft = readCheckoutDraft();
    if (draft) {
      setValues((current) => withDraft(current, draft));
      // The kept branch belongs to the kept city: its list opens for that city.
      setBranchCityRef(draft.city.ref);
    }
    setRestored(true);
  }, []);

  useEffect(() => {
    if (restored && phase === 'editing') saveCheckoutDraft(values);
  }, [restored, phase, values]);

  const set = <Field extends keyof CheckoutValues>(field: Field, value: CheckoutValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A field being corrected loses its error; the others keep theirs until the next try.
    const shown = checkoutFields.find((name) => name === field);
    if (shown && errors[shown]) setErrors(({ [shown]: _gone, ...rest }) => rest);
  };

  useProfilePrefill(signedIn, (profile) =>
    setValues((current) => ({
      ...current,
      first_name: current.first_name || typedPersonal(profile.first_name),
      last_name: current.last_name || typedPersonal(profile.last_name),
      email: current.email || typedPersonal(profile.email),
      phone: current.phone || typedPhone(profile.telephone ?? ''),
    })),
  );

  const commitCity = (city: DirectoryValue) => {
    // Another city (or a typed name) takes the branch of the old one with it.
    if (city.ref === branchCityRef) return;
    setBranchCityRef(city.ref);
    setValues((current) => ({ ...current, branch: emptyDirectoryValue }));
  };

  useEffect(() => {
    if (phase !== 'placed') return;
    const timer = setTimeout(() => navigate('/success-order'), successRedirectMs);
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    // A second click while the first is out sends nothing (the Idempotency-Key covers the rest).
    if (busy.current) return;
    const payload = buildOrderPayload(values, lines, { lng, signedIn });
    const checked = checkOrder(payload, lines);
    setErrors(checked.errors);
    if (!checked.ok) {
      const first = checkoutFields.find((field) => {
        const element = document.getElementById(fieldId(field));
        return checked.errors[field] && element && !(element as HTMLInputElement).disabled;
      });
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    busy.current = true;
    setPhase('sending');
    const outcome = await placeOrder(payload, keyFor(payload));
    if (outcome.kind === 'order') {
      saveOrderData(outcome.order);
      clearCheckoutDraft();
      onPlaced();
      setPhase('placed');
      return;
    }
    if (outcome.kind === 'invoice') {
      if (!outcome.paymentUrl) {
        // Spec section 4: without a payment address nothing happens beyond logging.
        console.warn('The card invoice came without a payment URL', outcome.orderId);
        busy.current = false;
        setPhase('editing');
        return;
      }
      saveOrderData(pendingCardOrder(outcome.orderId, lines, signedIn, quotedDiscount.current));
      // The draft stays until the payment goes through (the success page clears it): a declined
      // card brings the shopper back to this form, filled.
      onPlaced();
      setPhase('paying');
      window.location.assign(outcome.paymentUrl);
      return;
    }
    busy.current = false;
    setPhase('editing');
    if (outcome.fields) {
      // The server's field errors that are the form's own validation keys show under their fields.
      const fromServer: CheckoutErrors = {};
      for (const [path, code] of Object.entries(outcome.fields)) {
        const field = fieldOfPath(path, values.delivery_type);
        const key = validationKeyOf(code) ?? promoFieldKey(code);
        if (field && key) fromServer[field] ??= key;
      }
      setErrors((current) => ({ ...current, ...fromServer }));
    }
    for (const shortage of outcome.shortages ?? []) {
      const line = shortLine(lines, shortage);
      if (line) onShortage?.(line, shortage.left);
    }
    notify('error', failureText(t, lng, outcome, lines));
  }

  if (phase === 'placed' || phase === 'paying') {
    return (
      <div className="checkout__done" role="status" data-testid="checkout-done">
        <p>{t(phase === 'placed' ? 'checkout.placed' : 'checkout.toPayment')}</p>
      </div>
    );
  }

  if (cartReady && lines.length === 0) {
    return (
      <div className="checkout__empty" data-testid="checkout-empty">
        {failedPayment && <FailedPayment {...failedPayment} />}
        <p>{t('checkout.nothing')}</p>
        <Link to="/" className="button button--primary">
          {t('checkout.toCatalog')}
        </Link>
      </div>
    );
  }

  const err = (field: CheckoutField) => (errors[field] ? t(errors[field]) : undefined);
  const sending = phase === 'sending';
  return (
    <form
      className="checkout"
      onSubmit={submit}
      noValidate
      aria-busy={sending || undefined}
      data-testid="checkout-form"
    >
      {failedPayment && <FailedPayment {...failedPayment} />}
      <div className="checkout__form">
        <ContactFields values={values} errors={errors} onChange={set} />

        <DeliverySection
          values={values}
          errors={errors}
          branchCityRef={branchCityRef}
          onDelivery={(delivery: DeliveryType) => {
            setValues((current) => ({ ...current, delivery_type: delivery }));
            setErrors(({ city: _c, branch: _b, address: _a, ...rest }) => rest);
          }}
          onCity={(city) => set('city', city)}
          onCityCommit={commitCity}
          onBranch={(branch) => set('branch', branch)}
          onAddress={(address) => set('address', address)}
          estimate={<CarrierEstimate values={values} lines={lines} signedIn={signedIn} pricesLoading={pricesLoading} />}
        />

        <section className="checkout__section" aria-labelledby="checkout-payment">
          <h2 id="checkout-payment" className="checkout__heading">
            {t('checkout.payment')}
          </h2>
          <ChoiceGroup<PaymentMethod>
            name="payment_method"
            legend={t('checkout.paymentMethod')}
            value={values.payment_method}
            onChange={(method) => set('payment_method', method)}
            error={err('payment_method')}
            choices={[
              { value: 'cash', label: t('checkout.paymentCash') },
              { value: 'matching', label: t('checkout.paymentMatching') },
              { value: 'card', label: t('checkout.paymentCard') },
            ]}
          />
        </section>

        <OrderNotes values={values} errors={errors} onChange={set} />
      </div>

      <aside className="checkout__aside">
        <CheckoutSummary
          ready={cartReady}
          lines={lines}
          signedIn={signedIn}
          pricesLoading={pricesLoading}
          list={cartList}
          error={errors.items ? t(errors.items) : undefined}
          promo={
            <PromoCodeField
              lines={lines}
              applied={values.promo_code}
              onApplied={(code, discount) => {
                quotedDiscount.current = code ? discount : undefined;
                set('promo_code', code);
              }}
              serverRefusal={errors.promo_code ? t(errors.promo_code) : undefined}
            />
          }
        />
        <button
          type="submit"
          className="button button--primary checkout__submit"
          // Not `disabled`: the button keeps the keyboard's focus while the order is sent.
          aria-disabled={sending || undefined}
          data-testid="place-order"
        >
          {sending
            ? t('checkout.sending')
            : values.payment_method === 'card'
              ? t('checkout.payByCard')
              : t('checkout.placeOrder')}
        </button>
      </aside>
    </form>
  );
}

function FailedPayment({ number, cartRestored }: { number: string; cartRestored: boolean }) {
  const t = useT();
  return (
    <div className="checkout__alert" role="alert" data-testid="payment-failed">
      <p>{t('checkout.paymentFailed', { number })}</p>
      {cartRestored && <p>{t('checkout.cartRestored')}</p>}
    </div>
  );
}
