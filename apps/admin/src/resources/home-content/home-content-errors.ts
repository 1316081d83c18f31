import { imageUploadMessages } from '@kram/contract/admin-uploads';
import { homeContent, homeContentMessages } from '@kram/contract/site-content';

/** A message to show: a translation key and its arguments, or the server's own words (no key known). */
export interface Problem {
  message: string;
  args: Record<string, string | number>;
}

const prefix = 'resources.home_content.errors.';

// The contract names problems in English; each one this screen can meet has its translation.
const exact: Record<string, string> = {
  [homeContentMessages.required]: 'required',
  [homeContentMessages.link]: 'link',
  [homeContentMessages.image]: 'image',
  [homeContentMessages.missingImage]: 'missing_image',
  [homeContentMessages.tiles]: 'tiles',
  [imageUploadMessages.required]: 'file_required',
  [imageUploadMessages.notAnImage]: 'not_an_image',
  [imageUploadMessages.tooLarge]: 'too_large',
  [imageUploadMessages.damaged]: 'damaged',
};

/** One message of the contract or the server in the back office's language (as a key with its values). */
export function homeProblem(message: string): Problem {
  const key = exact[message];
  if (key) return { message: prefix + key, args: {} };
  const tooLong = /^Ensure this field has no more than (\d+) characters\.$/.exec(message);
  if (tooLong) return { message: `${prefix}too_long`, args: { max: Number(tooLong[1]) } };
  if (message.startsWith(imageUploadMessages.tooManyPixels)) {
    const size = /\((\d+) × (\d+)/.exec(message);
    return { message: `${prefix}too_many_pixels`, args: { width: size?.[1] ?? '?', height: size?.[2] ?? '?' } };
  }
  return { message, args: {} };
}

type Errors = { [key: string]: Errors | Errors[] | Problem };

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
        container[part] ??= homeProblem(issue.message);
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

/** The server's field errors (`{"tiles.0.link": ["…"]}`) as the form's paths and messages. */
export function serverFieldErrors(body: unknown): [path: string, problem: Problem][] {
  if (typeof body !== 'object' || body === null) return [];
  return Object.entries(body as Record<string, unknown>).flatMap(([path, messages]) =>
    Array.isArray(messages) && typeof messages[0] === 'string' ? [[path, homeProblem(messages[0])]] : [],
  );
}
