import type { AdminColor } from '@kram/contract/admin-products';
import { colorSwatchDelete } from '@kram/contract/endpoints/admin';
import { Box, Button, Divider, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  DeleteWithConfirmButton,
  Edit,
  Form,
  FormDataConsumer,
  ImageField,
  ImageInput,
  SaveButton,
  SimpleForm,
  Toolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { api } from '../../api.ts';
import type { AdminDataProvider } from '../../data-provider.ts';
import { useErrorNotice } from '../../error-messages.ts';
import { ColorSwatch } from '../products/product-bits.tsx';
import { ColorInputs, useColorSave } from './color-form.tsx';

function ColorToolbar() {
  const color = useRecordContext<AdminColor>();
  const translate = useTranslate();
  const tell = useErrorNotice('product');
  const unused = color?.product_count === 0;
  return (
    <Toolbar sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
      <SaveButton />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {!unused && (
          <Typography variant="caption" color="text.secondary" sx={{ maxWidth: 260 }}>
            {translate('resources.colors.delete_blocked')}
          </Typography>
        )}
        <DeleteWithConfirmButton
          disabled={!unused}
          confirmTitle="resources.colors.confirm.delete_title"
          titleTranslateOptions={{ name: color?.name ?? '' }}
          confirmContent="resources.colors.confirm.delete_content"
          mutationMode="pessimistic"
          successMessage="resources.colors.done.deleted"
          mutationOptions={{
            onError: (error) => tell(error),
          }}
        />
      </Stack>
    </Toolbar>
  );
}

/** The swatch image: chosen and previewed, then sent; or removed. Saved at once, apart from the fields above. */
function SwatchSection() {
  const color = useRecordContext<AdminColor>();
  const provider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const tell = useErrorNotice('product');
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!color) return null;

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      notify(done, { type: 'info' });
    } catch (error) {
      tell(error);
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return (
    // On a telephone the form's toolbar is fixed to the bottom of the screen: room is left for it.
    <Box sx={{ p: 2, pb: { xs: 12, sm: 2 } }}>
      <Typography variant="subtitle1" gutterBottom>
        {translate('resources.colors.fields.swatch')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <ColorSwatch color={color} size={64} />
        {!color.swatch_image && (
          <Typography variant="body2" color="text.secondary">
            {translate('resources.colors.swatch.none')}
          </Typography>
        )}
        {color.swatch_image && (
          <Button
            color="error"
            disabled={busy}
            onClick={() =>
              run(() => api.call(colorSwatchDelete, { params: { id: color.id } }), 'resources.colors.swatch.removed')
            }
          >
            {translate('resources.colors.swatch.remove')}
          </Button>
        )}
      </Stack>
      <Form
        key={color.swatch_image ?? 'none'}
        onSubmit={(values: { file?: { rawFile?: File } }) => {
          const file = values.file?.rawFile;
          if (file)
            void run(() => provider.upload('colors', color.id, 'swatch', file), 'resources.colors.swatch.saved');
        }}
      >
        <ImageInput
          source="file"
          label={false}
          accept={{ 'image/jpeg': [], 'image/png': [], 'image/webp': [] }}
          helperText="resources.colors.hints.swatch"
        >
          <ImageField source="src" title="title" />
        </ImageInput>
        <FormDataConsumer<{ file?: { rawFile?: File } }>>
          {({ formData }) => (
            <Button type="submit" variant="contained" disabled={busy || !formData.file?.rawFile}>
              {translate(color.swatch_image ? 'resources.colors.swatch.replace' : 'resources.colors.swatch.upload')}
            </Button>
          )}
        </FormDataConsumer>
      </Form>
    </Box>
  );
}

function ColorEditForm() {
  const color = useRecordContext<AdminColor>();
  const [update] = useUpdate<AdminColor>();
  const run = useColorSave('resources.colors.done.updated', 'list');
  return (
    <SimpleForm
      onSubmit={(values: Record<string, unknown>) =>
        run(() => update('colors', { id: color?.id, data: values, previousData: color }, { returnPromise: true }))
      }
      toolbar={<ColorToolbar />}
    >
      <ColorInputs editing swatch={color?.swatch_image ?? null} />
    </SimpleForm>
  );
}

/** One colour: names, RGB value, position, its swatch image; deletion once no product comes in it. */
export function ColorEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <ColorEditForm />
      <Divider />
      <SwatchSection />
    </Edit>
  );
}
