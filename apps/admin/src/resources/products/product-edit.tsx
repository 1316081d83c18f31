import type { AdminProduct } from '@kram/contract/admin-products';
import { DeleteWithConfirmButton, Edit, SaveButton, Toolbar, useRecordContext, useUpdate } from 'react-admin';
import { ProductStockPanel } from '../stock/product-stock-panel.tsx';
import { ProductForm, useProductSave } from './product-form.tsx';
import { ProductPhotos } from './product-photos.tsx';

function ProductToolbar() {
  const product = useRecordContext<AdminProduct>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton
        confirmTitle="resources.products.confirm.delete_title"
        titleTranslateOptions={{ name: product?.name ?? '' }}
        confirmContent="resources.products.confirm.delete_content"
        mutationMode="pessimistic"
        successMessage="resources.products.done.deleted"
      />
    </Toolbar>
  );
}

function ProductEditForm() {
  const product = useRecordContext<AdminProduct>();
  const [update] = useUpdate<AdminProduct>();
  const run = useProductSave();
  return (
    <ProductForm
      onSubmit={(values) =>
        run(
          () => update('products', { id: product?.id, data: values, previousData: product }, { returnPromise: true }),
          'resources.products.done.updated',
        )
      }
      toolbar={<ProductToolbar />}
      photos={<ProductPhotos />}
      stock={<ProductStockPanel />}
    />
  );
}

/** One product: every field in both languages, its photos, its stock, and deletion. */
export function ProductEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false}>
      <ProductEditForm />
    </Edit>
  );
}
