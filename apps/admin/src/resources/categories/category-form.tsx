import type { AdminCategory } from '@kram/contract/admin-catalog';
import { categorySlugMaxLength } from '@kram/contract/slug';
import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  Labeled,
  NumberInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useGetList,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { SlugInput } from '../../slug-input.tsx';
import { parentChoices } from './category-tree.ts';

/**
 * The parent picker: the top level, or a category the server would accept (not the category itself
 * nor anything under it, and no deeper than three levels with what it holds).
 */
function ParentInput({ moving }: { moving?: AdminCategory }) {
  const [locale] = useLocaleState();
  // Every category in tree order: the API's order when no sort is given.
  const { data, isPending } = useGetList<AdminCategory>('categories', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: '', order: 'ASC' },
  });
  return (
    <SelectInput
      source="parent_id"
      choices={data ? parentChoices(data, moving, locale) : []}
      isPending={isPending}
      emptyText="resources.categories.top_level"
      // The empty choice is the top level, which the API names null.
      parse={(value: number | '') => (value === '' ? null : value)}
      helperText={moving ? 'resources.categories.move_hint' : false}
      fullWidth
    />
  );
}

function Counts() {
  const category = useRecordContext<AdminCategory>();
  const translate = useTranslate();
  if (!category) return null;
  return (
    <Labeled label="resources.categories.fields.total_product_count">
      <Typography variant="body2">
        {translate('resources.categories.products', { smart_count: category.total_product_count })}
        {category.total_product_count !== category.product_count &&
          ` (${translate('resources.categories.own_products', { count: category.product_count })})`}
      </Typography>
    </Labeled>
  );
}

/** Names in both languages, the slug, the parent, the place among its siblings. */
export function CategoryForm({
  onSubmit,
  toolbar,
  editing,
}: {
  onSubmit: (values: Record<string, unknown>) => Promise<Record<string, string> | undefined>;
  toolbar?: ReactNode;
  editing?: boolean;
}) {
  const record = useRecordContext<AdminCategory>();
  return (
    <SimpleForm onSubmit={onSubmit} toolbar={toolbar} sx={{ maxWidth: 640 }}>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="name_ru" validate={required()} fullWidth />
      <SlugInput
        maxLength={categorySlugMaxLength}
        followsName={!editing}
        helperText="resources.categories.slug_hint"
        fullWidth
      />
      <ParentInput moving={editing ? record : undefined} />
      <NumberInput
        source="position"
        min={0}
        step={1}
        validate={editing ? required() : undefined}
        helperText={editing ? false : 'resources.categories.position_hint'}
      />
      {editing && (
        <Labeled source="path">
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
            /{record?.path}
          </Typography>
        </Labeled>
      )}
      {editing && <Counts />}
    </SimpleForm>
  );
}
