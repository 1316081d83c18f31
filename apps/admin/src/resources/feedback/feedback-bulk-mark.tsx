import { Button, useListContext, useNotify, useRefresh, useUpdateMany } from 'react-admin';
import { DoneAllIcon } from '../../icons/done-all.tsx';
import { MarkEmailUnreadIcon } from '../../icons/mark-email-unread.tsx';

/**
 * Marks the ticked messages handled, or back to new, in one call (POST /feedback/bulk/). No
 * confirmation: the change is undone the same way.
 */
export function FeedbackBulkMark({ handled }: { handled: boolean }) {
  const { selectedIds, onUnselectItems } = useListContext();
  const [updateMany, { isPending }] = useUpdateMany();
  const notify = useNotify();
  const refresh = useRefresh();
  const mark = () =>
    updateMany(
      'feedback',
      { ids: selectedIds, data: { handled } },
      {
        mutationMode: 'pessimistic',
        onSuccess: (ids) => {
          notify(`resources.feedback.done.${handled ? 'bulk_handled' : 'bulk_unhandled'}`, {
            type: 'info',
            messageArgs: { smart_count: ids?.length ?? 0 },
          });
          onUnselectItems();
          refresh();
        },
        onError: (error) =>
          notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' }),
      },
    );
  return (
    <Button
      label={`resources.feedback.actions.${handled ? 'mark_handled' : 'mark_unhandled'}`}
      onClick={mark}
      disabled={isPending}
    >
      {handled ? <DoneAllIcon /> : <MarkEmailUnreadIcon />}
    </Button>
  );
}
