import { formatHryvnias, parseMoney } from '@kram/contract/money';
import { orderLabels } from '@kram/contract/order-labels';
import type { Order, OrderParcel as Parcel } from '@kram/contract/orders';
import type { ReactNode } from 'react';
import { OrderParcel } from '../../components/order-parcel';
import { ProductImage } from '../../components/product-image';
import { localizedName, useLanguage, useT } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';
import { productPath } from '../../lib/paths';
import { orderNumber } from './order-number';
import '../checkout/checkout.css';
import './account.css';

const thumbWidth = 64;

/**
 * One order of the history: number, date, status, payment (named by the contract's order labels),
 * total, its parcel once it has a waybill, and its lines with links; `children` follow the lines.
 */
export function OrderCard({ order, children }: { order: Order & { shipment?: Parcel | null }; children?: ReactNode }) {
  const t = useT();
  const lng = useLanguage();
  const date = new Date(order.created_at);
  return (
    <article className="order-card" data-testid="order-card" aria-labelledby={`order-${order.order_id}`}>
      <header className="order-card__header">
        <h2 id={`order-${order.order_id}`} className="order-card__number" data-testid="order-number">
          {t('account.orderNumber', { number: orderNumber(order.order_id) })}
        </h2>
        <span className={`order-status order-status--${order.status}`} data-testid="order-status">
          {orderLabels[lng].statuses[order.status]}
        </span>
      </header>
      <dl className="order-card__facts">
        <div>
          <dt>{t('account.orderDate')}</dt>
          <dd>
            <time dateTime={order.created_at}>
              {Number.isNaN(date.getTime())
                ? order.created_at
                : date.toLocaleDateString(lng === 'ru' ? 'ru-UA' : 'uk-UA', {
                    day: '2-digit',
                    month: '2-digit',
                    year: 'numeric',
                  })}
            </time>
          </dd>
        </div>
        <div>
          <dt>{t('account.orderPayment')}</dt>
          <dd>{orderLabels[lng].paymentMethods[order.payment_method]}</dd>
        </div>
        {order.promo_code && parseMoney(order.discount) > 0 && (
          <div>
            <dt>{t('account.orderDiscount', { code: order.promo_code })}</dt>
            <dd data-testid="order-discount">−{formatHryvnias(order.discount, 'грн')}</dd>
          </div>
        )}
        <div>
          <dt>{t('account.orderTotal')}</dt>
          <dd className="order-card__total" data-testid="order-total">
            {formatHryvnias(order.amount, 'грн')}
          </dd>
        </div>
      </dl>
      {order.shipment && <OrderParcel parcel={order.shipment} />}
      <ul className="order-card__items">
        {order.items.map((item, index) => {
          const name = localizedName(lng, item);
          const details = [
            item.size ? t('account.itemSize', { size: item.size.name }) : '',
            item.color ? t('account.itemColor', { color: localizedName(lng, item.color) }) : '',
            t('account.itemQuantity', { count: item.quantity }),
          ].filter(Boolean);
          return (
            // Lines of one order may repeat a product in other sizes or colours.
            // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never change order.
            <li key={index} className="order-line" data-testid="order-item">
              <ProductImage
                image={item.product_images[0]}
                alt=""
                width={thumbWidth}
                sizes={`${thumbWidth}px`}
                missingText={t('account.imageNotFound')}
                className="order-line__image"
              />
              <div className="order-line__text">
                {item.product !== null ? (
                  <Link to={productPath(item)} className="order-line__name">
                    {name}
                  </Link>
                ) : (
                  <span className="order-line__name">{name}</span>
                )}
                <p className="order-line__details">{details.join(' · ')}</p>
              </div>
              <p className="order-line__price">{t('account.itemPrice', { price: formatHryvnias(item.price) })}</p>
            </li>
          );
        })}
      </ul>
      {children}
    </article>
  );
}
