import type { AdminColor } from '@kram/contract/admin-products';
import { Create, SimpleForm, useCreate } from 'react-admin';
import { ColorInputs, useColorSave } from './color-form.tsx';

function ColorCreateForm() {
  const [create] = useCreate<AdminColor>();
  // On to the colour itself, where a swatch image can be added.
  const run = useColorSave('resources.colors.done.created', 'edit');
  return (
    <SimpleForm
      onSubmit={(values: Record<string, unknown>) =>
        run(() => create('colors', { data: values }, { returnPromise: true }))
      }
    >
      <ColorInputs />
    </SimpleForm>
  );
}

/** A new colour: names in both languages and an RGB value, or none for a pattern. */
export function ColorCreate() {
  return (
    <Create>
      <ColorCreateForm />
    </Create>
  );
}
