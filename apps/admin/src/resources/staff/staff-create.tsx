import type { AdminStaffGrant } from '@kram/contract/admin-staff';
import { Typography } from '@mui/material';
import {
  BooleanInput,
  Create,
  email,
  required,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useDataProvider,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useErrorNotice, useFormErrors } from '../../error-messages.ts';

/**
 * Grants staff access to an account that exists already: the person registers in the shop, then a
 * superuser names their e-mail here. The server's refusals land under the e-mail, translated.
 */
export function StaffCreate() {
  const translate = useTranslate();
  const provider = useDataProvider();
  const notify = useNotify();
  const redirect = useRedirect();
  const fieldsOf = useFormErrors('staff');
  const tell = useErrorNotice('staff');

  async function grant(values: Record<string, unknown>) {
    try {
      await provider.create('staff', { data: values as AdminStaffGrant });
    } catch (error) {
      const fields = fieldsOf(error);
      if (Object.keys(fields).length > 0) return fields;
      tell(error);
      return undefined;
    }
    notify('resources.staff.done.granted', { type: 'info' });
    redirect('list', 'staff');
    return undefined;
  }

  return (
    <Create title="resources.staff.actions.grant">
      <SimpleForm
        onSubmit={grant}
        defaultValues={{ email: '', is_superuser: false }}
        toolbar={
          <Toolbar>
            <SaveButton label="resources.staff.actions.grant" />
          </Toolbar>
        }
        sx={{ maxWidth: 520 }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('resources.staff.create_hint')}
        </Typography>
        <TextInput source="email" type="email" validate={[required(), email()]} fullWidth />
        <BooleanInput source="is_superuser" helperText="resources.staff.superuser_hint" />
      </SimpleForm>
    </Create>
  );
}
