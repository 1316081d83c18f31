import type { AdminReturn } from '@kram/contract/admin-returns';
import type { Language } from '@kram/contract/languages';
import {
  Card,
  CardContent,
  Link as MuiLink,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Labeled, LinkBase, useCreatePath, useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime, formatHryvnias } from '../orders/order-format.ts';
import { formatIban, refundsToCard } from './return-format.ts';
import { ReturnReceipt } from './return-receipt.tsx';

const t = (key: string) => `resources.returns.${key}`;

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 0 }} data-testid={testId}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom sx={{ fontWeight: 600 }}>
          {translate(title)}
        </Typography>
        <Stack spacing={1.5}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

export function Value({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Labeled label={label}>
      <Typography
        variant="body2"
        component="span"
        sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        data-testid={testId}
      >
        {children}
      </Typography>
    </Labeled>
  );
}

/** The goods asked back, each at the price paid for it, and what is refunded in all (never the delivery). */
export function ReturnLines({ record }: { record: AdminReturn }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const nameOf = (line: AdminReturn['lines'][number]) => ((locale as Language) === 'ru' ? line.name_ru : line.name);
  return (
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" data-testid="return-lines" sx={{ '& th, & td': { px: { xs: 0.5, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(t('lines.name'))}</TableCell>
            <TableCell>{translate(t('lines.size'))}</TableCell>
            <TableCell>{translate(t('lines.color'))}</TableCell>
            <TableCell align="right">{translate(t('lines.quantity'))}</TableCell>
            <TableCell align="right">{translate(t('lines.unit_refund'))}</TableCell>
            <TableCell align="right">{translate(t('lines.total'))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {record.lines.map((line) => (
            <TableRow key={line.position}>
              <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                {nameOf(line)}
              </TableCell>
              <TableCell>{line.size ?? '—'}</TableCell>
              <TableCell>{line.color ?? '—'}</TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatHryvnias(line.unit_refund)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatHryvnias(line.total)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={5} sx={{ color: 'text.primary', fontWeight: 600 }}>
              {translate(t('lines.refund_total'))}
            </TableCell>
            <TableCell
              align="right"
              sx={{ color: 'text.primary', fontWeight: 600, whiteSpace: 'nowrap' }}
              data-testid="return-refund-amount"
            >
              {formatHryvnias(record.refund_amount)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

/** What the buyer asked: why, how the goods come back, where the money goes (a cash order's IBAN). */
export function ReturnRequest({ record }: { record: AdminReturn }) {
  const translate = useTranslate();
  return (
    <Section title={t('sections.request')} testId="return-request">
      <Value label={t('show.reason')}>{record.reason}</Value>
      <Value label={t('show.shipping')}>{translate(t(`shippings.${record.shipping}`))}</Value>
      {record.shipping === 'shop' ? <Value label={t('show.shop_address')}>{record.shop_address}</Value> : null}
      {record.refusal_reason ? (
        <Value label={t('show.refusal')} testId="return-refusal">
          {translate(t(`refusal_reasons.${record.refusal_reason}`))}
        </Value>
      ) : null}
      {record.refusal_note ? <Value label={t('show.refusal_note')}>{record.refusal_note}</Value> : null}
    </Section>
  );
}

/** Who asks, and the order the goods came with. */
export function ReturnCustomer({ record }: { record: AdminReturn }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <Section title={t('sections.customer')} testId="return-customer">
      <Value label={t('fields.customer')}>{record.customer.name}</Value>
      <Value label="resources.orders.fields.phone_number">
        <MuiLink href={`tel:${record.customer.phone}`}>{record.customer.phone}</MuiLink>
      </Value>
      <Value label="resources.orders.fields.email">
        <MuiLink href={`mailto:${record.customer.email}`}>{record.customer.email}</MuiLink>
      </Value>
      <Value label={t('show.order')}>
        <MuiLink
          component={LinkBase}
          to={createPath({ resource: 'orders', id: record.order_id, type: 'show' })}
          data-testid="return-order"
        >
          {record.order_number}
        </MuiLink>
        {' · '}
        {translate(`resources.orders.payment_methods.${record.payment_method}`, { _: record.payment_method })}
        {' · '}
        {translate(`resources.orders.statuses.${record.order_status}`, { _: record.order_status })}
      </Value>
    </Section>
  );
}

/** How the money goes back, and how it went: the bank's answer for a card, the transfer's reference. */
export function ReturnRefund({ record }: { record: AdminReturn }) {
  const translate = useTranslate();
  const { refund } = record;
  return (
    <Section title={t('sections.refund')} testId="return-refund">
      <Value label={t('show.refund_method')}>{translate(t(`methods.${record.refund_method}`))}</Value>
      {!refundsToCard(record) ? (
        <>
          <Value label={t('show.iban')} testId="return-iban">
            {record.iban ? formatIban(record.iban) : '—'}
          </Value>
          <Value label={t('show.account_holder')}>{record.account_holder ?? '—'}</Value>
        </>
      ) : null}
      {refund ? (
        <>
          {refund.at ? <Value label={t('show.refund_at')}>{formatDateTime(refund.at)}</Value> : null}
          {refund.bank_status ? (
            <Value label={t('show.bank_status')} testId="return-bank-status">
              {translate(t(`bank_statuses.${refund.bank_status}`), { _: refund.bank_status })}
            </Value>
          ) : null}
          {refund.bank_answer ? (
            <Value label={t('show.bank_answer')} testId="return-bank-answer">
              {refund.bank_answer}
            </Value>
          ) : null}
          {refund.reference ? (
            <Value label={t('show.reference')} testId="return-reference-value">
              {refund.reference}
            </Value>
          ) : null}
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate(t('show.no_refund'))}
        </Typography>
      )}
      {record.receipt_id ? (
        <Labeled label={t('show.receipt')}>
          <ReturnReceipt receiptId={record.receipt_id} />
        </Labeled>
      ) : record.status === 'refunded' ? (
        <Typography variant="body2" color="text.secondary">
          {translate(t('show.no_receipt'))}
        </Typography>
      ) : null}
    </Section>
  );
}

/** Every step so far, oldest first, with when it was taken. */
export function ReturnTimeline({ record }: { record: AdminReturn }) {
  const translate = useTranslate();
  return (
    <Section title={t('sections.steps')} testId="return-steps">
      <Stepper orientation="vertical" activeStep={record.steps.length} sx={{ '& .MuiStepLabel-root': { py: 0.5 } }}>
        {record.steps.map((step) => (
          <Step key={`${step.status}-${step.at}`} completed>
            <StepLabel
              error={step.status === 'refused'}
              optional={<Typography variant="caption">{formatDateTime(step.at)}</Typography>}
            >
              {translate(t(`statuses.${step.status}`))}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
    </Section>
  );
}
