import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../i18n/i18n-provider.ts';
import { ParcelCell } from './order-list.tsx';

function renderCell(language: 'uk' | 'ru', shipment: Parameters<typeof ParcelCell>[0]['shipment']) {
  return render(
    <AdminContext i18nProvider={createI18nProvider(language)}>
      <ParcelCell shipment={shipment} />
    </AdminContext>,
  );
}

describe('the orders list’s parcel column', () => {
  afterEach(() => cleanup());

  it('shows the waybill’s number and where the parcel is, in the manager’s language', async () => {
    renderCell('uk', { number: '20450000000001', status: 'at_branch' });
    expect((await screen.findByTestId('order-parcel')).textContent).toBe('20450000000001Чекає у відділенні');
    cleanup();
    renderCell('ru', { number: '20450000000001', status: 'refused' });
    expect((await screen.findByTestId('order-parcel')).textContent).toBe('20450000000001Отказ');
  });

  it('shows nothing for an order with no waybill', async () => {
    renderCell('uk', null);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('order-parcel')).toBeNull();
  });
});
