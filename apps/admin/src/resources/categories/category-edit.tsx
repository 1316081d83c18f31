import type { AdminCategory } from '@kram/contract/admin-catalog';
import { Stack, Typography } from '@mui/material';
import {
  DeleteWithConfirmButton,
  Edit,
  SaveButton,
  Toolbar,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { useErrorNotice, useFormErrors } from '../../error-messages.ts';
import { CategoryForm } from './category-form.tsx';
import { categoryName } from './category-tree.ts';

function CategoryTitle() {
  const category = useRecordContext<AdminCategory>();
  const [locale] = useLocaleState();
  return <>{category ? categoryName(category, locale) : ''}</>;
}

/** Save, and delete while the category is empty; a category that holds anything says why it cannot go. */
function CategoryToolbar() {
  const category = useRecordContext<AdminCategory>();
  const translate = useTranslate();
  const tell = useErrorNotice('catalog');
  const [locale] = useLocaleState();
  const empty = category && category.total_product_count === 0 && category.subcategory_count === 0;
  return (
    <Toolbar sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
      <SaveButton />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {!empty && (
          <Typography variant="caption" color="text.secondary" sx={{ maxWidth: 260 }}>
            {translate('resources.categories.errors.delete_blocked')}
          </Typography>
        )}
        <DeleteWithConfirmButton
          disabled={!empty}
          confirmTitle="resources.categories.confirm.delete_title"
          titleTranslateOptions={{ name: category ? categoryName(category, locale) : '' }}
          confirmContent="resources.categories.confirm.delete_content"
          mutationMode="pessimistic"
          successMessage="resources.categories.done.deleted"
          mutationOptions={{
            onError: (error) => tell(error, { count: category?.total_product_count ?? 0 }),
          }}
        />
      </Stack>
    </Toolbar>
  );
}

function CategoryEditForm() {
  const category = useRecordContext<AdminCategory>();
  const [update] = useUpdate<AdminCategory>();
  const notify = useNotify();
  const redirect = useRedirect();
  const fieldsOf = useFormErrors('catalog');
  const tell = useErrorNotice('catalog');

  async function save(values: Record<string, unknown>) {
    if (!category) return undefined;
    try {
      await update('categories', { id: category.id, data: values, previousData: category }, { returnPromise: true });
    } catch (error) {
      const fields = fieldsOf(error);
      if (Object.keys(fields).length > 0) return fields;
      tell(error);
      return undefined;
    }
    notify('resources.categories.done.updated', { type: 'info' });
    redirect('list', 'categories');
    return undefined;
  }

  return <CategoryForm onSubmit={save} toolbar={<CategoryToolbar />} editing />;
}

/** Renames a category, moves it (with everything under it) or changes its place; deletes an empty one. */
export function CategoryEdit() {
  return (
    <Edit title={<CategoryTitle />} mutationMode="pessimistic">
      <CategoryEditForm />
    </Edit>
  );
}
