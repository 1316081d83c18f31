import type { AdminFeedback } from '@kram/contract/admin-inbox';
import { Typography } from '@mui/material';
import {
  Button,
  EmailField,
  FunctionField,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { messages } from '../../i18n/i18n-provider.ts';
import { ReplyIcon } from '../../icons/reply.tsx';
import { formatDateTime } from '../customers/customer-format.ts';
import { replyLink } from './feedback-format.ts';
import { FeedbackHandledButton } from './feedback-handled-button.tsx';
import { FeedbackStatusChip } from './feedback-status.tsx';

/** A reply opens the staff member's mail program, with a subject in the shopper's own language. */
function ReplyButton() {
  const message = useRecordContext<AdminFeedback>();
  if (!message) return null;
  const subject = messages[message.language].resources.feedback.reply_subject;
  return (
    <Button label="resources.feedback.answer" href={replyLink(message.email, subject)} component="a">
      <ReplyIcon />
    </Button>
  );
}

function FeedbackActions() {
  return (
    <TopToolbar>
      <ReplyButton />
      <FeedbackHandledButton />
    </TopToolbar>
  );
}

function Handled() {
  const message = useRecordContext<AdminFeedback>();
  const translate = useTranslate();
  if (!message?.handled_at) return null;
  return (
    <Labeled label="resources.feedback.fields.handled_at">
      <Typography variant="body2">
        {translate('resources.feedback.handled_by', {
          email: message.handled_by_email ?? '—',
          date: formatDateTime(message.handled_at),
        })}
      </Typography>
    </Labeled>
  );
}

function Title() {
  const message = useRecordContext<AdminFeedback>();
  return <>{message ? `${message.name} — ${formatDateTime(message.created_at)}` : ''}</>;
}

/** One message whole, who sent it and how to reach them, and whether someone has handled it. */
export function FeedbackShow() {
  const translate = useTranslate();
  return (
    <Show title={<Title />} actions={<FeedbackActions />}>
      <SimpleShowLayout>
        <FeedbackStatusChip />
        <Handled />
        <TextField source="name" />
        <EmailField source="email" />
        <TextField source="phone_number" emptyText="—" />
        <FunctionField<AdminFeedback>
          source="language"
          render={(message) => translate(`resources.feedback.languages.${message.language}`)}
        />
        <FunctionField<AdminFeedback> source="created_at" render={(message) => formatDateTime(message.created_at)} />
        <FunctionField<AdminFeedback>
          source="message"
          render={(message) => (
            <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: 720 }}>
              {message.message}
            </Typography>
          )}
        />
      </SimpleShowLayout>
    </Show>
  );
}
