import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import uk from '../../../public/locales/uk.json';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { DirectoryCombobox } from './directory-combobox';
import { branchSearch, citySearch, type DirectoryValue } from './directory-field';
import { forgetLookups, lookupDelayMs } from './use-directory-lookup';

const cities = [
  { ref: 'c-odesa', description: 'Одеса' },
  { ref: 'c-odesa-2', description: 'Одеське (Миколаївська обл.)' },
];
const branches = [
  { ref: 'w-1', description: 'Відділення №1: вул. Базова, 1' },
  { ref: 'w-2', description: 'Відділення №2: вул. Садова, 2' },
];

function Harness({ start, kind }: { start: DirectoryValue; kind: 'city' | 'branch' }) {
  const [value, setValue] = useState(start);
  return (
    <I18nProvider lng="uk" messages={uk as Messages}>
      <DirectoryCombobox
        id="field"
        label={kind === 'city' ? 'Місто' : 'Відділення'}
        placeholder="…"
        value={value}
        onChange={setValue}
        lookup={kind === 'city' ? citySearch : (v, typed) => branchSearch('c-odesa', v, typed)}
        toggle={kind === 'branch'}
      />
      <output data-testid="ref">{value.ref ?? 'none'}</output>
      <button type="button">elsewhere</button>
    </I18nProvider>
  );
}

let fetch: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  forgetLookups();
  fetch = vi.fn(async (url: string) => {
    const body = url.includes('/cities/') ? { cities } : { warehouses: branches };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const input = () => screen.getByRole('combobox') as HTMLInputElement;
const settle = async (ms = lookupDelayMs) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

describe('the city field', () => {
  it('clears on focus and brings the previous city back on blur while empty', () => {
    render(<Harness kind="city" start={{ text: 'Київ', ref: 'c-kyiv' }} />);
    fireEvent.focus(input());
    expect(input().value).toBe('');
    // The previous value shows where to type.
    expect(input().placeholder).toBe('Київ');
    fireEvent.blur(input());
    expect(input().value).toBe('Київ');
    expect(screen.getByTestId('ref').textContent).toBe('c-kyiv');
  });

  it('searches 300 ms after the last keystroke, once, and never for an empty field', async () => {
    render(<Harness kind="city" start={{ text: '', ref: null }} />);
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'О' } });
    await settle(100);
    fireEvent.change(input(), { target: { value: 'Од' } });
    await settle(lookupDelayMs - 1);
    expect(fetch).not.toHaveBeenCalled();
    await settle(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/novaposhta/cities/?search=%D0%9E%D0%B4');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(cities.map((c) => c.description));

    fireEvent.change(input(), { target: { value: '' } });
    await settle(lookupDelayMs * 2);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('is picked with the arrows and Enter, which does not send the form', async () => {
    const submit = vi.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={submit}>
        <Harness kind="city" start={{ text: '', ref: null }} />
      </form>,
    );
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'Оде' } });
    await settle();
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    const active = input().getAttribute('aria-activedescendant');
    expect(document.getElementById(active as string)?.textContent).toBe('Одеське (Миколаївська обл.)');
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(input().value).toBe('Одеса');
    expect(screen.getByTestId('ref').textContent).toBe('c-odesa');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(submit).not.toHaveBeenCalled();
    // Leaving keeps the pick.
    fireEvent.blur(input());
    expect(input().value).toBe('Одеса');
  });

  it('keeps typed text without a choice when left unpicked', async () => {
    render(<Harness kind="city" start={{ text: 'Київ', ref: 'c-kyiv' }} />);
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'Бровари' } });
    fireEvent.keyDown(input(), { key: 'Escape' });
    fireEvent.blur(input());
    expect(input().value).toBe('Бровари');
    expect(screen.getByTestId('ref').textContent).toBe('none');
  });
});

describe('the branch field', () => {
  it('lists the city’s branches from its toggle without a search, and searches while typing', async () => {
    render(<Harness kind="branch" start={{ text: 'Відділення №2: вул. Садова, 2', ref: 'w-2' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Показати список: Відділення' }));
    expect(input().value).toBe('');
    await settle();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/novaposhta/warehouses/?city_ref=c-odesa']);
    expect(screen.getAllByRole('option')).toHaveLength(2);

    fireEvent.change(input(), { target: { value: '1' } });
    await settle();
    expect(fetch.mock.calls.at(-1)?.[0]).toBe('/api/novaposhta/warehouses/?city_ref=c-odesa&search=1');
    fireEvent.mouseDown(screen.getAllByRole('option')[0] as HTMLElement);
    expect(input().value).toBe('Відділення №1: вул. Базова, 1');
    expect(screen.getByTestId('ref').textContent).toBe('w-1');
  });

  it('brings the previous branch back when left empty', () => {
    render(<Harness kind="branch" start={{ text: 'Відділення №2: вул. Садова, 2', ref: 'w-2' }} />);
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: '' } });
    fireEvent.blur(input());
    expect(input().value).toBe('Відділення №2: вул. Садова, 2');
    expect(screen.getByTestId('ref').textContent).toBe('w-2');
  });
});
