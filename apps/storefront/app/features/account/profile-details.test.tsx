import type { UserProfile } from '@kram/contract/accounts';
import { errorCodesHeader, writeErrorCodes } from '@kram/contract/error-codes';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../public/locales/ru.json';
import uk from '../../../public/locales/uk.json';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { ProfileDetails } from './profile-details';

const profile: UserProfile = {
  first_name: 'Тарас',
  last_name: 'Шевченко',
  email: 'taras@example.com',
  telephone: '+380501234567',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubPatch(...answers: Response[]) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push(body);
      return answers.shift() ?? json(200, { ...profile, email: body.email });
    }),
  );
  return sent;
}

function open(lng: 'uk' | 'ru' = 'uk', onSaved = vi.fn()) {
  render(
    <I18nProvider lng={lng} messages={(lng === 'uk' ? uk : ru) as Messages}>
      <ProfileDetails profile={profile} onSaved={onSaved} />
    </I18nProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: (lng === 'uk' ? uk : ru).profile.edit }));
  return onSaved;
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const queryPassword = () => screen.queryByLabelText(uk.profile.currentPassword);
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: uk.profile.save })));

afterEach(() => vi.unstubAllGlobals());

describe('the profile form', () => {
  it('asks for no password while the e-mail is unchanged (re-cased counts as unchanged)', async () => {
    const sent = stubPatch(json(200, { ...profile, first_name: 'Марко' }));
    open();
    fireEvent.change(input(uk.profile.fullName), { target: { value: 'Марко Шевченко' } });
    fireEvent.change(input(uk.profile.email), { target: { value: 'Taras@Example.com ' } });
    expect(queryPassword()).toBeNull();
    await save();
    expect(sent).toEqual([
      { first_name: 'Марко', last_name: 'Шевченко', email: 'Taras@Example.com', telephone: '+380501234567' },
    ]);
  });

  it('shows a labelled password field once the e-mail changes, and needs it before sending', async () => {
    const sent = stubPatch();
    open();
    fireEvent.change(input(uk.profile.email), { target: { value: 'new@example.com' } });
    const password = input(uk.profile.currentPassword);
    expect(password.type).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(password.tabIndex).toBe(0);
    await save();
    expect(sent).toEqual([]);
    expect(screen.getByTestId('current-password-error').textContent).toBe(uk.validation.current_password_required);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toContain(screen.getByTestId('current-password-error').id);
    expect(document.activeElement).toBe(password);
    // Changing the address back needs no password again.
    fireEvent.change(input(uk.profile.email), { target: { value: profile.email } });
    expect(queryPassword()).toBeNull();
  });

  it('sends the password with the new e-mail and shows the server’s refusal under the field', async () => {
    const sent = stubPatch(
      new Response(JSON.stringify({ current_password: ['validation.current_password_invalid'] }), {
        status: 400,
        headers: {
          'content-type': 'application/json',
          [errorCodesHeader]: writeErrorCodes([
            { field: 'current_password', code: 'validation.current_password_invalid' },
          ]),
        },
      }),
    );
    const onSaved = open();
    fireEvent.change(input(uk.profile.email), { target: { value: 'new@example.com' } });
    fireEvent.change(input(uk.profile.currentPassword), { target: { value: 'wrong one' } });
    await save();
    expect(sent[0]).toMatchObject({ email: 'new@example.com', current_password: 'wrong one' });
    expect(screen.getByTestId('current-password-error').textContent).toBe(uk.validation.current_password_invalid);
    // The password's own message is under its field, not the general update error.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();

    fireEvent.change(input(uk.profile.currentPassword), { target: { value: 'secret 1' } });
    expect(screen.queryByTestId('current-password-error')).toBeNull();
    await save();
    expect(sent[1]).toMatchObject({ email: 'new@example.com', current_password: 'secret 1' });
    expect(onSaved).toHaveBeenCalledWith({ ...profile, email: 'new@example.com' });
  });

  it('names the password field and its messages in Russian', async () => {
    stubPatch();
    open('ru');
    fireEvent.change(input(ru.profile.email), { target: { value: 'new@example.com' } });
    expect(input(ru.profile.currentPassword)).toBeTruthy();
    expect(screen.getByTestId('profile-current-password').textContent).toContain(ru.profile.currentPasswordHint);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: ru.profile.save })));
    expect(screen.getByTestId('current-password-error').textContent).toBe(ru.validation.current_password_required);
  });
});
