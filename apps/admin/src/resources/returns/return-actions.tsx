import type { AdminReturn } from '@kram/contract/admin-returns';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useRefresh, useTranslate } from 'react-admin';
import { stepsFrom } from './return-format.ts';
import { ReturnStepDialog } from './return-step-dialog.tsx';
import type { ReturnStepName } from './return-words.ts';

/**
 * The steps the return may take from where it stands: a request is accepted or refused, accepted goods
 * are received (or the return still refused), received goods are refunded. The page reloads after one.
 */
export function ReturnActions({ record }: { record: AdminReturn }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [open, setOpen] = useState<ReturnStepName>();
  const steps = stepsFrom(record.status);
  if (steps.length === 0) return null;
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="return-actions">
        {steps.map((step) => (
          <Button
            key={step}
            variant={step === 'refuse' ? 'outlined' : 'contained'}
            color={step === 'refuse' ? 'error' : 'primary'}
            onClick={() => setOpen(step)}
            data-testid={`return-step-${step}`}
          >
            {translate(`resources.returns.actions.${step}`)}
          </Button>
        ))}
      </Stack>
      {open ? (
        <ReturnStepDialog
          key={open}
          step={open}
          record={record}
          onClose={() => setOpen(undefined)}
          onDone={() => {
            setOpen(undefined);
            refresh();
          }}
        />
      ) : null}
    </>
  );
}
