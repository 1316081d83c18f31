import { type APIRequestContext, expect, type Page } from '@playwright/test';

export interface Account {
  firstName: string;
  lastName: string;
  email: string;
  telephone: string;
  password: string;
}

/** The superuser the e2e server is started with (playwright.config.ts), for the back office's journeys. */
export const staffAccount = { email: 'staff-manager@example.com', password: 'e2e-staff-password-1' } as const;

/** A fresh account: an e-mail and a +380 telephone nobody has yet. */
export function newAccount(tag: string): Account {
  const digits = `${Date.now()}${Math.floor(Math.random() * 10)}`.slice(-9);
  return {
    firstName: 'Леся',
    lastName: 'Українка',
    email: `${tag}${digits}@example.com`,
    telephone: `+380${digits}`,
    password: 'secret-123',
  };
}

export async function register(request: APIRequestContext, account: Account): Promise<void> {
  const response = await request.post('/api/register/', {
    data: {
      first_name: account.firstName,
      last_name: account.lastName,
      email: account.email,
      telephone: account.telephone,
      password: account.password,
      password2: account.password,
    },
  });
  expect(response.status()).toBe(201);
}

export interface Tokens {
  access: string;
  refresh: string;
  is_staff: boolean;
  is_superuser: boolean;
}

export async function login(request: APIRequestContext, emailOrPhone: string, password: string): Promise<Tokens> {
  const response = await request.post('/api/login/', { data: { email_or_phone: emailOrPhone, password } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Tokens;
}

/** Stores a session the way the storefront does after signing in; the open page follows the storage event. */
export async function storeSession(page: Page, tokens: Tokens): Promise<void> {
  await page.evaluate((t) => {
    localStorage.setItem('refresh', t.refresh);
    localStorage.setItem('is_staff', String(t.is_staff));
    localStorage.setItem('is_superuser', String(t.is_superuser));
    localStorage.setItem('access', t.access);
    window.dispatchEvent(new StorageEvent('storage', { key: 'access', storageArea: localStorage }));
  }, tokens);
}

export const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
