import type { Dashboard as DashboardAnswer } from '@kram/contract/admin-dashboard';
import { dashboard } from '@kram/contract/endpoints/admin';
import type { Language } from '@kram/contract/languages';
import { formatMoney, parseMoney, sumMoney } from '@kram/contract/money';
import { shippingFilterLabels, shippingFilters } from '@kram/contract/shipping';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Title, useCreatePath, useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { api } from '../../api.ts';
import { ReceiptAlertsCard } from '../fiscal/receipt-alerts-card.tsx';
import { formatHryvnias } from '../orders/order-format.ts';
import { ReturnAlertsCard } from '../returns/return-alerts-card.tsx';
import { LowStockCard } from '../stock/low-stock-card.tsx';
import { CountLink, filteredList } from './count-link.tsx';
import { RevenueChart } from './revenue-chart.tsx';
import { VitalsCard } from './vitals-card.tsx';

export const dashboardQueryKey = ['admin', 'dashboard'] as const;

function Figure({
  label,
  value,
  detail,
  action,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card sx={{ flex: '1 1 220px' }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
          {value}
        </Typography>
        {detail && <Typography color="text.secondary">{detail}</Typography>}
        {action && <Box sx={{ mt: 1 }}>{action}</Box>}
      </CardContent>
    </Card>
  );
}

/** The orders list filtered by one status. */
function OrdersWith({ status }: { status: 'new' | 'awaiting_payment' }) {
  const createPath = useCreatePath();
  const translate = useTranslate();
  const search = new URLSearchParams({ filter: JSON.stringify({ status: [status] }) });
  return (
    <Button component={Link} to={`${createPath({ resource: 'orders', type: 'list' })}?${search}`} size="small">
      {translate('resources.dashboard.open')}
    </Button>
  );
}

/** How many orders' parcels are at each stage after confirmation, each a link to those orders. */
function ShippingCard({ counts }: { counts: DashboardAnswer['shipping'] }) {
  const createPath = useCreatePath();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const labels = shippingFilterLabels[locale as Language] ?? shippingFilterLabels.uk;
  const list = createPath({ resource: 'orders', type: 'list' });
  return (
    <Card data-testid="dashboard-shipping">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('resources.dashboard.shipping')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' },
          }}
        >
          {shippingFilters.map((filter) => (
            <CountLink
              key={filter}
              to={filteredList(list, { shipping: filter })}
              count={counts[filter]}
              label={labels[filter]}
              warn={filter === 'storage_ending' && counts[filter] > 0}
              testId={`dashboard-shipping-${filter}`}
            />
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * The back office's first screen: today's orders, what waits for the shop, where the parcels are,
 * 30 days of revenue, returns and refunds due, receipts not issued, the variants running low, and how
 * fast the storefront's pages are for shoppers.
 */
export function Dashboard() {
  const translate = useTranslate();
  const { data, isPending, isError } = useQuery({
    queryKey: dashboardQueryKey,
    queryFn: ({ signal }) => api.call(dashboard, { signal }),
  });
  const orders = (n: number) => translate('resources.dashboard.orders_count', { smart_count: n });

  return (
    <Box sx={{ py: 2 }}>
      <Title title="resources.dashboard.title" />
      {isError && <Alert severity="error">{translate('resources.dashboard.failed')}</Alert>}
      {isPending && <Skeleton variant="rounded" height={360} />}
      {data && (
        <Stack spacing={2}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
            <Figure
              label={translate('resources.dashboard.today')}
              value={formatHryvnias(data.today.amount)}
              detail={orders(data.today.orders)}
            />
            <Figure
              label={translate('resources.dashboard.awaiting_confirmation')}
              value={data.awaiting.new}
              action={<OrdersWith status="new" />}
            />
            <Figure
              label={translate('resources.dashboard.awaiting_payment')}
              value={data.awaiting.awaiting_payment}
              action={<OrdersWith status="awaiting_payment" />}
            />
          </Stack>
          <ShippingCard counts={data.shipping} />
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2">
                {translate('resources.dashboard.revenue')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {translate('resources.dashboard.revenue_hint')}
              </Typography>
              <RevenueChart days={data.revenue} />
              <Typography sx={{ mt: 1 }}>
                {translate('resources.dashboard.total', {
                  amount: formatHryvnias(formatMoney(sumMoney(data.revenue.map((d) => parseMoney(d.amount))))),
                  orders: orders(data.revenue.reduce((sum, d) => sum + d.orders, 0)),
                })}
              </Typography>
            </CardContent>
          </Card>
        </Stack>
      )}
      {/* Their own queries: the shop's figures show without them, and they without the figures. */}
      <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 2 }}>
        <ReturnAlertsCard />
        <ReceiptAlertsCard />
      </Stack>
      <Box sx={{ mt: 2 }}>
        <LowStockCard />
      </Box>
      <Box sx={{ mt: 2 }}>
        <VitalsCard />
      </Box>
    </Box>
  );
}
