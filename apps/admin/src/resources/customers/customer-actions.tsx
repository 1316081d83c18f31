import type { AdminCustomer } from '@kram/contract/admin-customers';
import { DialogContentText } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  Confirm,
  useDataProvider,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { AdminDataProvider } from '../../data-provider.ts';
import { BlockIcon } from '../../icons/block.tsx';
import { DeleteForeverIcon } from '../../icons/delete-forever.tsx';
import { LockOpenIcon } from '../../icons/lock-open.tsx';
import type { Permissions } from '../../session.ts';
import { customerRefusalKey } from './customer-format.ts';
import { useCustomerLabel } from './customer-name.tsx';

/** Runs a change after its confirmation, then tells how it went: the refusal's own words when refused. */
function useCustomerChange() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  async function run(change: () => Promise<unknown>, done: string): Promise<boolean> {
    setPending(true);
    try {
      await change();
      notify(done, { type: 'info' });
      refresh();
      return true;
    } catch (error) {
      const key = customerRefusalKey(error);
      notify(key ?? (error instanceof Error ? error.message : 'ra.notification.http_error'), { type: 'error' });
      return false;
    } finally {
      setPending(false);
    }
  }
  return { run, pending };
}

/** Whether the viewer may change this account at all: not a deleted one, and a superuser's only as a superuser. */
function useChangeable(customer: AdminCustomer | undefined): boolean {
  const { permissions } = usePermissions<Permissions>();
  if (!customer || customer.deleted_at) return false;
  return !customer.is_superuser || Boolean(permissions?.isSuperuser);
}

/** Block (sign-in refused, every session ended at once) or unblock, after a confirmation. */
export function BlockToggleButton() {
  const customer = useRecordContext<AdminCustomer>();
  const label = useCustomerLabel(customer);
  const provider = useDataProvider<AdminDataProvider>();
  const { run, pending } = useCustomerChange();
  const [open, setOpen] = useState(false);
  const changeable = useChangeable(customer);
  if (!changeable || !customer) return null;
  const action = customer.is_active ? 'block' : 'unblock';
  return (
    <>
      <Button
        label={`resources.customers.actions.${action}`}
        color={action === 'block' ? 'error' : 'primary'}
        onClick={() => setOpen(true)}
        disabled={pending}
        data-testid={`customer-${action}`}
      >
        {action === 'block' ? <BlockIcon /> : <LockOpenIcon />}
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title={`resources.customers.confirm.${action}_title`}
        titleTranslateOptions={{ name: label }}
        content={`resources.customers.confirm.${action}_content`}
        confirm={`resources.customers.actions.${action}`}
        confirmColor={action === 'block' ? 'warning' : 'primary'}
        onConfirm={async () => {
          await run(
            () => provider.action('customers', customer.id, action),
            action === 'block' ? 'resources.customers.done.blocked' : 'resources.customers.done.unblocked',
          );
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** Deletion on the customer's request, after a dialog that says what goes and what stays. */
export function DeleteOnRequestButton() {
  const customer = useRecordContext<AdminCustomer>();
  const label = useCustomerLabel(customer);
  const translate = useTranslate();
  const provider = useDataProvider<AdminDataProvider>();
  const { run, pending } = useCustomerChange();
  const [open, setOpen] = useState(false);
  const changeable = useChangeable(customer);
  // Staff accounts are refused by the server; their staff access goes first (Staff screen).
  if (!changeable || !customer || customer.is_staff || customer.is_superuser) return null;
  return (
    <>
      <Button
        label="resources.customers.actions.delete"
        color="error"
        onClick={() => setOpen(true)}
        disabled={pending}
        data-testid="customer-delete"
      >
        <DeleteForeverIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title="resources.customers.confirm.delete_title"
        titleTranslateOptions={{ name: label }}
        content={
          <>
            <DialogContentText gutterBottom>
              {translate('resources.customers.confirm.delete_removed')}
            </DialogContentText>
            <DialogContentText gutterBottom>{translate('resources.customers.confirm.delete_kept')}</DialogContentText>
            <DialogContentText sx={{ fontWeight: 600 }}>
              {translate('resources.customers.confirm.delete_final')}
            </DialogContentText>
          </>
        }
        confirm="resources.customers.actions.delete"
        confirmColor="warning"
        onConfirm={async () => {
          await run(
            () => provider.delete('customers', { id: customer.id, previousData: customer }),
            'resources.customers.done.deleted',
          );
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
