import type { AdminCustomer } from '@kram/contract/admin-customers';
import { Chip, Stack } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { customerStatus } from './customer-format.ts';

const colors = { active: 'success', blocked: 'error', deleted: 'default' } as const;

/** Active, blocked or deleted, and the staff role when the account has one. */
export function CustomerStatusChip() {
  const translate = useTranslate();
  const customer = useRecordContext<AdminCustomer>();
  if (!customer) return null;
  const status = customerStatus(customer);
  const role = customer.is_superuser ? 'superuser' : customer.is_staff ? 'staff' : undefined;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={colors[status]}
        variant={status === 'active' ? 'outlined' : 'filled'}
        label={translate(`resources.customers.status.${status}`)}
      />
      {role ? (
        <Chip size="small" color="primary" variant="outlined" label={translate(`resources.customers.status.${role}`)} />
      ) : null}
    </Stack>
  );
}
