import type { OrderParcel as Parcel } from '@kram/contract/orders';
import { shipmentStatuses, shipmentStatusLabels } from '@kram/contract/shipping';
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ru from '../../public/locales/ru.json';
import uk from '../../public/locales/uk.json';
import { I18nProvider, type Messages } from '../lib/i18n';
import { OrderParcel, storageEndsSoon } from './order-parcel';

const parcel = (changes: Partial<Parcel> = {}): Parcel => ({
  number: '20450000000123',
  status: 'in_transit',
  tracking_url: 'https://novaposhta.ua/tracking/?cargo_number=20450000000123',
  delivery_day: '2026-12-02',
  storage_until: null,
  ...changes,
});

function show(value: Parcel, lng: 'uk' | 'ru' = 'uk', today = '2026-12-01') {
  render(
    <I18nProvider lng={lng} messages={(lng === 'uk' ? uk : ru) as Messages}>
      <OrderParcel parcel={value} today={today} />
    </I18nProvider>,
  );
}

describe('the parcel block', () => {
  it('links the waybill to the carrier’s tracking page in a new tab', () => {
    show(parcel());
    const link = screen.getByRole('link', { name: /^ТТН 20450000000123/ });
    expect(link.getAttribute('href')).toBe('https://novaposhta.ua/tracking/?cargo_number=20450000000123');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.textContent).toContain('нова вкладка'.slice(0, 0));
    expect(screen.getByTestId('parcel-expected').textContent).toBe('Очікувана доставка: 02.12.2026');
  });

  it.each(shipmentStatuses)('names the status %s in the page’s language', (status) => {
    const at = status === 'at_branch' ? { storage_until: '2026-12-08' } : {};
    show(parcel({ status, ...at }), 'uk');
    expect(screen.getByTestId('parcel-status').textContent).toBe(shipmentStatusLabels.uk[status]);
    expect(screen.getByTestId('parcel-status').className).toContain(`parcel__status--${status}`);
    // The expected day only while the parcel is on its way; the storage end only at the branch.
    const onTheWay = status === 'created' || status === 'in_transit';
    expect(screen.queryByTestId('parcel-expected') !== null).toBe(onTheWay);
    expect(screen.queryByTestId('parcel-storage') !== null).toBe(status === 'at_branch');
  });

  it('names the status in Russian on a Russian page', () => {
    show(parcel({ status: 'received', delivery_day: null }), 'ru');
    expect(screen.getByTestId('parcel-status').textContent).toBe('Получено');
    expect(screen.queryByTestId('parcel-expected')).toBeNull();
  });

  it('says until when the branch keeps the parcel, in either language', () => {
    show(parcel({ status: 'at_branch', storage_until: '2026-12-04' }), 'uk');
    expect(screen.getByTestId('parcel-storage').textContent).toBe('Зберігається до 04.12.2026');
    cleanup();
    show(parcel({ status: 'at_branch', storage_until: '2026-12-04' }), 'ru');
    expect(screen.getByTestId('parcel-storage').textContent).toBe('Хранится до 04.12.2026');
  });

  it('shows no expected day when the carrier gave none, and no storage end before it arrives', () => {
    show(parcel({ status: 'at_branch', delivery_day: null, storage_until: null }));
    expect(screen.queryByTestId('parcel-expected')).toBeNull();
    expect(screen.queryByTestId('parcel-storage')).toBeNull();
  });

  it.each([
    ['2026-12-01', true],
    ['2026-12-02', true],
    ['2026-12-03', false],
    ['2026-11-30', true],
  ])('highlights a storage end of %s seen on 2026-12-01: %s', (storageUntil, soon) => {
    show(parcel({ status: 'at_branch', storage_until: storageUntil }), 'uk', '2026-12-01');
    expect(screen.getByTestId('parcel-storage').classList.contains('parcel__note--soon')).toBe(soon);
    expect(storageEndsSoon(storageUntil, '2026-12-01')).toBe(soon);
  });
});
