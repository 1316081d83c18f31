import { formatHryvnias } from '@kram/contract/money';
import { useEffect, useRef, useState } from 'react';
import type { CartLine } from '../../lib/cart-line';
import { useT } from '../../lib/i18n';
import { checkPromo, type PromoState } from './promo-code';

/**
 * The checkout's promo code: typed, applied with a button, and checked again whenever the cart
 * changes. The applied code goes with the order (`onApplied`); the discount line shows what the shop
 * takes off, and a signed-in shopper sees the new total (a guest sees no prices, the discount only).
 * `serverRefusal` is the order's own refusal of the code, already translated.
 */
export function PromoCodeField({
  lines,
  applied,
  onApplied,
  serverRefusal,
}: {
  lines: readonly CartLine[];
  applied: string;
  /** The code that applies now ('' for none) and the discount the shop quoted for it. */
  onApplied: (code: string, discount?: string) => void;
  serverRefusal?: string;
}) {
  const t = useT();
  const [typed, setTyped] = useState(applied);
  const [state, setState] = useState<PromoState>({ kind: 'none' });
  const asked = useRef<AbortController | null>(null);
  const cartKey = lines.map((l) => `${l.id}:${l.count}:${l.price ?? ''}`).join(',');

  async function run(code: string) {
    asked.current?.abort();
    const controller = new AbortController();
    asked.current = controller;
    setState({ kind: 'checking' });
    const outcome = await checkPromo(code, lines, controller.signal);
    if (controller.signal.aborted) return;
    setState(outcome);
    if (outcome.kind === 'applied') onApplied(outcome.check.code, outcome.check.discount);
    else onApplied('');
  }

  // The cart changed under an applied code: its discount is worked out again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cartKey stands for the lines
  useEffect(() => {
    if (applied) void run(applied);
    return () => asked.current?.abort();
  }, [cartKey]);

  const apply = () => {
    const code = typed.trim();
    if (code === '') {
      setState({ kind: 'none' });
      onApplied('');
      return;
    }
    void run(code);
  };
  const remove = () => {
    asked.current?.abort();
    setTyped('');
    setState({ kind: 'none' });
    onApplied('');
  };

  const refusal = state.kind === 'refused' ? t(state.key, state.values) : serverRefusal;
  return (
    <div className="checkout__promo" data-testid="checkout-promo">
      <label htmlFor="checkout-promo_code" className="field__label">
        {t('checkout.promo.label')}
      </label>
      <div className="checkout__promo-row">
        <input
          id="checkout-promo_code"
          className="field__input"
          value={typed}
          maxLength={32}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? 'checkout-promo_code-error' : undefined}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
        />
        <button
          type="button"
          className="button button--secondary"
          onClick={apply}
          disabled={state.kind === 'checking'}
          data-testid="checkout-promo-apply"
        >
          {t('checkout.promo.apply')}
        </button>
        {state.kind === 'applied' && (
          <button type="button" className="button button--link" onClick={remove} data-testid="checkout-promo-remove">
            {t('checkout.promo.remove')}
          </button>
        )}
      </div>
      {refusal && (
        <p id="checkout-promo_code-error" className="field-error" role="alert" data-testid="checkout-promo-error">
          {refusal}
        </p>
      )}
      {state.kind === 'applied' && (
        <dl className="checkout__totals">
          <div className="checkout__total-row" data-testid="checkout-discount">
            <dt>{t('checkout.promo.discount', { code: state.check.code })}</dt>
            <dd>−{formatHryvnias(state.check.discount, 'грн')}</dd>
          </div>
          {state.check.amount !== null && (
            <div className="checkout__total-row checkout__total-row--grand">
              <dt>{t('checkout.promo.newTotal')}</dt>
              <dd data-testid="checkout-discounted-total">{formatHryvnias(state.check.amount, 'грн')}</dd>
            </div>
          )}
        </dl>
      )}
    </div>
  );
}
