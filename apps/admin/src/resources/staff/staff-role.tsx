import type { AdminStaffMember } from '@kram/contract/admin-staff';
import { Chip, Stack } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** Superuser or member of staff, and a warning chip when the account is blocked. */
export function StaffRoleChips() {
  const translate = useTranslate();
  const member = useRecordContext<AdminStaffMember>();
  if (!member) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color="primary"
        variant={member.is_superuser ? 'filled' : 'outlined'}
        label={translate(`resources.staff.roles.${member.is_superuser ? 'superuser' : 'staff'}`)}
      />
      {member.is_active ? null : (
        <Chip size="small" color="error" label={translate('resources.customers.status.blocked')} />
      )}
    </Stack>
  );
}

/** A member of staff as lists and titles name them. */
export const staffName = (member: Pick<AdminStaffMember, 'first_name' | 'last_name' | 'email'>): string =>
  [member.first_name, member.last_name].filter(Boolean).join(' ') || member.email;
