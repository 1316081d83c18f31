import type { AdminSize } from '@kram/contract/admin-catalog';
import { Stack, Typography } from '@mui/material';
import {
  DeleteWithConfirmButton,
  Edit,
  Labeled,
  NumberField,
  SaveButton,
  SimpleForm,
  Toolbar,
  useRecordContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { useErrorNotice } from '../../error-messages.ts';
import { SizeInputs, useSizeSave } from './size-form.tsx';

function SizeToolbar() {
  const size = useRecordContext<AdminSize>();
  const translate = useTranslate();
  const tell = useErrorNotice('catalog');
  const unused = size?.product_count === 0;
  return (
    <Toolbar sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
      <SaveButton />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {!unused && (
          <Typography variant="caption" color="text.secondary" sx={{ maxWidth: 240 }}>
            {translate('resources.sizes.errors.delete_blocked')}
          </Typography>
        )}
        <DeleteWithConfirmButton
          disabled={!unused}
          confirmTitle="resources.sizes.confirm.delete_title"
          titleTranslateOptions={{ name: size?.name ?? '' }}
          confirmContent="resources.sizes.confirm.delete_content"
          mutationMode="pessimistic"
          successMessage="resources.sizes.done.deleted"
          mutationOptions={{
            onError: (error) => tell(error, { count: size?.product_count ?? 0 }),
          }}
        />
      </Stack>
    </Toolbar>
  );
}

function SizeEditForm() {
  const size = useRecordContext<AdminSize>();
  const [update] = useUpdate<AdminSize>();
  const run = useSizeSave('resources.sizes.done.updated');
  return (
    <SimpleForm
      onSubmit={(values: Record<string, unknown>) =>
        run(() => update('sizes', { id: size?.id, data: values, previousData: size }, { returnPromise: true }))
      }
      toolbar={<SizeToolbar />}
      sx={{ maxWidth: 400 }}
    >
      <SizeInputs editing />
      <Labeled source="product_count">
        <NumberField source="product_count" />
      </Labeled>
    </SimpleForm>
  );
}

/** Renames or repositions a size; deletes one no product is offered in. */
export function SizeEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SizeEditForm />
    </Edit>
  );
}
