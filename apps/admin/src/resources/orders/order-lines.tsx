import type { AdminOrder, AdminOrderLine } from '@kram/contract/admin-orders';
import { orderLineDelete, orderLineUpdate } from '@kram/contract/endpoints/admin';
import {
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  IconButton,
  Button as MuiButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  type Theme,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import { DeleteOutlinedIcon as DeleteIcon } from '../../icons/delete-outlined.tsx';
import { EditIcon } from '../../icons/edit.tsx';
import { formatHryvnias, orderNumber, type Problem, parsePrice } from './order-format.ts';
import { useOrderChange } from './use-order-change.ts';

/** One line of one order in the API: `/api/admin/orders/<id>/items/<itemId>/`. */
const lineParams = (order: AdminOrder, line: AdminOrderLine) => ({ id: order.id, itemId: line.id });

function useLineName() {
  const [locale] = useLocaleState();
  return (line: AdminOrderLine) => (locale === 'ru' && line.name_ru) || line.name;
}

function PriceDialog({ order, line, onClose }: { order: AdminOrder; line: AdminOrderLine; onClose: () => void }) {
  const translate = useTranslate();
  const name = useLineName()(line);
  const { run, pending } = useOrderChange();
  const [typed, setTyped] = useState(line.price);
  const [problem, setProblem] = useState<Problem>();

  async function save() {
    const parsed = parsePrice(typed);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    const done = await run(
      () => api.call(orderLineUpdate, { params: lineParams(order, line), body: { price: parsed.price } }),
      'resources.orders.done.price',
    );
    if (done) onClose();
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="order-price-title">
      <DialogTitle id="order-price-title">{translate('resources.orders.dialogs.price_title', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('resources.orders.dialogs.price_content')}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          label={translate('resources.orders.dialogs.new_price')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') save();
          }}
          error={Boolean(problem)}
          helperText={problem ? translate(problem.key, problem.values) : ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'order-line-price' } }}
        />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
        <MuiButton variant="contained" onClick={save} disabled={pending} data-testid="order-line-price-save">
          {translate('ra.action.save')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

function LineActions({ order, line }: { order: AdminOrder; line: AdminOrderLine }) {
  const translate = useTranslate();
  const name = useLineName()(line);
  const { run, pending } = useOrderChange();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const last = order.items.length === 1;
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Tooltip title={translate('resources.orders.actions.edit_price')}>
        <IconButton size="small" onClick={() => setEditing(true)} data-testid="order-line-edit">
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip
        title={translate(last ? 'resources.orders.errors.order_last_line' : 'resources.orders.actions.remove_line')}
      >
        {/* A disabled button gets no hover: the span carries the tooltip. */}
        <span>
          <IconButton
            size="small"
            color="error"
            disabled={last || pending}
            onClick={() => setRemoving(true)}
            data-testid="order-line-remove"
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      {editing ? <PriceDialog order={order} line={line} onClose={() => setEditing(false)} /> : null}
      <Confirm
        isOpen={removing}
        loading={pending}
        title="resources.orders.dialogs.remove_title"
        titleTranslateOptions={{ name, number: orderNumber(order.id) }}
        content="resources.orders.dialogs.remove_content"
        confirm="resources.orders.actions.remove_line"
        confirmColor="warning"
        onConfirm={async () => {
          if (
            await run(
              () => api.call(orderLineDelete, { params: lineParams(order, line) }),
              'resources.orders.done.removed',
            )
          ) {
            setRemoving(false);
          }
        }}
        onClose={() => setRemoving(false)}
      />
    </Box>
  );
}

function LineDescription({ line }: { line: AdminOrderLine }) {
  const translate = useTranslate();
  const lineName = useLineName();
  const [locale] = useLocaleState();
  const t = (key: string) => translate(`resources.orders.item.${key}`);
  const color = line.color ? (locale === 'ru' && line.color.name_ru) || line.color.name : undefined;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: { md: 220 } }}>
      {line.image ? (
        <Box
          component="img"
          src={line.image}
          alt=""
          sx={{ width: 40, height: 60, objectFit: 'cover', borderRadius: 0.5, flexShrink: 0 }}
        />
      ) : null}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {lineName(line)}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {[
            line.sku ? `${t('sku')}: ${line.sku}` : undefined,
            line.size ? `${t('size')}: ${line.size.name}` : undefined,
            color ? `${t('color')}: ${color}` : undefined,
            line.product === null ? t('gone') : undefined,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Box>
    </Box>
  );
}

const totalStyle = { fontWeight: 600, color: 'text.primary', fontSize: '0.875rem', whiteSpace: 'nowrap' } as const;

/** On a phone: each line stacked, its quantity, price and total under its name. */
function LineStack({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  return (
    <Stack divider={<Divider flexItem />} spacing={1.5} data-testid="order-lines">
      {order.items.map((line) => (
        <Box key={line.id} data-testid="order-line">
          <LineDescription line={line} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              {line.quantity} × {formatHryvnias(line.price)}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
              {formatHryvnias(line.total)}
            </Typography>
            {order.lines_editable ? <LineActions order={order} line={line} /> : null}
          </Box>
        </Box>
      ))}
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography sx={totalStyle}>{translate('resources.orders.item.total_amount')}</Typography>
        <Typography sx={totalStyle} data-testid="order-amount">
          {formatHryvnias(order.amount)}
        </Typography>
      </Box>
    </Stack>
  );
}

function LineTable({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.orders.item.${key}`);
  const editable = order.lines_editable;
  return (
    <Table size="small" data-testid="order-lines">
      <TableHead>
        <TableRow>
          <TableCell>{t('product')}</TableCell>
          <TableCell align="right">{t('quantity')}</TableCell>
          <TableCell align="right">{t('price')}</TableCell>
          <TableCell align="right">{t('total')}</TableCell>
          {editable ? <TableCell /> : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {order.items.map((line) => (
          <TableRow key={line.id} data-testid="order-line">
            <TableCell>
              <LineDescription line={line} />
            </TableCell>
            <TableCell align="right">{line.quantity}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatHryvnias(line.price)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatHryvnias(line.total)}
            </TableCell>
            {editable ? (
              <TableCell align="right" padding="checkbox">
                <LineActions order={order} line={line} />
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell colSpan={3} sx={totalStyle}>
            {t('total_amount')}
          </TableCell>
          <TableCell align="right" sx={totalStyle} data-testid="order-amount">
            {formatHryvnias(order.amount)}
          </TableCell>
          {editable ? <TableCell /> : null}
        </TableRow>
      </TableFooter>
    </Table>
  );
}

/** The lines as ordered (name, size, colour, price then), with price change and removal while allowed. */
export function OrderLines() {
  const order = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  if (!order) return null;
  return (
    <Box>
      {small ? <LineStack order={order} /> : <LineTable order={order} />}
      {!order.lines_editable && (order.status === 'new' || order.status === 'awaiting_payment') ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {translate('resources.orders.sections.invoice_issued')}
        </Typography>
      ) : null}
    </Box>
  );
}
