import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import uk from '../../../public/locales/uk.json';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { FeedbackForm } from './feedback-form';

interface RenderOptions {
  sitekey: string;
  callback: (token: string) => void;
  'expired-callback': () => void;
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.grecaptcha;
});

describe('the contact form with reCAPTCHA', () => {
  it('loads Google’s widget with the site key and sends its token as the captcha', async () => {
    const rendered: RenderOptions[] = [];
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/feedback/') sent.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ message: 'ok' }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    // The page would fetch Google's script; here it is only caught.
    const appended: Node[] = [];
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      appended.push(...nodes.filter((node): node is Node => typeof node !== 'string'));
    });
    render(
      <I18nProvider lng="uk" messages={uk as Messages}>
        <FeedbackForm captcha={{ kind: 'recaptcha', siteKey: 'the-site-key' }} />
      </I18nProvider>,
    );

    expect(appended).toHaveLength(1);
    const script = appended[0] as HTMLScriptElement;
    expect(script.src).toBe('https://www.google.com/recaptcha/api.js?onload=kramRecaptchaReady&render=explicit&hl=uk');
    // What Google's script does once loaded: defines grecaptcha and calls the onload callback.
    window.grecaptcha = {
      render: (container: HTMLElement, options: RenderOptions) => {
        expect(container.isConnected).toBe(true);
        rendered.push(options);
        return rendered.length;
      },
    };
    act(() => window.kramRecaptchaReady?.());
    await waitFor(() => expect(rendered).toHaveLength(1));
    expect(rendered[0]?.sitekey).toBe('the-site-key');

    fireEvent.change(screen.getByLabelText(/^Ім'я/), { target: { value: 'Ірина' } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'iryna@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Повідомлення/), { target: { value: 'Питання' } });
    fireEvent.click(screen.getByRole('button', { name: uk.feedback.send }));
    expect(screen.getByTestId('error-captcha').textContent).toBe(uk.validation.captcha_required);

    act(() => rendered[0]?.callback('google-token'));
    expect(screen.queryByTestId('error-captcha')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: uk.feedback.send }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ captcha: 'google-token', name: 'Ірина' });
    // A token is good once: the widget is drawn afresh for the next message.
    await waitFor(() => expect(rendered).toHaveLength(2));
  });
});
