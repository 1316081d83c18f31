import { adminFiscalMessages } from '@kram/contract/admin-fiscal';
import { useNotify } from 'react-admin';
import { errorMessage, fieldErrors, type Translatable } from '../../error-messages.ts';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A text of the back office (a key), as opposed to the server's own words. */
const isKey = (message: string) => /^(errors|ra|resources)\./.test(message);

/**
 * The words of a catalogue of the contract's fixed messages in the back office's language: each
 * message's text is under `<prefix>.<its name in snake case>`. The server words its refusals with
 * these messages, so they are known by their words even when the answer names no code for them.
 */
export function catalogueWords(catalogue: Record<string, string>, prefix: string) {
  const keys = new Map(Object.entries(catalogue).map(([name, words]) => [words, `${prefix}.${snake(name)}`]));
  return {
    /** The key of the contract's message with these words, if any. */
    keyOf: (words: string): string | undefined => keys.get(words),
    /** A problem in words: its text, the text of the contract's message it is, else the server's words. */
    inWords(problem: Translatable, translate: Translate): string {
      if (isKey(problem.message)) return translate(problem.message, { _: problem.message, ...problem.args });
      const key = keys.get(problem.message);
      return key ? translate(key) : problem.message;
    },
  };
}

const fiscalWords = catalogueWords(adminFiscalMessages, 'resources.fiscal.errors');

/** What to tell staff when a fiscal call failed: the refusal, or a field's problem, in their language. */
export const fiscalProblem = (error: unknown, translate: Translate): string =>
  fiscalWords.inWords(errorMessage(error, 'fiscal'), translate);

/** A refused save's field problems (a 400) in words, under the fields' names as the server gives them. */
export function fiscalFieldProblems(error: unknown, translate: Translate): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors(error, 'fiscal')).map(([field, problem]) => [
      field,
      fiscalWords.inWords(problem, translate),
    ]),
  );
}

/**
 * Tells staff a problem already in words: react-admin translates what it notifies, so the words go as
 * their own default text, not as a key it would look for.
 */
export function useWordsNotice() {
  const notify = useNotify();
  return (words: string) => notify(words, { type: 'error', messageArgs: { _: words } });
}
