import type { AdminStaffMember } from '@kram/contract/admin-staff';
import { type Theme, useMediaQuery } from '@mui/material';
import {
  BulkDeleteWithConfirmButton,
  CreateButton,
  DataTable,
  List,
  SearchInput,
  SimpleList,
  TopToolbar,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useErrorNotice } from '../../error-messages.ts';
import { PersonRemoveIcon } from '../../icons/person-remove.tsx';
import { formatDateTime } from '../customers/customer-format.ts';
import { StaffRoleChips, staffName } from './staff-role.tsx';

const Column = DataTable.Col<AdminStaffMember>;

function StaffListActions() {
  return (
    <TopToolbar>
      <CreateButton label="resources.staff.actions.grant" />
    </TopToolbar>
  );
}

/** Revokes the staff access of the selected members, each after the server's own checks. */
function RevokeSelectedButton() {
  const notify = useNotify();
  const tell = useErrorNotice('staff');
  return (
    <BulkDeleteWithConfirmButton
      label="resources.staff.actions.revoke"
      icon={<PersonRemoveIcon />}
      confirmTitle="resources.staff.confirm.bulk_revoke_title"
      confirmContent="resources.staff.confirm.revoke_content"
      confirmColor="warning"
      mutationOptions={{
        onSuccess: () => notify('resources.staff.done.revoked', { type: 'info' }),
        onError: (error) => tell(error),
      }}
    />
  );
}

/** Who may use the back office, for superusers. */
export function StaffList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List
      actions={<StaffListActions />}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.staff.fields.q')} />]}
      sort={{ field: 'email', order: 'ASC' }}
    >
      {small ? (
        <SimpleList<AdminStaffMember>
          primaryText={(member) => staffName(member)}
          secondaryText={(member) => member.email}
          tertiaryText={(member) => translate(`resources.staff.roles.${member.is_superuser ? 'superuser' : 'staff'}`)}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={<RevokeSelectedButton />}>
          <Column source="email" />
          <Column source="name" disableSort render={(member) => staffName(member)} />
          <Column source="is_superuser" label="resources.staff.fields.role" disableSort field={StaffRoleChips} />
          <Column source="created_at" render={(member) => formatDateTime(member.created_at)} />
        </DataTable>
      )}
    </List>
  );
}
