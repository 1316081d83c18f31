import { deliveryTypes, paymentMethods } from '@kram/contract/orders';
import type { CheckoutValues } from './checkout-payload';
import type { DirectoryValue } from './directory-field';

/**
 * The checkout form as the shopper left it, kept in this tab's session storage until an order is
 * placed: a declined card payment, a reload or a step back to the catalogue brings the shopper back
 * to a filled form. Every field is kept except the agreement, which is ticked anew for each order.
 * Session storage, not local: the draft holds personal data and ends with the tab.
 */
export const checkoutDraftKey = 'checkoutForm';

export type CheckoutDraft = Omit<CheckoutValues, 'agreement'>;

const session = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage blocked by the browser's settings: the form works, unremembered.
    return null;
  }
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isDirectoryValue = (value: unknown): value is DirectoryValue =>
  isObject(value) && typeof value.text === 'string' && (typeof value.ref === 'string' || value.ref === null);

const textFields = ['first_name', 'last_name', 'email', 'phone', 'address', 'description'] as const;

/** Storage is the shopper's to edit: a draft not shaped like the form is no draft. */
export function isCheckoutDraft(value: unknown): value is CheckoutDraft {
  return (
    isObject(value) &&
    textFields.every((field) => typeof value[field] === 'string') &&
    paymentMethods.includes(value.payment_method as CheckoutDraft['payment_method']) &&
    deliveryTypes.includes(value.delivery_type as CheckoutDraft['delivery_type']) &&
    isDirectoryValue(value.city) &&
    isDirectoryValue(value.branch) &&
    typeof value.need_call_back === 'boolean'
  );
}

export function saveCheckoutDraft(values: CheckoutValues): void {
  const { agreement: _ticked, ...draft } = values;
  try {
    session()?.setItem(checkoutDraftKey, JSON.stringify(draft));
  } catch {
    // Storage full: the form keeps working, unremembered.
  }
}

export function readCheckoutDraft(): CheckoutDraft | null {
  try {
    const raw = session()?.getItem(checkoutDraftKey);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (!isCheckoutDraft(value)) return null;
    // Only the form's own fields: whatever else storage holds stays out of the form's state.
    return {
      first_name: value.first_name,
      last_name: value.last_name,
      email: value.email,
      phone: value.phone,
      payment_method: value.payment_method,
      delivery_type: value.delivery_type,
      city: { text: value.city.text, ref: value.city.ref },
      branch: { text: value.branch.text, ref: value.branch.ref },
      address: value.address,
      need_call_back: value.need_call_back,
      description: value.description,
      // A promo code is applied again at the checkout, not remembered: its terms may have changed.
      promo_code: '',
    };
  } catch {
    return null;
  }
}

export function clearCheckoutDraft(): void {
  try {
    session()?.removeItem(checkoutDraftKey);
  } catch {
    // Nothing kept, nothing to clear.
  }
}

/**
 * The form's values with the draft put back: the draft's choices, and its text where it holds some
 * (a field it left empty keeps what is there, e.g. a signed-in shopper's name from the profile).
 * The agreement stays as it is: unticked.
 */
export function withDraft(current: CheckoutValues, draft: CheckoutDraft): CheckoutValues {
  const text = (field: (typeof textFields)[number]) => draft[field] || current[field];
  return {
    ...current,
    first_name: text('first_name'),
    last_name: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    description: text('description'),
    payment_method: draft.payment_method,
    delivery_type: draft.delivery_type,
    city: draft.city,
    branch: draft.branch,
    need_call_back: draft.need_call_back,
  };
}
