import { formatHryvnias, parseMoney } from '@kram/contract/money';
import { orderLabels } from '@kram/contract/order-labels';
import type { OrderStatus, OrderParcel as Parcel, PaymentMethod } from '@kram/contract/orders';
import { OrderParcel } from '../../components/order-parcel';
import { ProductImage } from '../../components/product-image';
import { localizedName, pickLocalized, useLanguage, useT } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';
import { productPath } from '../../lib/paths';
import { orderNumber } from './order-number';
import type { StoredOrder } from './order-storage';
import './checkout.css';
import '../account/account.css';

/**
 * The success page's order (spec "Success page"): payment, number, status, total and the items, with
 * the parcel once the order has a waybill.
 */
export function OrderDetails({
  orderId,
  status,
  paymentMethod,
  order,
  statusFailed,
  shipment = null,
}: {
  orderId: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  order: StoredOrder | null;
  statusFailed: boolean;
  shipment?: Parcel | null;
}) {
  const t = useT();
  const lng = useLanguage();
  return (
    <div className="order-details" data-testid="order-details">
      <p className="order-details__lead">{t('success.lead')}</p>
      <dl className="order-details__facts">
        <div>
          <dt>{t('success.number')}</dt>
          <dd data-testid="order-number">{orderNumber(orderId)}</dd>
        </div>
        <div>
          <dt>{t('success.status')}</dt>
          <dd data-testid="order-status">{orderLabels[lng].statuses[status]}</dd>
        </div>
        <div>
          <dt>{t('success.payment')}</dt>
          <dd data-testid="order-payment">{t(`success.methods.${paymentMethod}`)}</dd>
        </div>
        {order?.promo_code && order.discount && parseMoney(order.discount) > 0 && (
          <div>
            <dt>{t('success.discount', { code: order.promo_code })}</dt>
            <dd data-testid="order-discount">−{formatHryvnias(order.discount, 'грн')}</dd>
          </div>
        )}
        {order && (
          <div>
            <dt>{t('success.total')}</dt>
            <dd data-testid="order-total">
              {order.amount === null ? t('success.totalPending') : formatHryvnias(order.amount, 'грн')}
            </dd>
          </div>
        )}
      </dl>
      {statusFailed && <p className="field__hint">{t('success.statusFailed')}</p>}
      {shipment && <OrderParcel parcel={shipment} />}
      {order && order.items.length > 0 && (
        <section aria-labelledby="order-items">
          <h2 id="order-items" className="checkout__heading">
            {t('success.items')}
          </h2>
          <ul className="order-details__items">
            {order.items.map((item) => {
              const name = pickLocalized(lng, item.name, item.name_ru);
              const href = productPath(item);
              const image =
                item.product_images.find((i) => item.color && i.color === item.color.id) ?? item.product_images[0];
              return (
                <li
                  // An order holds one line per product, colour and size.
                  key={`${item.product}-${item.slug}-${item.size?.id}-${item.color?.id}`}
                  className="order-item"
                  data-testid="order-item"
                >
                  <Link to={href} className="order-item__image" tabIndex={-1} aria-hidden="true">
                    <ProductImage image={image} alt="" width={80} sizes="80px" missingText={t('cart.imageNotFound')} />
                  </Link>
                  <div>
                    <Link to={href} className="order-item__name">
                      {name}
                    </Link>
                    {item.size && <p className="order-item__option">{t('success.size', { size: item.size.name })}</p>}
                    {item.color && (
                      <p className="order-item__option">
                        {t('success.color', { color: localizedName(lng, item.color) })}
                      </p>
                    )}
                    <p className="order-item__option">{t('success.quantity', { count: item.quantity })}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
