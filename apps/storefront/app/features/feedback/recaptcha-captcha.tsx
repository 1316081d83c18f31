import type { Language } from '@kram/contract/language';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import './feedback.css';

interface Grecaptcha {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): number;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    kramRecaptchaReady?: () => void;
  }
}

let loading: Promise<Grecaptcha> | null = null;

/** Google's script, once per page; its language is the one the page had when it was first needed. */
function loadRecaptcha(lng: Language): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.kramRecaptchaReady = () =>
      window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error('no grecaptcha'));
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?onload=kramRecaptchaReady&render=explicit&hl=${lng}`;
    script.async = true;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('reCAPTCHA script failed to load'));
    };
    document.head.append(script);
  });
  return loading;
}

/** reCAPTCHA v2's checkbox (304 by 78), for shops configured with RECAPTCHA_SITE_KEY; its token goes to `onChange`. */
export function RecaptchaCaptcha({
  siteKey,
  lng,
  onChange,
  invalid,
}: {
  siteKey: string;
  lng: Language;
  onChange: (token: string) => void;
  invalid: boolean;
}) {
  const t = useT();
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const report = useRef(onChange);
  report.current = onChange;

  useEffect(() => {
    let cancelled = false;
    // The widget draws into a fresh element each time, so a remount (the form's reset) gets a new one.
    const host = document.createElement('div');
    container.current?.append(host);
    loadRecaptcha(lng)
      .then((grecaptcha) => {
        if (cancelled) return;
        grecaptcha.render(host, {
          sitekey: siteKey,
          callback: (token) => report.current(token),
          'expired-callback': () => report.current(''),
          'error-callback': () => report.current(''),
        });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn(error);
        setFailed(true);
      });
    return () => {
      cancelled = true;
      host.remove();
    };
  }, [siteKey, lng]);

  return (
    <div className={`captcha captcha--recaptcha${invalid ? ' is-invalid' : ''}`} data-testid="captcha">
      <div ref={container} />
      {failed && (
        <p className="captcha__status" role="alert">
          {t('captcha.unavailable')}
        </p>
      )}
    </div>
  );
}
