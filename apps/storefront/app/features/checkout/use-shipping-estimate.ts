import { useEffect, useRef, useState } from 'react';
import { type EstimateRequest, readShippingEstimate, type ShippingEstimate } from './shipping-estimate';

/** The estimate is asked this long after the last change of city, amount or payment. */
export const estimateDelayMs = 400;

export type EstimatePhase = 'idle' | 'loading' | 'done' | 'failed';

export interface EstimateState {
  phase: EstimatePhase;
  /**
   * The answer to show: the current one once in; while a new one is asked, the last answer for the
   * same city (the line does not blink when only the payment or the amount changes).
   */
  estimate: ShippingEstimate | null;
}

// Answers of this page's asks, so going back to a payment method or a city asks no more.
const answers = new Map<string, ShippingEstimate>();
const keptAnswers = 20;

const keyOf = (request: EstimateRequest) => `${request.cityRef}|${request.amount}|${request.paymentMethod}`;

/**
 * The carrier's estimate for the request, asked `estimateDelayMs` after it last changed; a newer
 * request cancels the older call. No request, or a failed call: nothing to show.
 */
export function useShippingEstimate(request: EstimateRequest | null): EstimateState {
  const key = request ? keyOf(request) : null;
  const current = useRef(request);
  current.current = request;
  const [state, setState] = useState<EstimateState & { key: string | null; cityRef: string | null }>({
    key: null,
    cityRef: null,
    phase: 'idle',
    estimate: null,
  });

  useEffect(() => {
    const asked = current.current;
    if (!key || !asked) {
      setState({ key: null, cityRef: null, phase: 'idle', estimate: null });
      return;
    }
    const { cityRef } = asked;
    const known = answers.get(key);
    if (known) {
      setState({ key, cityRef, phase: 'done', estimate: known });
      return;
    }
    setState((shown) => ({
      key,
      cityRef,
      phase: 'loading',
      estimate: shown.cityRef === cityRef ? shown.estimate : null,
    }));
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const estimate = await readShippingEstimate(asked, controller.signal);
        if (controller.signal.aborted) return;
        if (answers.size >= keptAnswers) answers.delete(answers.keys().next().value as string);
        answers.set(key, estimate);
        setState({ key, cityRef, phase: 'done', estimate });
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn('The shipping estimate could not be read', error);
        setState({ key, cityRef, phase: 'failed', estimate: null });
      }
    }, estimateDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  // Until the effect has seen a new request, the answer to an older one is not this one's.
  if (state.key !== key) {
    if (!key) return { phase: 'idle', estimate: null };
    return { phase: 'loading', estimate: state.cityRef === request?.cityRef ? state.estimate : null };
  }
  return { phase: state.phase, estimate: state.estimate };
}

/** Forgets the kept answers (tests). */
export function forgetEstimates(): void {
  answers.clear();
}
