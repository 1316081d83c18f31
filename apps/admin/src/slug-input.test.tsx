import { productSlugMaxLength } from '@kram/contract/slug';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, Form, TextInput } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from './i18n/i18n-provider.ts';
import { SlugInput, withDerivedSlug } from './slug-input.tsx';

function renderForm(followsName: boolean, record?: Record<string, unknown>) {
  // react-admin's text input hands MUI's text field a prop it has since renamed, and React warns of
  // it in development; that warning alone is let through here.
  const fail = console.error;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('React does not recognize the `%s` prop') || args[1] !== 'InputProps') fail(...args);
  });
  const submitted = vi.fn();
  render(
    <AdminContext i18nProvider={createI18nProvider('uk')}>
      <Form record={record} onSubmit={submitted}>
        <TextInput source="name" label="Назва" />
        <SlugInput maxLength={productSlugMaxLength} followsName={followsName} label="Адреса" />
        <button type="submit">Зберегти</button>
      </Form>
    </AdminContext>,
  );
  const name = screen.getByLabelText('Назва') as HTMLInputElement;
  const slug = screen.getByLabelText('Адреса') as HTMLInputElement;
  const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
  return { name, slug, type, submitted };
}

// The whole back office's context renders with the form: its first render is slow on a busy machine.
describe('the slug field', { timeout: 30_000 }, () => {
  afterEach(() => cleanup());

  it('fills itself from the Ukrainian name of a new record as the name is typed', async () => {
    const { name, slug, type } = renderForm(true);
    type(name, 'Куртка «Згорани»');
    await vi.waitFor(() => expect(slug.value).toBe('kurtka-zghorany'));
    type(name, "Юрій Знам'янка");
    await vi.waitFor(() => expect(slug.value).toBe('yurii-znamianka'));
  });

  it('stops following the name once typed by hand, and follows it again when emptied', async () => {
    const { name, slug, type } = renderForm(true);
    type(name, 'Шапка');
    await vi.waitFor(() => expect(slug.value).toBe('shapka'));
    type(slug, 'Zymova-Shapka');
    await vi.waitFor(() => expect(slug.value).toBe('zymova-shapka'));
    type(name, 'Шапка зимова');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slug.value).toBe('zymova-shapka');
    type(slug, '');
    type(name, 'Шапка тепла');
    await vi.waitFor(() => expect(slug.value).toBe('shapka-tepla'));
  });

  it('leaves a saved record’s slug as it is when the name changes', async () => {
    const { name, slug, type } = renderForm(false, { id: 7, name: 'Шапка', slug: 'hand-made' });
    expect(slug.value).toBe('hand-made');
    type(name, 'Шапка зимова');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slug.value).toBe('hand-made');
  });
});

describe('a new record’s slug as sent', () => {
  it('goes empty when it is the one the name gives, for the server to derive and number', () => {
    expect(withDerivedSlug({ name: 'Куртка Згорани', slug: 'kurtka-zghorany', sku: 'A' }, 120)).toEqual({
      name: 'Куртка Згорани',
      slug: '',
      sku: 'A',
    });
    expect(withDerivedSlug({ name: 'Куртка', slug: null }, 120).slug).toBe('');
  });

  it('goes as typed otherwise', () => {
    expect(withDerivedSlug({ name: 'Куртка Згорани', slug: 'my-jacket' }, 120).slug).toBe('my-jacket');
  });
});
