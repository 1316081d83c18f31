import type { AdminProduct } from '@kram/contract/admin-products';
import { productStock } from '@kram/contract/endpoints/admin';
import { Alert, Box, Skeleton, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import { StockEditor } from './stock-editor.tsx';
import { StockMovements } from './stock-movements.tsx';

const t = (key: string) => `resources.stock.${key}`;

export const productStockKey = (productId: number) => ['admin', 'stock', productId] as const;

/** A product's stock: its grid of sizes × colours to count or add to, and the movements that changed it. */
export function ProductStockPanel() {
  const product = useRecordContext<AdminProduct>();
  const translate = useTranslate();
  const id = product?.id;
  // A saved change of the product's sizes or colours changes the grid.
  const shape = product ? `${product.size_ids.join(',')}|${product.color_ids.join(',')}` : '';
  const client = useQueryClient();
  // Each save starts the editor again, even when the answer is what was loaded.
  const [saves, setSaves] = useState(0);
  const queryKey = [...productStockKey(id ?? 0), shape];
  const { data, isPending, isError } = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.call(productStock, { params: { id: id ?? 0 }, signal }),
    enabled: id !== undefined,
    // Read when the tab opens and answered by each save, not again when the window regains focus: a
    // new answer makes the editor again (its key), which would drop what the manager has typed.
    refetchOnWindowFocus: false,
  });
  if (id === undefined) return null;
  return (
    // The layout grows to fit its widest content: the grid and the movements scroll within the screen
    // instead (the page's and the card's padding, and from a tablet's width the menu beside them).
    <Box sx={{ width: '100%', maxWidth: { xs: 'calc(100vw - 48px)', sm: 'calc(100vw - 300px)' } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(t('title'))}
      </Typography>
      {isError ? <Alert severity="error">{translate(t('load_failed'))}</Alert> : null}
      {isPending ? <Skeleton variant="rounded" height={240} /> : null}
      {/* The saved answer makes the editor again (its key): what it shows is what the shop has. */}
      {data ? (
        <StockEditor
          key={`${saves}:${JSON.stringify(data)}`}
          stock={data}
          onSaved={(answer) => {
            client.setQueryData(queryKey, answer);
            setSaves((n) => n + 1);
          }}
        />
      ) : null}
      <StockMovements productId={id} />
    </Box>
  );
}
