import type { AdminRating } from '@kram/contract/admin-inbox';
import { ratingScale } from '@kram/contract/ratings';
import { type Theme, Typography, useMediaQuery } from '@mui/material';
import {
  AutocompleteInput,
  DataTable,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { formatDateTime } from '../customers/customer-format.ts';
import { RatingStars } from './rating-stars.tsx';

const Column = DataTable.Col<AdminRating>;

const stars = Array.from({ length: ratingScale.max - ratingScale.min + 1 }, (_, i) => ratingScale.max - i);

function useFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.ratings.search')} />,
    <SelectInput
      key="rating"
      source="rating"
      alwaysOn
      choices={stars.map((n) => ({ id: String(n), name: translate('resources.ratings.stars', { smart_count: n }) }))}
    />,
    <ReferenceInput key="product_id" source="product_id" reference="products">
      <AutocompleteInput
        label="resources.ratings.fields.product_id"
        optionText={(product: { name: string; sku?: string }) =>
          product.sku ? `${product.name} (${product.sku})` : product.name
        }
        filterToQuery={(q: string) => ({ q })}
      />
    </ReferenceInput>,
    <ReferenceInput key="user_id" source="user_id" reference="customers">
      <AutocompleteInput
        label="resources.ratings.fields.user_id"
        optionText="email"
        filterToQuery={(q: string) => ({ q })}
      />
    </ReferenceInput>,
  ];
}

const productName = (rating: AdminRating, locale: string) =>
  (locale === 'ru' ? rating.product_name_ru : rating.product_name) || rating.product_name;

function ProductCell({ rating }: { rating: AdminRating }) {
  const [locale] = useLocaleState();
  return (
    <>
      <Typography variant="body2">{productName(rating, locale)}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {rating.product_slug}
      </Typography>
    </>
  );
}

/** Every shopper's rating of a product, last changed first; read only (shoppers change their own). */
export function RatingList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [locale] = useLocaleState();
  return (
    <List exporter={false} filters={useFilters()} sort={{ field: 'updated_at', order: 'DESC' }} perPage={25}>
      {small ? (
        <SimpleList<AdminRating>
          primaryText={(rating) => productName(rating, locale)}
          secondaryText={(rating) =>
            `${'★'.repeat(rating.rating)}${'☆'.repeat(ratingScale.max - rating.rating)} · ${rating.user_email}`
          }
          tertiaryText={(rating) => formatDateTime(rating.updated_at)}
          linkType={false}
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={false}>
          <Column source="product_name" disableSort render={(rating) => <ProductCell rating={rating} />} />
          <Column source="user_email" disableSort />
          <Column source="rating" field={RatingStars} />
          <Column source="created_at" render={(rating) => formatDateTime(rating.created_at)} />
          <Column source="updated_at" render={(rating) => formatDateTime(rating.updated_at)} />
        </DataTable>
      )}
    </List>
  );
}
