/**
 * A place name (city, branch) folded for look-ups: lower case (in JavaScript, since PostgreSQL's lower() depends on the
 * database locale), one apostrophe for the several in use (Кам'янське, Кам’янське), ё as е, single
 * spaces. Names and the typed text are folded alike.
 */
export function foldPlaceName(value: string): string {
  return value
    .toLowerCase()
    .replace(/[’ʼ`´‘]/g, "'")
    .replace(/ё/g, 'е')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Escapes LIKE's wildcards in typed text. */
export const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
