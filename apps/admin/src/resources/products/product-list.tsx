import type { AdminProduct } from '@kram/contract/admin-products';
import { Box, Stack, type Theme, Typography, useMediaQuery } from '@mui/material';
import {
  BulkUpdateButton,
  CreateButton,
  DataTable,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { CheckCircleOutlinedIcon } from '../../icons/check-circle-outlined.tsx';
import { DoNotDisturbOnOutlinedIcon } from '../../icons/do-not-disturb-on-outlined.tsx';
import { LocalOfferOutlinedIcon } from '../../icons/local-offer-outlined.tsx';
import { RemoveCircleOutlinedIcon } from '../../icons/remove-circle-outlined.tsx';
import { CategoryInput, ProductFlags, ProductThumbnail, useCategoryChoices } from './product-bits.tsx';
import { formatPrice } from './product-format.ts';

const Column = DataTable.Col<AdminProduct>;

function useFilters() {
  const translate = useTranslate();
  const yesNo = [
    { id: 'true', name: translate('resources.products.yes') },
    { id: 'false', name: translate('resources.products.no') },
  ];
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.products.search')} />,
    <CategoryInput key="category" source="category" alwaysOn sx={{ minWidth: 260 }} />,
    <SelectInput key="is_on_sale" source="is_on_sale" choices={yesNo} />,
    <SelectInput key="is_on_promo" source="is_on_promo" choices={yesNo} />,
    <SelectInput key="is_new" source="is_new" choices={yesNo} />,
  ];
}

/** In or out of stock, on or off promotion, for every product ticked. */
function BulkFlags() {
  const done = 'resources.products.bulk.done';
  return (
    <>
      <BulkUpdateButton
        label="resources.products.bulk.in_stock"
        data={{ is_on_sale: true }}
        icon={<CheckCircleOutlinedIcon />}
        successMessage={done}
      />
      <BulkUpdateButton
        label="resources.products.bulk.out_of_stock"
        data={{ is_on_sale: false }}
        icon={<DoNotDisturbOnOutlinedIcon />}
        successMessage={done}
      />
      <BulkUpdateButton
        label="resources.products.bulk.promo_on"
        data={{ is_on_promo: true }}
        icon={<LocalOfferOutlinedIcon />}
        successMessage={done}
      />
      <BulkUpdateButton
        label="resources.products.bulk.promo_off"
        data={{ is_on_promo: false }}
        icon={<RemoveCircleOutlinedIcon />}
        successMessage={done}
      />
    </>
  );
}

function NameCell({ product }: { product: AdminProduct }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <ProductThumbnail product={product} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {product.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {product.name_ru}
        </Typography>
      </Box>
    </Stack>
  );
}

function PriceCell({ product }: { product: AdminProduct }) {
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {formatPrice(product.price)}
      {product.old_price && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', textDecoration: 'line-through' }}>
          {formatPrice(product.old_price)}
        </Typography>
      )}
    </Box>
  );
}

/** Every product, newest first: photo, names, SKU, price, category and flags; many flagged at once. */
export function ProductList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const { choices } = useCategoryChoices();
  const trails = new Map(choices.map((c) => [c.id, c.name]));
  return (
    <List
      filters={useFilters()}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
    >
      {small ? (
        <SimpleList<AdminProduct>
          leftAvatar={(product) => <ProductThumbnail product={product} size={40} />}
          primaryText={(product) => product.name}
          secondaryText={(product) => (
            <Stack component="span" spacing={0.5} sx={{ mt: 0.25 }}>
              <span>{`${product.sku} · ${formatPrice(product.price)}`}</span>
              <ProductFlags product={product} />
            </Stack>
          )}
          linkType="edit"
          sx={{
            '& .MuiListItemAvatar-root': { minWidth: 56 },
            '& .MuiAvatar-root': { width: 40, height: 60, bgcolor: 'transparent' },
          }}
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={<BulkFlags />}>
          <Column source="name" label="resources.products.fields.name" render={(p) => <NameCell product={p} />} />
          <Column source="sku" disableSort sx={{ whiteSpace: 'nowrap' }} />
          <Column
            source="price"
            align="right"
            sx={{ whiteSpace: 'nowrap' }}
            render={(p) => <PriceCell product={p} />}
          />
          <Column
            source="category_path"
            disableSort
            render={(p) => trails.get(p.category_id) ?? p.category_path}
            sx={{ color: 'text.secondary', fontSize: 13, maxWidth: 220 }}
          />
          <Column source="flags" disableSort render={(p) => <ProductFlags product={p} />} />
          <Column source="popularity" align="right" />
        </DataTable>
      )}
    </List>
  );
}
