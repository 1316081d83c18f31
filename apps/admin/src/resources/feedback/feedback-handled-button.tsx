import type { AdminFeedback } from '@kram/contract/admin-inbox';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { AdminDataProvider } from '../../data-provider.ts';
import { DoneIcon } from '../../icons/done.tsx';
import { MarkEmailUnreadIcon } from '../../icons/mark-email-unread.tsx';

/** Marks the message handled (by whoever presses it, now), or back to new. */
export function FeedbackHandledButton() {
  const message = useRecordContext<AdminFeedback>();
  const provider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  if (!message) return null;
  const handled = !message.handled;

  async function toggle() {
    setPending(true);
    try {
      await provider.action('feedback', message?.id, 'handled', { handled });
      notify(`resources.feedback.done.${handled ? 'handled' : 'unhandled'}`, { type: 'info' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setPending(false);
    }
  }

  return (
    <Button
      label={`resources.feedback.actions.${handled ? 'mark_handled' : 'mark_unhandled'}`}
      onClick={toggle}
      disabled={pending}
      variant={handled ? 'contained' : 'text'}
    >
      {handled ? <DoneIcon /> : <MarkEmailUnreadIcon />}
    </Button>
  );
}
