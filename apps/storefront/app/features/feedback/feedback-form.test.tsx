import { createHash } from 'node:crypto';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import uk from '../../../public/locales/uk.json';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { closeNotification, type Notification } from '../../lib/notify';
import { FeedbackForm } from './feedback-form';

const notifications: Omit<Notification, 'id'>[] = [];
vi.mock('../../lib/notify', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/notify')>();
  return {
    ...original,
    notify: (type: Notification['type'], message: string) => notifications.push({ type, message }),
  };
});

const salt = `00112233445566778899aabb?expires=${Math.floor(Date.now() / 1000) + 600}&`;
const challenge = {
  algorithm: 'SHA-256',
  challenge: createHash('sha256').update(`${salt}321`).digest('hex'),
  maxnumber: 1000,
  salt,
  signature: 'f'.repeat(64),
};

type Reply = { status: number; body: unknown; headers?: Record<string, string> };
type Answer = Reply | Promise<Reply>;
let feedbackAnswers: Answer[] = [];
const sent: unknown[] = [];

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
      if (url === '/api/captcha/challenge/') return json(200, challenge);
      if (url === '/api/feedback/' && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        const answer = await (feedbackAnswers.shift() ?? { status: 201, body: { message: 'ok' } });
        return json(answer.status, answer.body, answer.headers);
      }
      return json(404, { detail: 'Not found.' });
    }),
  );
}

function renderForm() {
  return render(
    <I18nProvider lng="uk" messages={uk as Messages}>
      <FeedbackForm captcha={{ kind: 'altcha' }} />
    </I18nProvider>,
  );
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: /Надіслати|Надсилаємо/ }) as HTMLButtonElement;

async function solveCaptcha() {
  fireEvent.click(screen.getByTestId('captcha-box'));
  await waitFor(() => expect(screen.getByTestId('captcha-status').textContent).toBe(uk.captcha.done));
  expect((screen.getByTestId('captcha-box') as HTMLInputElement).checked).toBe(true);
}

function fill() {
  fireEvent.change(field(/^Ім'я/), { target: { value: 'Ірина Коваль' } });
  fireEvent.change(field(/^Телефон/), { target: { value: '+380 50 123 45 67' } });
  fireEvent.change(field(/^E-mail/), { target: { value: 'iryna@example.com' } });
  fireEvent.change(field(/^Повідомлення/), { target: { value: 'Чи є куртка розміру 52?' } });
}

beforeEach(() => {
  notifications.length = 0;
  sent.length = 0;
  feedbackAnswers = [];
  stubApi();
});
afterEach(() => {
  act(closeNotification);
  vi.unstubAllGlobals();
});

describe('the feedback form', () => {
  it('shows each field’s message under it on an empty submit and sends nothing', async () => {
    renderForm();
    fireEvent.click(submit());
    expect(screen.getByTestId('error-name').textContent).toBe(uk.validation.firstname_required);
    expect(screen.getByTestId('error-email').textContent).toBe(uk.validation.email_required);
    expect(screen.getByTestId('error-message').textContent).toBe(uk.validation.feedback_message_required);
    expect(screen.getByTestId('error-captcha').textContent).toBe(uk.validation.captcha_required);
    expect(screen.queryByTestId('error-phone_number')).toBeNull();
    expect(field(/^Ім'я/).getAttribute('aria-invalid')).toBe('true');
    expect(field(/^Ім'я/).getAttribute('aria-describedby')).toBe(screen.getByTestId('error-name').id);
    // The first field at fault takes the focus.
    expect(document.activeElement).toBe(field(/^Ім'я/));
    expect(sent).toEqual([]);
  });

  it('strips spaces as typed, keeps the phone to 13 characters and clears a message once the field is right', () => {
    renderForm();
    fireEvent.click(submit());
    fireEvent.change(field(/^Ім'я/), { target: { value: ' Ірина Коваль' } });
    expect(field(/^Ім'я/).value).toBe('ІринаКоваль');
    expect(screen.queryByTestId('error-name')).toBeNull();
    fireEvent.change(field(/^Телефон/), { target: { value: '+380 50 123 45 6789' } });
    expect(field(/^Телефон/).value).toBe('+380501234567');
    expect(field(/^Телефон/).maxLength).toBe(13);
  });

  it('solves the captcha, sends, reads "sending" meanwhile, then clears the form and shows the success modal', async () => {
    let answer!: (value: { status: number; body: unknown }) => void;
    feedbackAnswers.push(new Promise((resolve) => (answer = resolve)));
    renderForm();
    await solveCaptcha();
    fill();
    fireEvent.click(submit());

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(submit().textContent).toBe(uk.feedback.sending);
    expect(submit().disabled).toBe(true);
    const body = sent[0] as Record<string, string>;
    expect(body).toMatchObject({
      name: 'ІринаКоваль',
      phone_number: '+380501234567',
      email: 'iryna@example.com',
      message: 'Чи є куртка розміру 52?',
      lng: 'uk',
    });
    expect(JSON.parse(atob(body.captcha ?? ''))).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 321,
      salt,
      signature: challenge.signature,
    });

    await act(async () => answer({ status: 201, body: { message: 'Thank you! Your message has been sent.' } }));
    await waitFor(() => expect(submit().disabled).toBe(false));
    expect(submit().textContent).toBe(uk.feedback.send);
    expect(notifications).toEqual([{ type: 'success', message: uk.contacts_message }]);
    for (const label of [/^Ім'я/, /^Телефон/, /^E-mail/, /^Повідомлення/]) expect(field(label).value).toBe('');
    // A solution is good for one message: the next one needs a fresh captcha.
    expect((screen.getByTestId('captcha-box') as HTMLInputElement).checked).toBe(false);
  });

  it('shows error_feedback in an error modal when sending fails, and keeps what was typed', async () => {
    feedbackAnswers.push({ status: 500, body: { detail: 'Internal server error.' } });
    renderForm();
    await solveCaptcha();
    fill();
    fireEvent.click(submit());
    await waitFor(() => expect(notifications).toEqual([{ type: 'error', message: uk.error_feedback }]));
    expect(field(/^E-mail/).value).toBe('iryna@example.com');
    expect(submit().disabled).toBe(false);
    expect((screen.getByTestId('captcha-box') as HTMLInputElement).checked).toBe(false);
  });

  it('says when a throttled message can be sent again, and keeps what was typed', async () => {
    feedbackAnswers.push({
      status: 429,
      body: { detail: 'Request was throttled. Expected available in 540 seconds.' },
      headers: { 'retry-after': '540' },
    });
    renderForm();
    await solveCaptcha();
    fill();
    const labels = [/^Ім'я/, /^Телефон/, /^E-mail/, /^Повідомлення/];
    const typed = labels.map((label) => field(label).value);
    fireEvent.click(submit());
    await waitFor(() =>
      expect(notifications).toEqual([{ type: 'error', message: 'Забагато спроб. Спробуйте ще раз через 9 хвилин.' }]),
    );
    expect(labels.map((label) => field(label).value)).toEqual(typed);
    expect(field(/^E-mail/).value).toBe('iryna@example.com');
  });

  it('puts the server’s refusal of a field under that field', async () => {
    feedbackAnswers.push({ status: 400, body: { captcha: ['Captcha verification failed.'] } });
    renderForm();
    await solveCaptcha();
    fill();
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByTestId('error-captcha').textContent).toBe(uk.captcha.refused));
    expect(notifications).toEqual([{ type: 'error', message: uk.error_feedback }]);
  });
});
