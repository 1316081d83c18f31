import { BooleanInput, NumberInput, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { emptyAsNull, PeriodInputs, TargetInputs } from './promotion-inputs.tsx';

const kinds = [
  { id: 'percent', name: 'resources.promo-codes.kinds.percent' },
  { id: 'fixed', name: 'resources.promo-codes.kinds.fixed' },
];

/** Every rule of a promo code; the server checks them again and its refusals land under the fields. */
export function PromoCodeForm() {
  return (
    <SimpleForm sx={{ maxWidth: 720 }} defaultValues={{ kind: 'percent', active: true, exclude_promo: false }}>
      <TextInput source="code" validate={required()} helperText="resources.promo-codes.hints.code" />
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
