import type { AdminFeedback } from '@kram/contract/admin-inbox';
import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, SearchInput, SelectInput, SimpleList, useTranslate } from 'react-admin';
import { formatDateTime } from '../customers/customer-format.ts';
import { FeedbackBulkMark } from './feedback-bulk-mark.tsx';
import { excerpt } from './feedback-format.ts';
import { FeedbackStatusChip } from './feedback-status.tsx';

const Column = DataTable.Col<AdminFeedback>;

function useFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.feedback.search')} />,
    <SelectInput
      key="handled"
      source="handled"
      alwaysOn
      choices={[
        { id: 'false', name: translate('resources.feedback.filters.unhandled') },
        { id: 'true', name: translate('resources.feedback.filters.handled') },
      ]}
    />,
  ];
}

/** The ticked messages marked handled, or back to new. */
function BulkMarkButtons() {
  return (
    <>
      <FeedbackBulkMark handled />
      <FeedbackBulkMark handled={false} />
    </>
  );
}

/** The contact form's messages: new ones first, then the newest; open one to read and mark it. */
export function FeedbackList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      exporter={false}
      filters={useFilters()}
      // No sort: the API puts the messages nobody has handled first.
      sort={{ field: '', order: 'ASC' }}
      perPage={25}
    >
      {small ? (
        <SimpleList<AdminFeedback>
          primaryText={(message) => (
            <>
              {message.name} <FeedbackStatusChip />
            </>
          )}
          secondaryText={(message) => excerpt(message.message, 80)}
          tertiaryText={(message) => formatDateTime(message.created_at)}
          linkType="show"
        />
      ) : (
        <DataTable
          rowClick="show"
          bulkActionButtons={<BulkMarkButtons />}
          rowSx={(message: AdminFeedback) => ({ '& td': { fontWeight: message.handled ? 400 : 600 } })}
        >
          <Column source="handled" disableSort field={FeedbackStatusChip} />
          <Column source="created_at" render={(message) => formatDateTime(message.created_at)} />
          <Column source="name" />
          <Column source="email" />
          <Column source="message" disableSort render={(message) => excerpt(message.message)} />
          <Column source="language" disableSort render={(message) => message.language.toUpperCase()} />
        </DataTable>
      )}
    </List>
  );
}
