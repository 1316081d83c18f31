import { lowStock } from '@kram/contract/endpoints/admin';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Link as MuiLink,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCreatePath, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { api } from '../../api.ts';

export const lowStockQueryKey = ['admin', 'stock', 'low'] as const;
const t = (key: string) => `resources.stock.low_card.${key}`;

/** The fewest left come first: the card shows these, the rest on request. */
const shownAtFirst = 10;

/** The dashboard's card of variants below their product's threshold, each a link to its product. */
export function LowStockCard() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const [all, setAll] = useState(false);
  const { data, isPending, isError } = useQuery({
    queryKey: lowStockQueryKey,
    queryFn: ({ signal }) => api.call(lowStock, { signal }),
  });
  return (
    <Card data-testid="dashboard-low-stock">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate(t('title'))}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(t('hint'))}
        </Typography>
        {isError ? <Alert severity="error">{translate(t('failed'))}</Alert> : null}
        {isPending ? <Skeleton variant="rounded" height={120} aria-label={translate(t('loading'))} /> : null}
        {data && data.results.length === 0 ? (
          <Typography data-testid="low-stock-empty">{translate(t('empty'))}</Typography>
        ) : null}
        {data && data.results.length > 0 ? (
          <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
            <Table size="small" sx={{ '& th, & td': { px: { xs: 0.5, sm: 2 } } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate(t('product'))}</TableCell>
                  <TableCell>{translate(t('size'))}</TableCell>
                  <TableCell>{translate(t('color'))}</TableCell>
                  <TableCell align="right">{translate(t('left'))}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(all ? data.results : data.results.slice(0, shownAtFirst)).map((item) => (
                  <TableRow key={`${item.product_id}:${item.size ?? ''}:${item.color ?? ''}`}>
                    <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                      <MuiLink
                        component={Link}
                        to={createPath({ resource: 'products', id: item.product_id, type: 'edit' })}
                      >
                        {item.name}
                      </MuiLink>
                      <Typography variant="caption" color="text.secondary" component="div">
                        {item.sku}
                      </Typography>
                    </TableCell>
                    <TableCell>{item.size ?? '—'}</TableCell>
                    <TableCell>{item.color ?? '—'}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Typography component="span" sx={{ fontWeight: 600 }} color="warning.dark">
                        {item.available}
                      </Typography>
                      {` / ${item.threshold}`}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
        {data && !all && data.results.length > shownAtFirst ? (
          <Button size="small" sx={{ mt: 1 }} onClick={() => setAll(true)} data-testid="low-stock-all">
            {translate(t('show_all'), { count: data.results.length })}
          </Button>
        ) : null}
        {data && (all || data.results.length <= shownAtFirst) && data.count > data.results.length ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate(t('more'), { smart_count: data.count - data.results.length })}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
