import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import {
  customerName,
  customerRefusalKey,
  customerStatus,
  formatDateTime,
  formatHryvnias,
  orderNumber,
} from './customer-format.ts';

const customer = { first_name: 'Ярина', last_name: 'Бондар', email: 'y@example.com', deleted_at: null };

describe('customer formatting', () => {
  it('shows hryvnias the Ukrainian way, with kopiyky', () => {
    // Intl separates thousands with a narrow no-break space.
    expect(formatHryvnias('1234.50')).toBe('1\u202F234,50\u00A0₴');
    expect(formatHryvnias('0.00')).toBe('0,00\u00A0₴');
  });

  it('shows dates day first, on Kyiv’s clock', () => {
    expect(formatDateTime('2026-11-23T08:05:00Z')).toBe('23.11.26, 10:05');
    expect(formatDateTime('2026-07-01T22:30:00Z')).toBe('02.07.26, 01:30');
  });

  it('numbers an order by the last 7 characters of its id', () => {
    expect(orderNumber('0b7c1a52-3d4e-4f60-8a9b-0c1d2e3f4a5b')).toBe('#e3f4a5b');
  });

  it('names a customer by their names, else their e-mail, and a deleted account not at all', () => {
    expect(customerName(customer)).toBe('Ярина Бондар');
    expect(customerName({ ...customer, first_name: '', last_name: '' })).toBe('y@example.com');
    expect(customerName({ ...customer, deleted_at: '2026-11-23T08:05:00Z' })).toBeUndefined();
  });

  it('tells deleted from blocked from active', () => {
    expect(customerStatus({ is_active: true, deleted_at: null })).toBe('active');
    expect(customerStatus({ is_active: false, deleted_at: null })).toBe('blocked');
    expect(customerStatus({ is_active: false, deleted_at: '2026-11-23T08:05:00Z' })).toBe('deleted');
  });
});

describe('customer refusals', () => {
  it.each([
    ['own_account', 'resources.customers.errors.own_account'],
    ['account_deleted', 'resources.customers.errors.account_deleted'],
    ['staff_account', 'resources.customers.errors.staff_account'],
    ['orders_in_progress', 'resources.customers.errors.orders_in_progress'],
  ])('translates the code %s', (code, key) => {
    expect(customerRefusalKey(new HttpError('detail', 409, { detail: 'detail', code }))).toBe(key);
  });

  it('translates the superuser-only 403, and leaves any other error to be shown as it came', () => {
    const superuserOnly = Object.assign(
      new HttpError('Only a superuser may do this.', 403, { detail: 'Only a superuser may do this.' }),
      { codes: [{ code: 'admin.superuser_only' }] },
    );
    expect(customerRefusalKey(superuserOnly)).toBe('resources.customers.errors.superuser_only');
    expect(customerRefusalKey(new HttpError('Internal server error.', 500, { detail: 'x' }))).toBeUndefined();
    expect(customerRefusalKey(new HttpError('Conflict', 409, { detail: 'x', code: 'something_else' }))).toBeUndefined();
    expect(customerRefusalKey(new Error('offline'))).toBeUndefined();
  });
});
