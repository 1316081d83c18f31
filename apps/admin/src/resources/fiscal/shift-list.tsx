import type { AdminShift } from '@kram/contract/admin-fiscal';
import { shiftClose } from '@kram/contract/endpoints/admin';
import { Chip, type Theme, useMediaQuery } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  Confirm,
  DataTable,
  List,
  SimpleList,
  TopToolbar,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { api } from '../../api.ts';
import { DoneAllIcon } from '../../icons/done-all.tsx';
import { formatDateTime, formatHryvnias } from '../orders/order-format.ts';
import { fiscalProblem, useWordsNotice } from './fiscal-words.ts';

const Column = DataTable.Col<AdminShift>;
const t = (key: string) => `resources.fiscal/shifts.${key}`;

/** Closes the open shift now; the register keeps its Z-report. */
export function CloseShiftButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const tell = useWordsNotice();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);

  async function close() {
    setPending(true);
    try {
      await api.call(shiftClose);
      notify(t('closed'), { type: 'info' });
      refresh();
    } catch (error) {
      tell(fiscalProblem(error, translate));
    } finally {
      setPending(false);
      setAsking(false);
    }
  }

  return (
    <>
      <Button label={t('close')} onClick={() => setAsking(true)} disabled={pending} data-testid="shift-close">
        <DoneAllIcon />
      </Button>
      <Confirm
        isOpen={asking}
        loading={pending}
        title={t('close_title')}
        content={t('close_content')}
        confirm={t('close')}
        onConfirm={close}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

function ShiftActions() {
  return (
    <TopToolbar>
      <CloseShiftButton />
    </TopToolbar>
  );
}

function useZReport() {
  const translate = useTranslate();
  return (shift: AdminShift) =>
    shift.z_report
      ? translate(t('z_report'), {
          sells: shift.z_report.sell_receipts,
          sell_sum: formatHryvnias(shift.z_report.sell_sum),
          returns: shift.z_report.return_receipts,
          return_sum: formatHryvnias(shift.z_report.return_sum),
        })
      : '—';
}

function StatusChip({ shift }: { shift: AdminShift }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={shift.status === 'opened' ? 'success' : 'default'}
      variant={shift.status === 'opened' ? 'filled' : 'outlined'}
      label={translate(t(`statuses.${shift.status}`))}
    />
  );
}

/** The register's shifts, newest first, each closed one with its Z-report's totals. */
export function ShiftList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  const zReport = useZReport();
  return (
    <List actions={<ShiftActions />} sort={{ field: 'opened_at', order: 'DESC' }} perPage={25} exporter={false}>
      {small ? (
        <SimpleList<AdminShift>
          primaryText={(shift) => `№${shift.serial ?? '—'} · ${translate(t(`statuses.${shift.status}`))}`}
          secondaryText={(shift) =>
            [shift.opened_at, shift.closed_at].map((at) => (at ? formatDateTime(at) : '—')).join(' – ')
          }
          tertiaryText={zReport}
          linkType={false}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <Column source="serial" disableSort render={(shift) => shift.serial ?? '—'} />
          <Column source="status" disableSort render={(shift) => <StatusChip shift={shift} />} />
          <Column source="opened_at" render={(shift) => (shift.opened_at ? formatDateTime(shift.opened_at) : '—')} />
          <Column
            source="closed_at"
            disableSort
            render={(shift) => (shift.closed_at ? formatDateTime(shift.closed_at) : '—')}
          />
          <Column source="z_report" disableSort render={zReport} />
        </DataTable>
      )}
    </List>
  );
}
