import { NumberInput, required, TextInput, useNotify, useRedirect } from 'react-admin';
import { useFormSave } from '../../error-messages.ts';

/** Runs a save; the server's field problems come back for the form to show under their inputs. */
export function useSizeSave(done: string) {
  const notify = useNotify();
  const redirect = useRedirect();
  const run = useFormSave('catalog');
  return (save: () => Promise<unknown>) =>
    run(save, () => {
      notify(done, { type: 'info' });
      redirect('list', 'sizes');
    });
}

/** The name and the place in the list of sizes (a new size may leave the place to the server). */
export function SizeInputs({ editing }: { editing?: boolean }) {
  return (
    <>
      <TextInput source="name" validate={required()} />
      <NumberInput
        source="position"
        min={0}
        step={1}
        validate={editing ? required() : undefined}
        helperText={editing ? false : 'resources.sizes.position_hint'}
      />
    </>
  );
}
