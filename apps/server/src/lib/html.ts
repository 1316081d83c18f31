const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe to put between HTML tags or inside a quoted attribute: the one escaping rule of every
 * HTML the server writes (mails, the sandbox payment page).
 */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => entities[c] as string);
