import type { AdminColor } from '@kram/contract/admin-products';
import { Stack } from '@mui/material';
import { FormDataConsumer, NumberInput, required, TextInput, useNotify, useRedirect } from 'react-admin';
import { useFormSave } from '../../error-messages.ts';
import { ColorSwatch } from '../products/product-bits.tsx';

/** Runs a save; the server's field problems come back translated, for the form to show under their inputs. */
export function useColorSave(done: string, then: 'list' | 'edit') {
  const notify = useNotify();
  const redirect = useRedirect();
  const run = useFormSave('product');
  return (save: () => Promise<unknown>) =>
    run(save, (saved) => {
      notify(done, { type: 'info' });
      redirect(then, 'colors', (saved as AdminColor | undefined)?.id);
    });
}

/** Blank is no RGB value (a pattern); anything typed goes as typed, upper-cased by the server. */
const parseRgb = (value: string | null) => {
  const text = (value ?? '').trim();
  return text === '' ? null : text;
};

/** The swatch as it will look: the uploaded tile when there is one, else the value typed. */
function RgbPreview({ swatch }: { swatch: string | null }) {
  return (
    <FormDataConsumer<{ color_rgb?: string | null }>>
      {({ formData }) => {
        const rgb = formData.color_rgb;
        const valid = typeof rgb === 'string' && /^#[0-9a-fA-F]{6}$/.test(rgb);
        return <ColorSwatch color={{ color_rgb: valid ? rgb : null, swatch_image: swatch }} size={40} />;
      }}
    </FormDataConsumer>
  );
}

export function ColorInputs({ editing, swatch = null }: { editing?: boolean; swatch?: string | null }) {
  return (
    <>
      <TextInput source="name" validate={required()} sx={{ maxWidth: 400, width: '100%' }} />
      <TextInput source="name_ru" validate={required()} sx={{ maxWidth: 400, width: '100%' }} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', maxWidth: 600, width: '100%' }}>
        <TextInput source="color_rgb" parse={parseRgb} helperText="resources.colors.hints.color_rgb" />
        <RgbPreview swatch={swatch} />
      </Stack>
      <NumberInput
        sx={{ maxWidth: 400, width: '100%' }}
        source="position"
        min={0}
        step={1}
        validate={editing ? required() : undefined}
        helperText={editing ? false : 'resources.colors.hints.position'}
      />
    </>
  );
}
