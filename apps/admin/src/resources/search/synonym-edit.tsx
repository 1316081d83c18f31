import type { AdminSynonymGroup } from '@kram/contract/admin-search';
import {
  DeleteWithConfirmButton,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useRecordContext,
  useUpdate,
} from 'react-admin';
import { formatTerms } from './search-format.ts';
import { SynonymInputs, synonymsResource, useSynonymSave } from './synonym-form.tsx';

function SynonymToolbar() {
  const group = useRecordContext<AdminSynonymGroup>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton
        confirmTitle="resources.search/synonyms.confirm.delete_title"
        titleTranslateOptions={{ terms: formatTerms(group?.terms) }}
        confirmContent="resources.search/synonyms.confirm.delete_content"
        mutationMode="pessimistic"
        successMessage="resources.search/synonyms.done.deleted"
      />
    </Toolbar>
  );
}

function SynonymEditForm() {
  const group = useRecordContext<AdminSynonymGroup>();
  const [update] = useUpdate<AdminSynonymGroup>();
  const run = useSynonymSave('resources.search/synonyms.done.updated');
  return (
    <SimpleForm
      onSubmit={(values: Record<string, unknown>) =>
        run(
          (terms) =>
            update(synonymsResource, { id: group?.id, data: { terms }, previousData: group }, { returnPromise: true }),
          values,
        )
      }
      toolbar={<SynonymToolbar />}
      sx={{ maxWidth: 600 }}
    >
      <SynonymInputs />
    </SimpleForm>
  );
}

/** Changes a group's terms, or deletes the group. */
export function SynonymEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SynonymEditForm />
    </Edit>
  );
}
