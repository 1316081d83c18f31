import { codeOfMessage } from '@kram/contract/message-codes';
import { useTranslate } from 'react-admin';
import { messageOf, type Translatable } from '../../error-messages.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A problem in words: its text when it has one, else the server's own words as they are. */
export const inWords = (problem: Translatable, translate: Translate): string =>
  translate(problem.message, { _: problem.message, ...problem.args });

/**
 * A CSV row's problem in the back office's language: the server words it with the contract's fixed
 * messages, whose codes have texts; words no catalogue holds are shown as they are.
 */
export function useRowError() {
  const translate = useTranslate();
  return (words: string): string => {
    const code = codeOfMessage(words);
    return inWords(messageOf(code ? { code } : undefined, words), translate);
  };
}
