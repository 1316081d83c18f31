import { type ErrorCode, errorCodesHeader, writeErrorCodes } from '@kram/contract/error-codes';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Admin, HttpError, Resource, TestMemoryRouter } from 'react-admin';
import { beforeEach, vi } from 'vitest';
import { dataProvider } from '../../data-provider.ts';
import { createI18nProvider } from '../../i18n/i18n-provider.ts';
import { aCategory, aProduct } from '../../test-fixtures.ts';

/** What the promotions screens' tests share: the API they meet, the admin they run in, the noise they allow. */

/** A JSON answer, with the codes of its messages in `Kram-Error-Codes` as the server sends them. */
export const json = (status: number, body: unknown, codes: ErrorCode[] = []) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json',
      ...(codes.length ? { [errorCodesHeader]: writeErrorCodes(codes) } : {}),
    },
  });

const categories = [aCategory(3, { name: 'Куртки' }), aCategory(4, { name: 'Взуття' })];
const products = [aProduct(7, { name: 'Куртка Вартовий' }), aProduct(8, { name: 'Черевики Шлях' })];

/** A list answer of `records`, or of those among them a `?id=` query asks for. */
function page(url: URL, records: { id: number }[]) {
  const ids = url.searchParams.getAll('id').map(Number);
  const results = ids.length ? records.filter((r) => ids.includes(r.id)) : records;
  return json(200, { count: results.length, results });
}

/** The API as the promotions screens meet it: categories and products to pick, `rest` for the rest. */
export function stubApi(rest: (url: URL, init: RequestInit) => Response) {
  const fetch = vi.fn(async (address: string, init: RequestInit) => {
    const url = new URL(address, 'http://kram.test');
    if (url.pathname === '/api/admin/categories/') return page(url, categories);
    if (url.pathname === '/api/admin/products/') return page(url, products);
    return rest(url, init);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The bodies sent to the server with `method`, by address. */
export const sent = (fetch: ReturnType<typeof stubApi>, method: string) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => [url, JSON.parse(String(init?.body))]);

/** The back office at `path` with `resource` and the categories and products it picks from. */
export function renderAdminAt(path: string, resource: ReactNode) {
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin dataProvider={dataProvider} i18nProvider={createI18nProvider('uk')} disableTelemetry>
        {resource}
        <Resource name="categories" />
        <Resource name="products" />
      </Admin>
    </TestMemoryRouter>,
  );
}

// Let through, and only these: React's warning about the props react-admin 5 still hands MUI 9, which
// no longer takes them (the search box's `InputProps`, the date inputs' `InputLabelProps`, the number
// inputs' `inputProps`, each beside the `slotProps` that do the work; the switches' `inputRef`, only
// for focus), and react-admin's development log of a save or delete the server refused (the 400s and
// 409s the tests stub). Any other console.error fails the test.
const renamedProps = new Set(['InputProps', 'InputLabelProps', 'inputProps', 'inputRef']);
const expectedNoise = (args: unknown[]) =>
  (String(args[0]).startsWith('React does not recognize the `%s` prop') && renamedProps.has(String(args[1]))) ||
  (args[0] instanceof HttpError && [400, 409].includes(args[0].status));

/** Installs, for each test of the calling file, the filter of the console errors allowed above. */
export function allowAdminNoise() {
  beforeEach(() => {
    const fail = vi.mocked(console.error).getMockImplementation();
    vi.mocked(console.error).mockImplementation((...args: unknown[]) => {
      if (!expectedNoise(args)) fail?.(...args);
    });
  });
}

/** Picks `option` in a react-admin autocomplete of many. */
export async function pick(name: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}
