import { staffCodes, staffMessages } from '@kram/contract/admin-staff';

const refusals: Record<string, string> = {
  [staffCodes.ownAccount]: 'resources.staff.errors.own_account',
  [staffCodes.lastSuperuser]: 'resources.staff.errors.last_superuser',
};

// The server names field problems in English; each has its translation here.
const fieldMessages: Record<string, string> = {
  [staffMessages.noAccount]: 'resources.staff.errors.no_account',
  [staffMessages.alreadyStaff]: 'resources.staff.errors.already_staff',
  [staffMessages.blocked]: 'resources.staff.errors.blocked',
  [staffMessages.superuserIsStaff]: 'resources.staff.errors.superuser_is_staff',
};

const bodyOf = (error: unknown): Record<string, unknown> => {
  const body = (error as { body?: unknown } | null)?.body;
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
};

/** The translation key for a refused change of staff flags (409 by `code`), or undefined. */
export function staffRefusalKey(error: unknown): string | undefined {
  const code = bodyOf(error).code;
  return typeof code === 'string' ? refusals[code] : undefined;
}

/**
 * A 400's field errors as a form shows them: each field's first message as a translation key when
 * it is one of the known ones, else as the server wrote it. Empty when the error has none.
 */
export function staffFieldErrors(error: unknown): Record<string, string> {
  if ((error as { status?: number } | null)?.status !== 400) return {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(bodyOf(error))) {
    if (field === 'errors' || !Array.isArray(messages)) continue;
    const first = messages.find((message): message is string => typeof message === 'string');
    if (first) errors[field] = fieldMessages[first] ?? first;
  }
  return errors;
}
