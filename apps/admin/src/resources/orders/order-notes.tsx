import type { AdminOrder } from '@kram/contract/admin-orders';
import { noteMaxLength } from '@kram/contract/admin-orders';
import { Box, List, ListItem, ListItemText, Button as MuiButton, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../../data-provider.ts';
import { formatDateTime, noteProblem, type Problem } from './order-format.ts';
import { useOrderChange } from './use-order-change.ts';

/** The staff's notes on the order, oldest first, and a form to add one. The customer never sees them. */
export function OrderNotes() {
  const order = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  const provider = useDataProvider<AdminDataProvider>();
  const { run, pending } = useOrderChange();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<Problem>();
  if (!order) return null;

  async function add() {
    if (!order) return;
    const found = noteProblem(text);
    setProblem(found);
    if (found) return;
    if (
      await run(() => provider.action('orders', order.id, 'notes', { text: text.trim() }), 'resources.orders.done.note')
    ) {
      setText('');
    }
  }

  return (
    <Box>
      {order.notes.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.orders.sections.no_notes')}
        </Typography>
      ) : (
        <List dense disablePadding data-testid="order-notes">
          {order.notes.map((note) => (
            <ListItem key={note.id} disableGutters divider>
              <ListItemText
                primary={note.text}
                secondary={`${note.author_email || '—'} · ${formatDateTime(note.created_at)}`}
                slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Stack spacing={1} sx={{ mt: 2, alignItems: 'flex-start' }}>
        <TextField
          fullWidth
          multiline
          minRows={2}
          label={translate('resources.orders.dialogs.note')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={Boolean(problem)}
          helperText={
            problem ? translate(problem.key, problem.values) : translate('resources.orders.dialogs.note_hint')
          }
          slotProps={{ htmlInput: { maxLength: noteMaxLength, 'data-testid': 'order-note-text' } }}
        />
        <MuiButton variant="outlined" onClick={add} disabled={pending} data-testid="order-note-add">
          {translate('resources.orders.actions.add_note')}
        </MuiButton>
      </Stack>
    </Box>
  );
}
