import type { AdminColor, AdminProduct } from '@kram/contract/admin-products';
import { productSlugMaxLength } from '@kram/contract/slug';
import { Stack } from '@mui/material';
import type { ReactNode } from 'react';
import {
  ArrayInput,
  AutocompleteArrayInput,
  BooleanInput,
  maxValue,
  minValue,
  NumberInput,
  ReferenceArrayInput,
  required,
  SimpleFormIterator,
  TabbedForm,
  TabbedFormTabs,
  TextInput,
  useLocaleState,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { useFormSave } from '../../error-messages.ts';
import { SlugInput } from '../../slug-input.tsx';
import { CategoryInput, ColorSwatch } from './product-bits.tsx';
import { colorName, parsePrice } from './product-format.ts';

/** Text that may be left empty: kept as '' (react-admin would send null, which the API refuses). */
const keepEmpty = (value: string | null) => value ?? '';
const wide = { width: '100%', maxWidth: 720 } as const;
/** A parcel's weight of one piece, kg: what the API takes; empty is the shop's default weight. */
const weightRange = [minValue(0.001), maxValue(1000)];

/**
 * A photo's change reloads the product: what was typed and not yet saved stays. One object for good:
 * the form resets whenever this changes, which would also wipe the server's field errors.
 */
const keepTyped = { keepDirtyValues: true } as const;

/**
 * Runs a save. The server's field problems come back translated for the form to show under their
 * inputs; anything else is told in a notification.
 */
export function useProductSave() {
  const notify = useNotify();
  const run = useFormSave('product');
  return (save: () => Promise<unknown>, done: string) => run(save, () => notify(done, { type: 'info' }));
}

/** A colour in the picker's list: its swatch and its name (the record comes from the list's context). */
function ColorChoice() {
  const color = useRecordContext<AdminColor>();
  const [language] = useLocaleState();
  if (!color) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <ColorSwatch color={color} size={16} />
      <span>{colorName(color, language)}</span>
    </Stack>
  );
}

function ColorsInput() {
  const [language] = useLocaleState();
  return (
    <ReferenceArrayInput source="color_ids" reference="colors" perPage={200} sort={{ field: 'position', order: 'ASC' }}>
      <AutocompleteArrayInput
        optionText={<ColorChoice />}
        inputText={(color: AdminColor) => colorName(color, language)}
        matchSuggestion={(filter: string, color: AdminColor) =>
          `${color.name} ${color.name_ru}`.toLowerCase().includes(filter.toLowerCase())
        }
        sx={wide}
      />
    </ReferenceArrayInput>
  );
}

/** The product's fields in tabs: names and descriptions, price and flags, where it sits, what it is made of. */
export function ProductForm({
  onSubmit,
  toolbar,
  photos,
  stock,
  defaultValues,
  creating = false,
}: {
  onSubmit: (values: Record<string, unknown>) => Promise<Record<string, string> | undefined>;
  toolbar?: ReactNode;
  defaultValues?: Record<string, unknown>;
  /** The photos tab; a new product gets its photos once it is saved. */
  photos: ReactNode;
  /** The stock tab; a new product gets its stock once it is saved. */
  stock?: ReactNode;
  /** A new product: its slug follows its Ukrainian name until typed by hand. */
  creating?: boolean;
}) {
  return (
    <TabbedForm
      onSubmit={onSubmit}
      toolbar={toolbar}
      defaultValues={defaultValues}
      resetOptions={keepTyped}
      syncWithLocation={false}
      // Five tabs do not fit a telephone's width: they scroll there. The layout grows to fit its
      // content's widest line, so the strip is held to the screen's width.
      tabs={
        <TabbedFormTabs
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ maxWidth: 'calc(100vw - 32px)' }}
        />
      }
    >
      <TabbedForm.Tab label="resources.products.tabs.main">
        <TextInput source="name" validate={required()} sx={wide} />
        <TextInput source="name_ru" validate={required()} sx={wide} />
        <SlugInput
          maxLength={productSlugMaxLength}
          followsName={creating}
          helperText="resources.products.hints.slug"
          sx={wide}
        />
        <TextInput source="sku" validate={required()} sx={{ maxWidth: 320 }} />
        <TextInput source="description" multiline minRows={4} parse={keepEmpty} sx={wide} />
        <TextInput source="description_ru" multiline minRows={4} parse={keepEmpty} sx={wide} />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="resources.products.tabs.price">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={wide}>
          <TextInput
            source="price"
            validate={required()}
            parse={parsePrice}
            helperText="resources.products.hints.price"
            inputMode="decimal"
          />
          <TextInput source="old_price" parse={parsePrice} helperText="resources.products.hints.old_price" />
        </Stack>
        <NumberInput
          source="weight_kg"
          // Any number of decimals: the range is checked with the other rules, in the manager's language,
          // rather than by the browser in its own.
          step="any"
          validate={weightRange}
          helperText="resources.products.hints.weight_kg"
          sx={wide}
        />
        <BooleanInput source="is_on_sale" helperText="resources.products.hints.is_on_sale" />
        <BooleanInput source="is_new" />
        <BooleanInput source="is_on_promo" />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="resources.products.tabs.catalogue">
        <CategoryInput source="category_id" validate={required()} sx={wide} />
        <ReferenceArrayInput
          source="size_ids"
          reference="sizes"
          perPage={200}
          sort={{ field: 'position', order: 'ASC' }}
        >
          <AutocompleteArrayInput optionText="name" sx={wide} />
        </ReferenceArrayInput>
        <ColorsInput />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="resources.products.tabs.compositions">
        <ArrayInput source="compositions" label={false}>
          <SimpleFormIterator inline disableReordering={false} sx={{ '& .RaSimpleFormIterator-line': { pb: 2 } }}>
            <TextInput source="title" label="resources.products.composition.title" validate={required()} />
            <TextInput source="title_ru" label="resources.products.composition.title_ru" validate={required()} />
            <TextInput
              source="description"
              label="resources.products.composition.description"
              parse={keepEmpty}
              multiline
            />
            <TextInput
              source="description_ru"
              label="resources.products.composition.description_ru"
              parse={keepEmpty}
              multiline
            />
          </SimpleFormIterator>
        </ArrayInput>
      </TabbedForm.Tab>
      <TabbedForm.Tab label="resources.products.tabs.photos">{photos}</TabbedForm.Tab>
      {stock ? <TabbedForm.Tab label="resources.stock.tab">{stock}</TabbedForm.Tab> : null}
    </TabbedForm>
  );
}

/** What a new product starts as: in stock, not new, not on promotion, nothing chosen yet. */
export const newProductDefaults: Record<string, unknown> & Partial<AdminProduct> = {
  is_on_sale: true,
  is_new: false,
  is_on_promo: false,
  size_ids: [],
  color_ids: [],
  compositions: [],
  description: '',
  description_ru: '',
  old_price: null,
  weight_kg: null,
};
