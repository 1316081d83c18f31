import type { AdminOrder } from '@kram/contract/admin-orders';
import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, historyLine } from './order-format.ts';

/** Every change made to the order in the back office, newest first: who, when, what. */
export function OrderHistory() {
  const order = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  if (!order) return null;
  if (order.history.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('resources.orders.sections.no_history')}
      </Typography>
    );
  }
  const statusLabel = (status: string) => translate(`resources.orders.statuses.${status}`);
  return (
    <List dense disablePadding data-testid="order-history">
      {order.history.map((entry) => {
        const line = historyLine(entry, statusLabel);
        const reason = entry.after?.reason;
        return (
          <ListItem key={entry.id} disableGutters divider>
            <ListItemText
              primary={
                <>
                  {line ? translate(line.key, line.values) : entry.action}
                  {typeof reason === 'string' ? (
                    <Typography variant="body2" component="span" color="text.secondary" sx={{ display: 'block' }}>
                      {translate('resources.orders.history.reason', { reason })}
                    </Typography>
                  ) : null}
                </>
              }
              secondary={`${entry.actor_email} · ${formatDateTime(entry.created_at)}`}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
