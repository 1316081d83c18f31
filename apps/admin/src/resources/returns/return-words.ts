import { returnMessages } from '@kram/contract/returns';
import { errorMessage, fieldErrors } from '../../error-messages.ts';
import { catalogueWords, type Translate } from '../fiscal/fiscal-words.ts';

const returnWords = catalogueWords(returnMessages, 'resources.returns.errors');

/** A step of a return as the back office takes it. */
export type ReturnStepName = 'accept' | 'refuse' | 'receive' | 'refund';

/** What went wrong with a step: the fields at fault (a 400) and what to say of the step as a whole. */
export interface StepProblem {
  fields: Record<string, string>;
  general?: string;
}

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

/**
 * A refused step in the manager's language. A card refund the bank refused is a 409 with the bank's
 * words, which are shown as the bank gave them; a bank that did not answer is a 502.
 */
export function stepProblem(error: unknown, translate: Translate, step: ReturnStepName): StepProblem {
  const fields = Object.fromEntries(
    Object.entries(fieldErrors(error, 'returns')).map(([field, problem]) => [
      field,
      returnWords.inWords(problem, translate),
    ]),
  );
  if (Object.keys(fields).length > 0) return { fields };
  const problem = errorMessage(error, 'returns');
  const words = problem.message;
  const known = returnWords.keyOf(words);
  if (known) return { fields, general: translate(known) };
  const status = statusOf(error);
  if (step === 'refund' && status === 502) return { fields, general: translate('resources.returns.errors.bank_down') };
  if (step === 'refund' && status === 409) {
    // The bank's own words, after the shop's sentence when the server put one before them.
    const stem = returnMessages.bankRefused.replace(/\.$/, '');
    const bank = words.startsWith(stem) ? words.slice(stem.length).replace(/^[\s.:;—-]+/, '') : words;
    return {
      fields,
      general: bank
        ? translate('resources.returns.errors.bank_refused_with', { words: bank })
        : translate('resources.returns.errors.bank_refused'),
    };
  }
  return { fields, general: returnWords.inWords(problem, translate) };
}
