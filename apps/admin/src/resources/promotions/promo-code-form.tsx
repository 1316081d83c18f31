import type { AdminPromoCode } from '@kram/contract/admin-promotions';
import { BooleanInput, NumberInput, required, SelectInput, SimpleForm, TextInput, useRecordContext } from 'react-admin';
import { emptyAsNull, PeriodInputs, TargetInputs } from './promotion-inputs.tsx';
import { usePromotionSave } from './promotion-save.ts';
import { PromotionToolbar } from './promotion-toolbar.tsx';

const kinds = [
  { id: 'percent', name: 'resources.promo-codes.kinds.percent' },
  { id: 'fixed', name: 'resources.promo-codes.kinds.fixed' },
];

/**
 * Every rule of a promo code; the server checks them again and its refusals land under the fields.
 * A code that orders were placed with keeps its code (the orders name it), so its input is read-only.
 */
export function PromoCodeForm({ mode }: { mode: 'create' | 'edit' }) {
  const promoCode = useRecordContext<AdminPromoCode>();
  const save = usePromotionSave('promo-codes', mode);
  const used = mode === 'edit' && (promoCode?.uses ?? 0) > 0;
  return (
    <SimpleForm
      sx={{ maxWidth: 720 }}
      defaultValues={{ kind: 'percent', active: true, exclude_promo: false }}
      onSubmit={save}
      toolbar={mode === 'edit' ? <PromotionToolbar /> : undefined}
    >
      <TextInput
        source="code"
        validate={required()}
        readOnly={used}
        helperText={used ? 'resources.promo-codes.hints.code_used' : 'resources.promo-codes.hints.code'}
      />
      <SelectInput source="kind" choices={kinds} validate={required()} />
      <TextInput source="value" validate={required()} helperText="resources.promo-codes.hints.value" />
      <TextInput source="min_total" parse={emptyAsNull} helperText="resources.promo-codes.hints.min_total" />
      <PeriodInputs />
      <NumberInput source="max_uses" parse={emptyAsNull} min={1} helperText="resources.promo-codes.hints.unlimited" />
      <NumberInput
        source="max_uses_per_customer"
        parse={emptyAsNull}
        min={1}
        helperText="resources.promo-codes.hints.per_customer"
      />
      <TargetInputs />
      <BooleanInput source="exclude_promo" />
      <BooleanInput source="active" />
    </SimpleForm>
  );
}
