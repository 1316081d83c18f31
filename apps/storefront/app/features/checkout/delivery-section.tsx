import { selfPickup } from '@kram/contract/delivery';
import type { DeliveryType } from '@kram/contract/orders';
import type { ReactNode } from 'react';
import { useLanguage, useT } from '../../lib/i18n';
import type { CheckoutErrors, CheckoutValues } from './checkout-payload';
import { ChoiceGroup } from './choice-group';
import { DirectoryCombobox } from './directory-combobox';
import { branchSearch, citySearch, type DirectoryValue } from './directory-field';
import { TextField } from './text-field';
import './checkout.css';

interface Props {
  values: CheckoutValues;
  errors: CheckoutErrors;
  /** The city the branch list belongs to: the last one picked, not what is being typed. */
  branchCityRef: string | null;
  onDelivery: (delivery: DeliveryType) => void;
  onCity: (value: DirectoryValue) => void;
  onCityCommit: (value: DirectoryValue) => void;
  onBranch: (value: DirectoryValue) => void;
  onAddress: (value: string) => void;
  /** Under the city and the branch or address: the carrier's estimate. */
  estimate?: ReactNode;
}

/** Delivery: a Nova Poshta branch, a courier to an address, or pickup at the shop in Odesa. */
export function DeliverySection({
  values,
  errors,
  branchCityRef,
  onDelivery,
  onCity,
  onCityCommit,
  onBranch,
  onAddress,
  estimate,
}: Props) {
  const t = useT();
  const lng = useLanguage();
  const pickup = selfPickup[lng];
  const delivery = values.delivery_type;
  return (
    <section className="checkout__section checkout__delivery" aria-labelledby="checkout-delivery">
      <h2 id="checkout-delivery" className="checkout__heading">
        {t('checkout.delivery')}
      </h2>
      <ChoiceGroup<DeliveryType>
        name="delivery_type"
        legend={t('checkout.deliveryMethod')}
        value={delivery}
        onChange={onDelivery}
        choices={[
          { value: 'branch', label: t('checkout.deliveryBranch') },
          { value: 'address', label: t('checkout.deliveryAddress') },
          { value: 'self_delivery', label: t('checkout.deliverySelf') },
        ]}
      />
      {delivery === 'self_delivery' ? (
        <div className="checkout__pickup" data-testid="pickup-address">
          <p className="checkout__pickup-address">{t('checkout.pickupAt', pickup)}</p>
          <p className="field__hint">{t('checkout.pickupHours')}</p>
        </div>
      ) : (
        <div className="checkout__grid">
          <DirectoryCombobox
            id="checkout-city"
            label={t('checkout.city')}
            placeholder={t('checkout.cityPlaceholder')}
            value={values.city}
            onChange={onCity}
            onCommit={onCityCommit}
            lookup={citySearch}
            error={errors.city && t(errors.city)}
            required
          />
          {delivery === 'branch' ? (
            <DirectoryCombobox
              id="checkout-branch"
              label={t('checkout.branch')}
              placeholder={t('checkout.branchPlaceholder')}
              value={values.branch}
              onChange={onBranch}
              lookup={(value, typed) => branchSearch(branchCityRef, value, typed)}
              toggle
              disabled={!branchCityRef}
              disabledHint={t('checkout.branchNeedsCity')}
              error={errors.branch && t(errors.branch)}
              required
            />
          ) : (
            <TextField
              id="checkout-address"
              label={t('checkout.address')}
              placeholder={t('checkout.addressPlaceholder')}
              autoComplete="street-address"
              value={values.address}
              onChange={onAddress}
              maxLength={500}
              error={errors.address && t(errors.address)}
              required
            />
          )}
        </div>
      )}
      {delivery !== 'self_delivery' && estimate}
    </section>
  );
}
