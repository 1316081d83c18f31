import { Chip, Stack } from '@mui/material';
import { required, TextInput, useNotify, useRedirect, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formatTerms, parseTerms, synonymProblem } from './search-format.ts';

export const synonymsResource = 'search/synonyms';

/** The terms as chips, as search will take them, while they are typed. */
function TermChips() {
  const value = useWatch({ name: 'terms' });
  const terms = [
    ...new Set(parseTerms(typeof value === 'string' ? value : formatTerms(value)).map((t) => t.toLowerCase())),
  ];
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
      {terms.map((term) => (
        <Chip key={term} label={term} size="small" />
      ))}
    </Stack>
  );
}

/** One field of comma-separated terms (a group's list is shown as such), with the chips it makes. */
export function SynonymInputs() {
  return (
    <>
      <TextInput
        source="terms"
        // A stored group is a list; what is typed stays text until it is saved.
        format={(value: unknown) => (Array.isArray(value) ? formatTerms(value) : (value ?? ''))}
        validate={required()}
        helperText="resources.search/synonyms.terms_hint"
        fullWidth
      />
      <TermChips />
    </>
  );
}

/** Runs a save; a refused one comes back as the problem under the terms field. */
export function useSynonymSave(done: string) {
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  return async (save: (terms: string[]) => Promise<unknown>, values: Record<string, unknown>) => {
    try {
      await save(parseTerms(values.terms));
    } catch (error) {
      const problem = synonymProblem(error);
      const text = problem
        ? 'key' in problem
          ? translate(problem.key, problem.args)
          : problem.text
        : error instanceof Error
          ? error.message
          : translate('ra.notification.http_error');
      const body = (error as { body?: unknown } | null)?.body;
      const onTerms = typeof body === 'object' && body !== null && Object.keys(body).some((k) => k.startsWith('terms'));
      if (problem && onTerms) return { terms: text };
      notify(text, { type: 'error' });
      return undefined;
    }
    notify(done, { type: 'info' });
    redirect('list', synonymsResource);
    return undefined;
  };
}
