import { productStockMovements } from '@kram/contract/endpoints/admin';
import {
  Alert,
  Link as MuiLink,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCreatePath, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { api } from '../../api.ts';
import { formatDateTime, orderNumber } from '../orders/order-format.ts';
import { movementKindKey, signedQuantity } from './stock-format.ts';

const t = (key: string) => `resources.stock.movements.${key}`;

export const movementsKey = (productId: number) => ['admin', 'stock-movements', productId] as const;

const pageSizes = [20, 50, 100];

/** A product's stock movements, newest first, a page at a time: what moved, by whom, for which order. */
export function StockMovements({ productId }: { productId: number }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  // A telephone's width has room for the page's range and arrows, not for the page size too.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data, isPending, isError } = useQuery({
    queryKey: [...movementsKey(productId), page, pageSize],
    queryFn: ({ signal }) =>
      api.call(productStockMovements, {
        params: { id: productId },
        query: { page: page + 1, page_size: pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const counted = (value: number | null) => (value === null ? translate(t('not_counted')) : value);

  return (
    <section aria-labelledby="stock-movements-title">
      <Typography id="stock-movements-title" variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {translate(t('title'))}
      </Typography>
      {isError ? <Alert severity="error">{translate(t('failed'))}</Alert> : null}
      {isPending ? <Skeleton variant="rounded" height={160} aria-label={translate(t('loading'))} /> : null}
      {data && data.count === 0 ? (
        <Typography color="text.secondary" data-testid="stock-movements-empty">
          {translate(t('empty'))}
        </Typography>
      ) : null}
      {data && data.count > 0 ? (
        <>
          <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
            <Table size="small" data-testid="stock-movements" sx={{ '& th, & td': { px: 1 } }}>
              <TableHead>
                <TableRow>
                  {(
                    [
                      'date',
                      'kind',
                      'size',
                      'color',
                      'quantity',
                      'available_after',
                      'reserved_after',
                      'order',
                      'actor',
                      'note',
                    ] as const
                  ).map((column) => (
                    <TableCell
                      key={column}
                      align={['quantity', 'available_after', 'reserved_after'].includes(column) ? 'right' : 'left'}
                    >
                      {translate(t(column))}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.results.map((movement) => (
                  <TableRow key={movement.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(movement.created_at)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(movementKindKey(movement.kind))}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{movement.size ?? '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{movement.color ?? '—'}</TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {signedQuantity(movement.quantity)}
                    </TableCell>
                    <TableCell align="right">{counted(movement.available_after)}</TableCell>
                    <TableCell align="right">{movement.reserved_after}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {movement.order_id ? (
                        <MuiLink
                          component={Link}
                          to={createPath({ resource: 'orders', id: movement.order_id, type: 'show' })}
                        >
                          {orderNumber(movement.order_id)}
                        </MuiLink>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{movement.actor}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{movement.note}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data.count}
            page={page}
            onPageChange={(_, next) => setPage(next)}
            rowsPerPage={pageSize}
            rowsPerPageOptions={phone ? [] : pageSizes}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
            labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
            labelDisplayedRows={({ from, to, count }) =>
              translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
            }
          />
        </>
      ) : null}
    </section>
  );
}
