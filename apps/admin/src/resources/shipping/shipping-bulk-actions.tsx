import type { AnswerOf } from '@kram/contract/endpoint';
import { shippingBulk, shippingRegister } from '@kram/contract/endpoints/admin';
import {
  Alert,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Link,
  Menu,
  MenuItem,
  Button as MuiButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Button, type Identifier, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import { errorMessage } from '../../error-messages.ts';
import { LocalShippingOutlinedIcon } from '../../icons/local-shipping-outlined.tsx';
import { ReceiptLongIcon } from '../../icons/receipt-long.tsx';
import { orderNumber } from '../orders/order-format.ts';
import {
  type BulkOutcome,
  bulkPercent,
  bulkReason,
  inWords,
  type LabelFormat,
  maxOrdersAtOnce,
  runBulk,
} from './shipping-format.ts';
import { openLabels, openRegister } from './shipping-pdf.ts';

const t = (key: string) => `resources.shipping.bulk.${key}`;

type RegisterView = AnswerOf<typeof shippingRegister>;

/** The orders picked in the list, as the API names them. */
function usePicked(): string[] {
  const { selectedIds } = useListContext();
  return selectedIds.map((id: Identifier) => String(id));
}

function useProblemText() {
  const translate = useTranslate();
  return (error: unknown) => {
    const problem = errorMessage(error, 'shipping');
    return inWords(problem, translate);
  };
}

/** A bulk action on more orders than one call takes says so instead. */
function useTooMany() {
  const notify = useNotify();
  return (picked: readonly string[]) => {
    if (picked.length <= maxOrdersAtOnce) return false;
    notify('errors.shipping.too_many', { type: 'warning' });
    return true;
  };
}

/**
 * Makes the picked orders' waybills with their defaults, ten orders per call, with a progress bar,
 * then each order's waybill number or why it has none.
 */
export function BulkWaybillsButton() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const problemText = useProblemText();
  const tooMany = useTooMany();
  const picked = usePicked();
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const [ids, setIds] = useState<string[]>([]);
  const [done, setDone] = useState(0);
  const [outcomes, setOutcomes] = useState<BulkOutcome[]>();

  async function start() {
    setRunning(true);
    setDone(0);
    try {
      await runBulk(
        ids,
        async (chunk) => (await api.call(shippingBulk, { body: { order_ids: chunk } })).results,
        (count, sofar) => {
          setDone(count);
          setOutcomes(sofar);
        },
        (error) => (error === undefined ? translate(t('no_answer')) : problemText(error)),
      );
    } finally {
      setRunning(false);
      refresh();
    }
  }

  const close = () => {
    if (running) return;
    setOpen(false);
    setOutcomes(undefined);
  };
  const made = outcomes?.filter((o) => o.ok).length ?? 0;
  const finished = outcomes !== undefined && !running;

  return (
    <>
      <Button
        label={t('create')}
        onClick={() => {
          if (tooMany(picked)) return;
          setIds(picked);
          setOutcomes(undefined);
          setDone(0);
          setOpen(true);
        }}
        data-testid="bulk-waybills"
      >
        <LocalShippingOutlinedIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="bulk-waybills-title">
        <DialogTitle id="bulk-waybills-title">{translate(t('create_title'), { smart_count: ids.length })}</DialogTitle>
        <DialogContent>
          {outcomes === undefined && !running ? (
            <DialogContentText>{translate(t('create_content'))}</DialogContentText>
          ) : null}
          {running || outcomes ? (
            <>
              <Typography variant="body2" sx={{ mb: 1 }} role="status">
                {translate(running ? t('progress') : t('finished'), { done, total: ids.length, made })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={bulkPercent(done, ids.length)}
                aria-label={translate(t('progress'), { done, total: ids.length, made })}
                sx={{ mb: 2 }}
              />
            </>
          ) : null}
          {outcomes && outcomes.length > 0 ? (
            <Table size="small" data-testid="bulk-waybills-results">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('resources.orders.fields.number')}</TableCell>
                  <TableCell>{translate(t('outcome'))}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {outcomes.map((outcome) => (
                  <TableRow key={outcome.order_id}>
                    <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                      {orderNumber(outcome.order_id)}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {outcome.ok ? (
                        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                          {outcome.number ?? translate(t('number_pending'))}
                        </Typography>
                      ) : (
                        <Typography variant="body2" color="error">
                          {bulkReason(outcome, translate)}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close} disabled={running}>
            {translate('ra.action.close')}
          </MuiButton>
          {finished ? null : (
            <MuiButton variant="contained" onClick={start} disabled={running} data-testid="bulk-waybills-start">
              {translate(t('create'))}
            </MuiButton>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}

/** One PDF of the picked orders' labels: 100 × 100 mm markings or A4 sheets. */
export function BulkLabelsButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const problemText = useProblemText();
  const tooMany = useTooMany();
  const picked = usePicked();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState(false);

  async function print(format: LabelFormat) {
    setAnchor(null);
    if (tooMany(picked)) return;
    setPending(true);
    try {
      await openLabels(picked, format);
    } catch (error) {
      notify(problemText(error), { type: 'error' });
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button
        label={t('labels')}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={pending}
        aria-haspopup="menu"
        data-testid="bulk-labels"
      >
        <ReceiptLongIcon />
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => print('marking')} data-testid="bulk-labels-marking">
          {translate('resources.shipping.panel.label_marking')}
        </MenuItem>
        <MenuItem onClick={() => print('a4')} data-testid="bulk-labels-a4">
          {translate('resources.shipping.panel.label_a4')}
        </MenuItem>
      </Menu>
    </>
  );
}

/** Hands the picked orders' waybills over with one register: its number, and its PDF to print. */
export function BulkRegisterButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const problemText = useProblemText();
  const tooMany = useTooMany();
  const picked = usePicked();
  const [pending, setPending] = useState(false);
  const [register, setRegister] = useState<RegisterView>();

  async function make() {
    if (tooMany(picked)) return;
    setPending(true);
    try {
      setRegister(await api.call(shippingRegister, { body: { order_ids: picked } }));
      refresh();
    } catch (error) {
      notify(problemText(error), { type: 'error' });
    } finally {
      setPending(false);
    }
  }

  async function pdf(ref: string) {
    try {
      await openRegister(ref);
    } catch (error) {
      notify(problemText(error), { type: 'error' });
    }
  }

  return (
    <>
      <Button label={t('register')} onClick={make} disabled={pending} data-testid="bulk-register">
        <ReceiptLongIcon />
      </Button>
      <Dialog open={register !== undefined} onClose={() => setRegister(undefined)} aria-labelledby="register-title">
        <DialogTitle id="register-title">
          {translate(t('register_title'), { number: register?.number ?? '' })}
        </DialogTitle>
        <DialogContent>
          <Alert severity="success" sx={{ mb: 2 }} data-testid="register-made">
            {translate(t('register_content'), {
              number: register?.number ?? '',
              smart_count: register?.order_ids.length ?? 0,
            })}
          </Alert>
          {register && register.order_ids.length < picked.length ? (
            <DialogContentText>
              {translate(t('register_left_out'), { smart_count: picked.length - register.order_ids.length })}
            </DialogContentText>
          ) : null}
          {register ? (
            <Link component="button" type="button" onClick={() => pdf(register.ref)} data-testid="register-pdf">
              {translate(t('register_pdf'))}
            </Link>
          ) : null}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setRegister(undefined)}>{translate('ra.action.close')}</MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** What the orders list does to the picked orders' parcels. */
export function ShippingBulkActions() {
  return (
    <>
      <BulkWaybillsButton />
      <BulkLabelsButton />
      <BulkRegisterButton />
    </>
  );
}
