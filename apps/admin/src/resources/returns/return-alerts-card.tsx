import { returnAlerts } from '@kram/contract/endpoints/admin';
import { Alert, Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCreatePath, useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import { CountLink, filteredList } from '../dashboard/count-link.tsx';
import { formatHryvnias } from '../orders/order-format.ts';

export const returnAlertsKey = ['admin', 'returns', 'alerts'] as const;
const t = (key: string) => `resources.returns.alerts.${key}`;

/**
 * The dashboard's card of returns: requests waiting for an answer, goods waiting for their refund, and
 * refunds overdue (red, with their sum), each a link to those returns.
 */
export function ReturnAlertsCard() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { data, isPending, isError } = useQuery({
    queryKey: returnAlertsKey,
    queryFn: ({ signal }) => api.call(returnAlerts, { signal }),
  });
  const list = createPath({ resource: 'returns', type: 'list' });
  return (
    <Card data-testid="dashboard-returns" sx={{ flex: '1 1 320px' }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(t('title'))}
        </Typography>
        {isError ? <Alert severity="error">{translate(t('failed'))}</Alert> : null}
        {isPending ? <Skeleton variant="rounded" height={80} /> : null}
        {data ? (
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
            <CountLink
              to={filteredList(list, { status: 'requested' })}
              count={data.requested}
              label={translate(t('requested'))}
              testId="dashboard-returns-requested"
            />
            <CountLink
              to={filteredList(list, { status: 'received' })}
              count={data.awaiting_refund}
              label={translate(t('awaiting_refund'))}
              testId="dashboard-returns-awaiting"
            />
            <CountLink
              to={filteredList(list, { overdue: 'true' })}
              count={data.refund_overdue}
              label={translate(t('overdue'))}
              detail={
                data.refund_overdue > 0
                  ? translate(t('overdue_sum'), { amount: formatHryvnias(data.refund_overdue_sum) })
                  : undefined
              }
              alarm={data.refund_overdue > 0}
              testId="dashboard-returns-overdue"
            />
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
