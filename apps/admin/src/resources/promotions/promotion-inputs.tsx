import { AutocompleteArrayInput, DateTimeInput, ReferenceArrayInput } from 'react-admin';

/** An emptied field is "none" (null), not an empty text the server would refuse. */
export const emptyAsNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** The categories and products a promotion covers, picked by name. */
export function TargetInputs() {
  return (
    <>
      <ReferenceArrayInput source="category_ids" reference="categories" perPage={200}>
        <AutocompleteArrayInput optionText="name" filterToQuery={(q) => ({ q })} fullWidth />
      </ReferenceArrayInput>
      <ReferenceArrayInput source="product_ids" reference="products" perPage={50}>
        <AutocompleteArrayInput optionText="name" filterToQuery={(q) => ({ q })} fullWidth />
      </ReferenceArrayInput>
    </>
  );
}

/** Start and end, as the staff member's clock (Kyiv's) shows them. */
export function PeriodInputs({ required }: { required?: boolean }) {
  return (
    <>
      <DateTimeInput source="starts_at" parse={emptyAsNull} isRequired={required} />
      <DateTimeInput source="ends_at" parse={emptyAsNull} isRequired={required} />
    </>
  );
}
