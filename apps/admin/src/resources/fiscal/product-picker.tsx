import { productList } from '@kram/contract/endpoints/admin';
import { Autocomplete, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { api } from '../../api.ts';

/** A product as the settings' table names it. */
export interface PickedProduct {
  id: number;
  name: string;
  sku: string;
}

/** Typing settles for this long before the catalogue is asked. */
const typingPause = 300;

/** Products whose name or SKU has the words typed, and the product of that number when a number is typed. */
async function findProducts(search: string, signal: AbortSignal): Promise<PickedProduct[]> {
  const byNumber = /^\d{1,9}$/.test(search)
    ? api.call(productList, { query: { id: [Number(search)], page_size: 1 }, signal })
    : undefined;
  const [byText, numbered] = await Promise.all([
    api.call(productList, { query: { q: search, page_size: 20 }, signal }),
    byNumber,
  ]);
  const found = [...(numbered?.results ?? []), ...byText.results];
  const seen = new Set<number>();
  return found.flatMap((product) => {
    if (seen.has(product.id)) return [];
    seen.add(product.id);
    return [{ id: product.id, name: product.name, sku: product.sku }];
  });
}

/** A product picked by its name, SKU or number from the catalogue. */
export function ProductPicker({
  value,
  onChange,
  error,
}: {
  value: PickedProduct | null;
  onChange: (product: PickedProduct | null) => void;
  error?: string;
}) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const typed = value && input === `${value.name} (${value.sku})` ? '' : input.trim();
    const timer = setTimeout(() => setSearch(typed), typingPause);
    return () => clearTimeout(timer);
  }, [input, value]);
  const { data, isFetching } = useQuery({
    queryKey: ['admin', 'fiscal', 'product-picker', search],
    queryFn: ({ signal }) => findProducts(search, signal),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });
  const found = search ? (data ?? []) : [];
  const options = value && !found.some((p) => p.id === value.id) ? [value, ...found] : found;
  const label = (product: PickedProduct) => `${product.name} (${product.sku})`;
  return (
    <Autocomplete<PickedProduct, false, false, false>
      options={options}
      value={value}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      onChange={(_, product) => onChange(product)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={label}
      getOptionKey={(product) => product.id}
      renderOption={({ key: _, ...props }, product) => (
        <li {...props} key={product.id}>
          {`${label(product)} · №${product.id}`}
        </li>
      )}
      // The catalogue has filtered already.
      filterOptions={(all) => all}
      loading={isFetching}
      noOptionsText={translate(
        search ? 'resources.fiscal_settings.product_none' : 'resources.fiscal_settings.product_type_more',
      )}
      loadingText={translate('ra.page.loading')}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('resources.fiscal_settings.product_search')}
          size="small"
          error={Boolean(error)}
          helperText={error ?? ' '}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'fiscal-product-picker' },
          }}
        />
      )}
    />
  );
}
