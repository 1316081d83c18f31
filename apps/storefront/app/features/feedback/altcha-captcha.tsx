import { captchaChallenge } from '@kram/contract/captcha';
import * as shop from '@kram/contract/endpoints/shop';
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { canSolve, challengeExpiry, encodeSolution, solveChallenge } from './altcha-solver';
import './feedback.css';

type State =
  | { kind: 'idle' }
  | { kind: 'solving'; share: number }
  | { kind: 'done' }
  | { kind: 'expired' }
  | { kind: 'failed'; reason: 'unsupported' | 'unavailable' };

/** A solved challenge is given up this long before the server would refuse it, so it never expires in flight. */
const expiryMarginMs = 15_000;

/**
 * "I am not a robot", self-hosted: ticking the box fetches a proof-of-work challenge from the shop
 * and solves it in the browser (ALTCHA protocol, SHA-256 through Web Crypto). The solved payload goes
 * to `onChange`; an empty string whenever there is none.
 */
export function AltchaCaptcha({
  onChange,
  invalid,
  errorId,
}: {
  onChange: (payload: string) => void;
  invalid: boolean;
  errorId?: string;
}) {
  const t = useT();
  const id = useId();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);
  const expiryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const report = useRef(onChange);
  report.current = onChange;

  useEffect(
    () => () => {
      running.current?.abort();
      clearTimeout(expiryTimer.current);
    },
    [],
  );

  async function start() {
    if (state.kind === 'solving' || state.kind === 'done') return;
    if (!canSolve()) {
      setState({ kind: 'failed', reason: 'unsupported' });
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setState({ kind: 'solving', share: 0 });
    try {
      const challenge = captchaChallenge.parse(await api.call(shop.captchaChallenge, { signal: controller.signal }));
      const number = await solveChallenge(challenge, {
        signal: controller.signal,
        onProgress: (share) => setState({ kind: 'solving', share }),
      });
      if (number === null) throw new Error('unsolvable challenge');
      setState({ kind: 'done' });
      report.current(encodeSolution(challenge, number));
      const expiry = challengeExpiry(challenge.salt);
      if (expiry) {
        expiryTimer.current = setTimeout(
          () => {
            setState({ kind: 'expired' });
            report.current('');
          },
          Math.max(0, expiry.getTime() - Date.now() - expiryMarginMs),
        );
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn('captcha challenge failed', error);
      setState({ kind: 'failed', reason: 'unavailable' });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  const done = state.kind === 'done';
  const solving = state.kind === 'solving';
  const statusText =
    state.kind === 'solving'
      ? t('captcha.solving', { percent: Math.floor(state.share * 100) })
      : state.kind === 'done'
        ? t('captcha.done')
        : state.kind === 'expired'
          ? t('captcha.expired')
          : state.kind === 'failed'
            ? t(state.reason === 'unsupported' ? 'captcha.unsupported' : 'captcha.unavailable')
            : t('captcha.hint');
  const describedBy = [`${id}-status`, invalid && errorId ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={`captcha captcha--${state.kind}${invalid ? ' is-invalid' : ''}`} data-testid="captcha">
      <span className="captcha__control">
        <input
          id={`${id}-box`}
          type="checkbox"
          className="captcha__box"
          checked={done}
          aria-busy={solving}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={() => void start()}
          data-testid="captcha-box"
        />
        {solving && <span className="captcha__spinner" aria-hidden="true" />}
      </span>
      <span className="captcha__text">
        <label className="captcha__label" htmlFor={`${id}-box`}>
          {t('captcha.label')}
        </label>
        <span id={`${id}-status`} className="captcha__status" aria-live="polite" data-testid="captcha-status">
          {statusText}
        </span>
      </span>
      <span className="captcha__brand" aria-hidden="true">
        {t('captcha.brand')}
      </span>
      {solving && (
        <span className="captcha__progress" aria-hidden="true" style={{ width: `${Math.floor(state.share * 100)}%` }} />
      )}
    </div>
  );
}
