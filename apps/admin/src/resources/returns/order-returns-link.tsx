import { returnList } from '@kram/contract/endpoints/admin';
import { Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { LinkBase, useCreatePath, useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import { ReplyIcon } from '../../icons/reply.tsx';

/** A link to the returns of an order, shown when it has any: the returns list filtered by the order. */
export function OrderReturnsLink({ orderId }: { orderId: string }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { data } = useQuery({
    queryKey: ['admin', 'orders', orderId, 'returns'],
    queryFn: ({ signal }) => api.call(returnList, { query: { order_id: orderId, page_size: 1 }, signal }),
  });
  if (!data || data.count === 0) return null;
  const search = new URLSearchParams({
    filter: JSON.stringify({ order_id: orderId }),
    // The filter's input is shown, so the manager sees the list is one order's and can clear it.
    displayedFilters: JSON.stringify({ order_id: true }),
  });
  return (
    <Button
      component={LinkBase}
      to={`${createPath({ resource: 'returns', type: 'list' })}?${search}`}
      variant="outlined"
      size="small"
      startIcon={<ReplyIcon />}
      data-testid="order-returns-link"
    >
      {translate('resources.returns.order_link', { count: data.count })}
    </Button>
  );
}
