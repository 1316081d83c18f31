import type { AdminSynonymGroup } from '@kram/contract/admin-search';
import { Create, SimpleForm, useCreate } from 'react-admin';
import { SynonymInputs, synonymsResource, useSynonymSave } from './synonym-form.tsx';

/** A new synonym group; opened from the insights, it starts with the query that found nothing. */
export function SynonymCreate() {
  const [create] = useCreate<AdminSynonymGroup>();
  const run = useSynonymSave('resources.search/synonyms.done.created');
  return (
    <Create>
      <SimpleForm
        onSubmit={(values: Record<string, unknown>) =>
          run((terms) => create(synonymsResource, { data: { terms } }, { returnPromise: true }), values)
        }
        sx={{ maxWidth: 600 }}
      >
        <SynonymInputs />
      </SimpleForm>
    </Create>
  );
}
