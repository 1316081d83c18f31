import type { AdminSize } from '@kram/contract/admin-catalog';
import { Create, SimpleForm, useCreate } from 'react-admin';
import { SizeInputs, useSizeSave } from './size-form.tsx';

/** A new size, after the last one unless given a position. */
export function SizeCreate() {
  const [create] = useCreate<AdminSize>();
  const run = useSizeSave('resources.sizes.done.created');
  return (
    <Create>
      <SimpleForm
        onSubmit={(values: Record<string, unknown>) =>
          run(() =>
            create(
              'sizes',
              { data: Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== '')) },
              { returnPromise: true },
            ),
          )
        }
        sx={{ maxWidth: 400 }}
      >
        <SizeInputs />
      </SimpleForm>
    </Create>
  );
}
