import type { AdminSynonymGroup } from '@kram/contract/admin-search';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { CreateButton, DataTable, DateField, List, SearchInput, useTranslate } from 'react-admin';

const Column = DataTable.Col<AdminSynonymGroup>;

function Terms({ group }: { group: AdminSynonymGroup }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {group.terms.map((term) => (
        <Chip key={term} label={term} size="small" />
      ))}
    </Stack>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', m: 4 }}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('resources.search/synonyms.empty')}
      </Typography>
      <CreateButton />
    </Box>
  );
}

/** The shop's synonym groups; the search finds groups with a term containing the text. */
export function SynonymList() {
  return (
    <List
      exporter={false}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'updated_at', order: 'DESC' }}
      perPage={50}
      empty={<Empty />}
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <Column source="terms" render={(group) => <Terms group={group} />} disableSort />
        <Column source="updated_at" render={(group) => <DateField record={group} source="updated_at" showTime />} />
      </DataTable>
    </List>
  );
}
