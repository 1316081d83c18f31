import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import uk from '../../../public/locales/uk.json';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { closeNotification, useNotification } from '../../lib/notify';
import { PrivacyConsent } from './privacy-consent';
import { privacyConsentKey, readPrivacyConsent } from './privacy-consent-store';

function Shown() {
  const notification = useNotification();
  return <output data-testid="shown">{notification ? `${notification.type}: ${notification.message}` : ''}</output>;
}

const renderConsent = () =>
  render(
    <I18nProvider lng="uk" messages={uk as Messages}>
      <PrivacyConsent />
      <Shown />
    </I18nProvider>,
  );

afterEach(() => {
  act(closeNotification);
  vi.useRealTimers();
});

describe('accepting the privacy agreement', () => {
  it('is a button with the spec’s label that records the acceptance and confirms it', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-03-05T10:00:00Z'));
    renderConsent();
    expect(screen.getByTestId('privacy-consent-status').textContent).toBe(uk.legal.acceptHint);
    fireEvent.click(screen.getByRole('button', { name: 'Приймаю Угоду про конфіденційність' }));
    expect(readPrivacyConsent()).toEqual(new Date('2024-03-05T10:00:00Z'));
    expect(screen.getByTestId('shown').textContent).toBe(`success: ${uk.legal.acceptedMessage}`);
    expect(screen.getByTestId('privacy-consent-status').textContent).toBe('Ви прийняли Угоду 5 березня 2024 р.');
  });

  it('shows an acceptance stored before', () => {
    window.localStorage.setItem(privacyConsentKey, '2023-12-31T12:00:00.000Z');
    renderConsent();
    expect(screen.getByTestId('privacy-consent-status').textContent).toContain('31 грудня 2023');
  });
});
