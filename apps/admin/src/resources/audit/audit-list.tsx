import type { AuditEntry } from '@kram/contract/admin';
import { type Theme, Typography, useMediaQuery } from '@mui/material';
import {
  AutocompleteInput,
  DataTable,
  DateInput,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { auditUk } from '../../i18n/audit.ts';
import { formatDateTime } from '../customers/customer-format.ts';
import { AuditDiffPanel } from './audit-diff-panel.tsx';

const Column = DataTable.Col<AuditEntry>;

const entities = Object.keys(auditUk.audit.entities);

/**
 * An action by its translated name, with the code the log keeps beneath (unknown actions as they
 * are); on a telephone the record it changed is named beneath instead, in place of two columns.
 */
function ActionCell({ entry, compact }: { entry: AuditEntry; compact: boolean }) {
  const translate = useTranslate();
  const name = translate(`resources.audit.actions.${entry.action}`, { _: entry.action });
  const entity = translate(`resources.audit.entities.${entry.entity}`, { _: entry.entity });
  const below = compact ? `${entity} ${entry.entity_id}` : name !== entry.action ? entry.action : undefined;
  return (
    <>
      <Typography variant="body2">{name}</Typography>
      {below && (
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: compact ? undefined : 'monospace' }}>
          {below}
        </Typography>
      )}
    </>
  );
}

function useFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.audit.search')} />,
    <SelectInput
      key="entity"
      source="entity"
      alwaysOn
      choices={entities.map((id) => ({ id, name: translate(`resources.audit.entities.${id}`) }))}
    />,
    <DateInput key="from" source="from" alwaysOn />,
    <DateInput key="to" source="to" alwaysOn />,
    <TextInput key="action" source="action" />,
    <TextInput key="entity_id" source="entity_id" />,
    <ReferenceInput key="actor_id" source="actor_id" reference="customers" filter={{ is_staff: true }}>
      <AutocompleteInput
        label="resources.audit.fields.actor_id"
        optionText="email"
        filterToQuery={(q: string) => ({ q })}
      />
    </ReferenceInput>,
  ];
}

/** Who changed what and when, newest first; open a row to see the record before and after. */
export function AuditList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List exporter={false} filters={useFilters()} sort={{ field: 'created_at', order: 'DESC' }} perPage={50}>
      <DataTable bulkActionButtons={false} rowClick="expand" expand={<AuditDiffPanel />} expandSingle={small}>
        <Column source="created_at" render={(entry) => formatDateTime(entry.created_at)} />
        {!small && <Column source="actor_email" disableSort />}
        <Column source="action" render={(entry) => <ActionCell entry={entry} compact={small} />} />
        {!small && (
          <Column
            source="entity"
            render={(entry) => translate(`resources.audit.entities.${entry.entity}`, { _: entry.entity })}
          />
        )}
        {!small && <Column source="entity_id" disableSort />}
      </DataTable>
    </List>
  );
}
