import { fiscalAlerts } from '@kram/contract/endpoints/admin';
import { Alert, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCreatePath, useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import { CountLink, filteredList } from '../dashboard/count-link.tsx';
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
          <CountLink
            to={filteredList(list, { overdue: 'true' })}
            count={data.overdue}
            label={alarm ? translate(t('overdue')) : translate(t('none'))}
            detail={
              alarm && data.oldest_due_at ? translate(t('oldest'), { at: formatDateTime(data.oldest_due_at) }) : null
            }
            alarm={alarm}
            testId="dashboard-receipts-overdue"
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
