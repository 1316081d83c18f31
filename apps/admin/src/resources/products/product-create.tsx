import type { AdminProduct } from '@kram/contract/admin-products';
import { productSlugMaxLength } from '@kram/contract/slug';
import { Create, useCreate, useRedirect } from 'react-admin';
import { withDerivedSlug } from '../../slug-input.tsx';
import { newProductDefaults, ProductForm, useProductSave } from './product-form.tsx';
import { PhotosAfterSave } from './product-photos.tsx';

function ProductCreateForm() {
  const [create] = useCreate<AdminProduct>();
  const redirect = useRedirect();
  const run = useProductSave();
  return (
    <ProductForm
      defaultValues={newProductDefaults}
      creating
      onSubmit={(values) =>
        run(async () => {
          const data = withDerivedSlug(values, productSlugMaxLength);
          const made = await create('products', { data }, { returnPromise: true });
          // On to the product itself, where its photos are added.
          if (made) redirect('edit', 'products', made.id);
        }, 'resources.products.done.created')
      }
      photos={<PhotosAfterSave />}
    />
  );
}

/** A new product: its fields first, its photos once it is saved. */
export function ProductCreate() {
  return (
    <Create>
      <ProductCreateForm />
    </Create>
  );
}
