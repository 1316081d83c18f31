import type { OrderParcel as Parcel } from '@kram/contract/orders';
import { type ShipmentStatus, shipmentStatusLabels } from '@kram/contract/shipping';
import { daysBetween, formatDay, shopToday } from '../lib/calendar-days';
import { useLanguage, useT } from '../lib/i18n';
import './order-parcel.css';

/** Statuses in which the parcel is still on its way, so its expected day means something. */
const onTheWay: ReadonlySet<ShipmentStatus> = new Set(['created', 'in_transit']);

/** The storage end is pressing when it is today or tomorrow (or already gone by). */
export function storageEndsSoon(storageUntil: string, today: string): boolean {
  const left = daysBetween(today, storageUntil);
  return left !== null && left <= 1;
}

/**
 * An order's parcel: the waybill (ТТН) linking to the carrier's tracking page, its status, the day it
 * is expected while on its way, and, while it waits at the branch, the last day the branch keeps it.
 */
export function OrderParcel({ parcel, today = shopToday() }: { parcel: Parcel; today?: string }) {
  const t = useT();
  const lng = useLanguage();
  const expected = onTheWay.has(parcel.status) ? parcel.delivery_day : null;
  const storage = parcel.status === 'at_branch' ? parcel.storage_until : null;
  const soon = storage !== null && storageEndsSoon(storage, today);
  return (
    <div className="parcel" data-testid="parcel">
      <p className="parcel__head">
        <a
          href={parcel.tracking_url}
          target="_blank"
          rel="noopener noreferrer"
          className="parcel__waybill"
          data-testid="parcel-waybill"
        >
          {t('parcel.waybill', { number: parcel.number })}
          <span className="visually-hidden"> {t('parcel.newTab')}</span>
        </a>
        <span className={`parcel__status parcel__status--${parcel.status}`} data-testid="parcel-status">
          {shipmentStatusLabels[lng][parcel.status]}
        </span>
      </p>
      {expected && (
        <p className="parcel__note" data-testid="parcel-expected">
          {t('parcel.expected', { day: formatDay(expected) })}
        </p>
      )}
      {storage && (
        <p className={soon ? 'parcel__note parcel__note--soon' : 'parcel__note'} data-testid="parcel-storage">
          {t('parcel.storageUntil', { day: formatDay(storage) })}
        </p>
      )}
    </div>
  );
}
