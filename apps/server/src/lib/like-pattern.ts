/** A LIKE/ILIKE pattern that finds `text` anywhere, its `%`, `_` and `\` taken literally. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
