import type { AdminCategory } from '@kram/contract/admin-catalog';
import { categorySlugMaxLength } from '@kram/contract/slug';
import { Create, useCreate, useNotify, useRedirect } from 'react-admin';
import { useErrorNotice, useFormErrors } from '../../error-messages.ts';
import { withDerivedSlug } from '../../slug-input.tsx';
import { CategoryForm } from './category-form.tsx';

/** A new category; "+" on a row of the tree opens this with that row as the parent. */
export function CategoryCreate() {
  const [create] = useCreate<AdminCategory>();
  const notify = useNotify();
  const redirect = useRedirect();
  const fieldsOf = useFormErrors('catalog');
  const tell = useErrorNotice('catalog');

  async function save(values: Record<string, unknown>) {
    // A slug left as the name gives it goes empty, and so unsent: the server derives it.
    const data = Object.fromEntries(
      Object.entries(withDerivedSlug(values, categorySlugMaxLength)).filter(
        ([, value]) => value !== undefined && value !== '',
      ),
    );
    try {
      await create('categories', { data }, { returnPromise: true });
    } catch (error) {
      const fields = fieldsOf(error);
      if (Object.keys(fields).length > 0) return fields;
      tell(error);
      return undefined;
    }
    notify('resources.categories.done.created', { type: 'info' });
    redirect('list', 'categories');
    return undefined;
  }

  return (
    <Create>
      <CategoryForm onSubmit={save} />
    </Create>
  );
}
