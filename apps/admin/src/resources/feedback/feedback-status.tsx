import type { AdminFeedback } from '@kram/contract/admin-inbox';
import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** New (nobody has handled it) or handled. */
export function FeedbackStatusChip() {
  const message = useRecordContext<AdminFeedback>();
  const translate = useTranslate();
  if (!message) return null;
  return (
    <Chip
      size="small"
      color={message.handled ? 'default' : 'warning'}
      variant={message.handled ? 'outlined' : 'filled'}
      label={translate(`resources.feedback.status.${message.handled ? 'handled' : 'new'}`)}
    />
  );
}
