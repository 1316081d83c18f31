import { NumberInput, required, TextInput, useNotify, useRedirect } from 'react-admin';
import { useErrorNotice, useFormErrors } from '../../error-messages.ts';

/** Runs a save; the server's field problems come back for the form to show under their inputs. */
export function useSizeSave(done: string) {
  const notify = useNotify();
  const redirect = useRedirect();
  const fieldsOf = useFormErrors('catalog');
  const tell = useErrorNotice('catalog');
  return async (save: () => Promise<unknown>) => {
    try {
      await save();
    } catch (error) {
      const fields = fieldsOf(error);
      if (Object.keys(fields).length > 0) return fields;
      tell(error);
      return undefined;
    }
    notify(done, { type: 'info' });
    redirect('list', 'sizes');
    return undefined;
  };
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
