import { fiscalAlerts } from '@kram/contract/endpoints/admin';
import { Alert, Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { LinkBase, useCreatePath, useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import { formatDateTime } from '../orders/order-format.ts';

export const fiscalAlertsKey = ['admin', 'fiscal', 'alerts'] as const;
const t = (key: string) => `resources.fiscal.alerts.${key}`;

/** The dashboard's card of receipts not issued within an hour of falling due: red, a link to them. */
export function ReceiptAlertsCard() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { data, isPending, isError } = useQuery({
    queryKey: fiscalAlertsKey,
    queryFn: ({ signal }) => api.call(fiscalAlerts, { signal }),
  });
  const list = createPath({ resource: 'fiscal/receipts', type: 'list' });
  const to = `${list}?${new URLSearchParams({ filter: JSON.stringify({ overdue: 'true' }) })}`;
  const alarm = (data?.overdue ?? 0) > 0;
  return (
    <Card data-testid="dashboard-receipts" sx={{ flex: '1 1 220px' }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(t('title'))}
        </Typography>
        {isError ? <Alert severity="error">{translate(t('failed'))}</Alert> : null}
        {isPending ? <Skeleton variant="rounded" height={80} /> : null}
        {data ? (
          <Button
            component={LinkBase}
            to={to}
            variant={alarm ? 'contained' : 'outlined'}
            color={alarm ? 'error' : 'primary'}
            sx={{ flexDirection: 'column', alignItems: 'flex-start', textAlign: 'left', py: 1 }}
            data-testid="dashboard-receipts-overdue"
          >
            <Typography variant="h5" component="span" sx={{ fontWeight: 600 }}>
              {data.overdue}
            </Typography>
            <Typography variant="body2" component="span" sx={{ textTransform: 'none', lineHeight: 1.3 }}>
              {alarm ? translate(t('overdue')) : translate(t('none'))}
            </Typography>
            {alarm && data.oldest_due_at ? (
              <Typography variant="caption" component="span" sx={{ textTransform: 'none' }}>
                {translate(t('oldest'), { at: formatDateTime(data.oldest_due_at) })}
              </Typography>
            ) : null}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
