import type { ErrorCode } from '@kram/contract/error-codes';
import { codeOfMessage } from '@kram/contract/message-codes';
import { homeContent } from '@kram/contract/site-content';
import type { z } from 'zod';
import { messageOf, type Translatable } from '../../error-messages.ts';

type Errors = { [key: string]: Errors | Errors[] | Translatable };

/**
 * A problem the contract's schema finds in the browser, by the code the server gives the same problem:
 * a text too long names its maximum (`home_content.too_long`), any other message is the catalogue's.
 */
function issueCode(issue: z.core.$ZodIssue): ErrorCode {
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return { code: 'home_content.too_long', params: { max: Number(issue.maximum) } };
  }
  return { code: codeOfMessage(issue.message) ?? `zod.${issue.code}` };
}

/**
 * The form's problems by the contract's own schema, shaped like the form's values, as react-admin's
 * `validate` takes them. A list gets an entry for each item ({} when it is fine), as react-admin
 * walks lists item by item.
 */
export function validateHomeContent(values: unknown): Errors {
  const result = homeContent.safeParse(values);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map((part) => (typeof part === 'number' ? part : String(part)));
    if (path.length === 0) continue;
    let node: Errors | Errors[] = errors;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[part] ??= messageOf(issueCode(issue), issue.message, 'home_content');
        return;
      }
      container[part] ??= typeof path[i + 1] === 'number' ? [] : {};
      node = container[part] as Errors | Errors[];
    });
  }
  const tiles = errors.tiles;
  if (Array.isArray(tiles)) for (let i = 0; i < 3; i++) tiles[i] ??= {};
  return errors;
}
