import type { AdminStaffMember } from '@kram/contract/admin-staff';
import {
  BooleanInput,
  DeleteWithConfirmButton,
  Edit,
  Labeled,
  SaveButton,
  SimpleForm,
  TextField,
  Toolbar,
  useNotify,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import { useErrorNotice } from '../../error-messages.ts';
import { PersonRemoveIcon } from '../../icons/person-remove.tsx';
import { formatDateTime } from '../customers/customer-format.ts';
import { StaffRoleChips, staffName } from './staff-role.tsx';

function StaffTitle() {
  const member = useRecordContext<AdminStaffMember>();
  return <>{member ? staffName(member) : ''}</>;
}

/** A refusal as the superuser reads it: the translated rule, or the server's own words. */
function useRefusalNotice() {
  const tell = useErrorNotice('staff');
  return (error: unknown) => tell(error);
}

function StaffEditToolbar() {
  const member = useRecordContext<AdminStaffMember>();
  const notice = useRefusalNotice();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton
        label="resources.staff.actions.revoke"
        icon={<PersonRemoveIcon />}
        confirmTitle="resources.staff.confirm.revoke_title"
        titleTranslateOptions={{ name: member ? staffName(member) : '' }}
        confirmContent="resources.staff.confirm.revoke_content"
        confirmColor="warning"
        mutationMode="pessimistic"
        successMessage="resources.staff.done.revoked"
        mutationOptions={{ onError: notice }}
      />
    </Toolbar>
  );
}

/** One member of staff: the superuser flag, and revoking their access. */
export function StaffEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  const notice = useRefusalNotice();
  return (
    <Edit
      title={<StaffTitle />}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          notify('resources.staff.done.updated', { type: 'info' });
          redirect('list', 'staff');
        },
        onError: notice,
      }}
    >
      <SimpleForm toolbar={<StaffEditToolbar />} sx={{ maxWidth: 520 }}>
        <Labeled source="email">
          <TextField source="email" />
        </Labeled>
        <Labeled label="resources.staff.fields.role">
          <StaffRoleChips />
        </Labeled>
        <Labeled source="created_at">
          <CreatedAt />
        </Labeled>
        <BooleanInput source="is_superuser" helperText="resources.staff.superuser_hint" />
      </SimpleForm>
    </Edit>
  );
}

function CreatedAt() {
  const member = useRecordContext<AdminStaffMember>();
  return <>{member ? formatDateTime(member.created_at) : ''}</>;
}
