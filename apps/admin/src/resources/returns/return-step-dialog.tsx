import type { AdminReturn } from '@kram/contract/admin-returns';
import { returnAccept, returnReceive, returnRefund, returnRefuse } from '@kram/contract/endpoints/admin';
import { type RefusalReason, refusalReasons } from '@kram/contract/returns';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import { formatHryvnias } from '../orders/order-format.ts';
import { refundsToCard } from './return-format.ts';
import { type ReturnStepName, stepProblem } from './return-words.ts';

const t = (key: string) => `resources.returns.${key}`;

/** What the dialog asks: a note for any step, a refusal's reason, a transfer's reference. */
interface StepForm {
  note: string;
  reason: RefusalReason | '';
  reference: string;
}

const doneKeys: Record<ReturnStepName, string> = {
  accept: t('done.accepted'),
  refuse: t('done.refused'),
  receive: t('done.received'),
  refund: t('done.refunded'),
};

/** The step's call, with only what was filled in. */
function takeStep(step: ReturnStepName, id: string, form: StepForm) {
  const note = form.note.trim() ? { note: form.note.trim() } : {};
  const params = { id };
  switch (step) {
    case 'accept':
      return api.call(returnAccept, { params, body: note });
    case 'receive':
      return api.call(returnReceive, { params, body: note });
    case 'refuse':
      return api.call(returnRefuse, { params, body: { reason: form.reason as RefusalReason, ...note } });
    case 'refund':
      return api.call(returnRefund, {
        params,
        body: form.reference.trim() ? { reference: form.reference.trim() } : {},
      });
  }
}

/** The problems the form has before anything is sent: a refusal needs its reason, a transfer its reference. */
function formProblems(step: ReturnStepName, record: AdminReturn, form: StepForm): Record<string, string> {
  const problems: Record<string, string> = {};
  if (step === 'refuse' && !form.reason) problems.reason = t('dialogs.reason_required');
  if (step === 'refund' && !refundsToCard(record) && !form.reference.trim()) {
    problems.reference = t('dialogs.reference_required');
  }
  return problems;
}

/**
 * One step of a return, confirmed in a dialog that says what it does: a refusal names one of the
 * terms' reasons; a card refund names the amount going back to the card through Monobank; a cash
 * order's refund is a bank transfer the manager made, named by its reference. What the server or the
 * bank refused stays in the dialog, in the manager's language; a step taken closes it.
 */
export function ReturnStepDialog({
  step,
  record,
  onClose,
  onDone,
}: {
  step: ReturnStepName;
  record: AdminReturn;
  onClose: () => void;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const [form, setForm] = useState<StepForm>({ note: '', reason: '', reference: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string>();
  const [pending, setPending] = useState(false);
  const amount = formatHryvnias(record.refund_amount);

  const change = (values: Partial<StepForm>) => {
    setForm((previous) => ({ ...previous, ...values }));
    setErrors((previous) => {
      const left = { ...previous };
      for (const key of Object.keys(values)) delete left[key];
      return left;
    });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = formProblems(step, record, form);
    if (Object.keys(problems).length > 0) {
      setErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, translate(key)])));
      return;
    }
    setPending(true);
    setGeneral(undefined);
    try {
      await takeStep(step, record.id, form);
      notify(doneKeys[step], { type: 'info' });
      onDone();
    } catch (error) {
      const problem = stepProblem(error, translate, step);
      setErrors(problem.fields);
      // A field the dialog does not show is told with the rest.
      const shown = ['note', 'reason', 'reference'];
      const hidden = Object.entries(problem.fields).filter(([field]) => !shown.includes(field));
      const said = [problem.general, ...hidden.map(([, words]) => words)].filter(Boolean).join(' ');
      setGeneral(said || undefined);
    } finally {
      setPending(false);
    }
  }

  const text = (() => {
    switch (step) {
      case 'accept':
        return translate(t('dialogs.accept_content'));
      case 'refuse':
        return translate(t('dialogs.refuse_content'));
      case 'receive':
        return translate(t('dialogs.receive_content'));
      case 'refund':
        return translate(t(refundsToCard(record) ? 'dialogs.refund_card' : 'dialogs.refund_transfer'), { amount });
    }
  })();

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate data-testid="return-dialog">
        <DialogTitle id={titleId}>{translate(t(`dialogs.${step}_title`), { number: record.number })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText data-testid="return-dialog-text">{text}</DialogContentText>
            {step === 'refuse' ? (
              <FormControl error={Boolean(errors.reason)} required>
                <FormLabel id={`${titleId}-reason`}>{translate(t('dialogs.reason'))}</FormLabel>
                <RadioGroup
                  aria-labelledby={`${titleId}-reason`}
                  value={form.reason}
                  onChange={(event) => change({ reason: event.target.value as RefusalReason })}
                >
                  {refusalReasons.map((reason) => (
                    <FormControlLabel
                      key={reason}
                      value={reason}
                      control={<Radio />}
                      label={translate(t(`refusal_reasons.${reason}`))}
                    />
                  ))}
                </RadioGroup>
                {errors.reason ? (
                  <FormHelperText data-testid="return-reason-error">{errors.reason}</FormHelperText>
                ) : null}
              </FormControl>
            ) : null}
            {step === 'refund' && !refundsToCard(record) ? (
              <TextField
                required
                size="small"
                label={translate(t('dialogs.reference'))}
                value={form.reference}
                onChange={(event) => change({ reference: event.target.value })}
                error={Boolean(errors.reference)}
                helperText={errors.reference ?? ' '}
                slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'return-reference' } }}
              />
            ) : null}
            {step !== 'refund' ? (
              <TextField
                size="small"
                multiline
                minRows={2}
                label={translate(t('dialogs.note'))}
                value={form.note}
                onChange={(event) => change({ note: event.target.value })}
                error={Boolean(errors.note)}
                helperText={errors.note ?? ' '}
                slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'return-note' } }}
              />
            ) : null}
            {general ? (
              <Alert severity="error" data-testid="return-dialog-error">
                {general}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {translate(t('dialogs.cancel'))}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={step === 'refuse' ? 'error' : 'primary'}
            disabled={pending}
            data-testid="return-dialog-confirm"
          >
            {translate(t(`actions.${step}`))}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
