import type { AdminProduct } from '@kram/contract/admin-products';
import { Create, useCreate, useRedirect } from 'react-admin';
import { newProductDefaults, ProductForm, useProductSave } from './product-form.tsx';
import { PhotosAfterSave } from './product-photos.tsx';

function ProductCreateForm() {
  const [create] = useCreate<AdminProduct>();
  const redirect = useRedirect();
  const run = useProductSave();
  return (
    <ProductForm
      defaultValues={newProductDefaults}
      onSubmit={(values) =>
        run(async () => {
          const made = await create('products', { data: values }, { returnPromise: true });
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
