import { adminCatalogCodes, adminCatalogMessages } from '@kram/contract/admin-catalog';

interface ApiError {
  status?: number;
  body?: unknown;
}

const bodyOf = (error: unknown): Record<string, unknown> => {
  const body = (error as ApiError | null)?.body;
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
};

// The server names field problems in English; each one a form can meet has its translation here.
const fieldMessages: Record<string, string> = {
  [adminCatalogMessages.required]: 'resources.categories.errors.required',
  [adminCatalogMessages.blank]: 'resources.categories.errors.blank',
  [adminCatalogMessages.slugFormat]: 'resources.categories.errors.slug_format',
  [adminCatalogMessages.slugTaken]: 'resources.categories.errors.slug_taken',
  [adminCatalogMessages.noSuchParent]: 'resources.categories.errors.no_such_parent',
  [adminCatalogMessages.tooDeep]: 'resources.categories.errors.too_deep',
  [adminCatalogMessages.underItself]: 'resources.categories.errors.under_itself',
  [adminCatalogMessages.orderNotWhole]: 'resources.categories.errors.order_not_whole',
  [adminCatalogMessages.sizeTaken]: 'resources.sizes.errors.taken',
};

const refusals: Record<string, string> = {
  [adminCatalogCodes.categoryHoldsProducts]: 'resources.categories.errors.holds_products',
  [adminCatalogCodes.categoryHasSubcategories]: 'resources.categories.errors.has_subcategories',
  [adminCatalogCodes.sizeInUse]: 'resources.sizes.errors.in_use',
};

/**
 * A 400's field errors as a form shows them: each field's first message, as a translation key when
 * it is a known one, else as the server wrote it. Empty when the error has none.
 */
export function catalogFieldErrors(error: unknown): Record<string, string> {
  if ((error as ApiError | null)?.status !== 400) return {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(bodyOf(error))) {
    // `errors` is the client's own copy; a problem of no single field is told, not put under an input.
    if (field === 'errors' || field === 'non_field_errors' || !Array.isArray(messages)) continue;
    const first = messages.find((message): message is string => typeof message === 'string');
    if (first) errors[field] = fieldMessages[first] ?? first;
  }
  return errors;
}

/** The translation key of a refused deletion (409, by its `code`), or undefined. */
export function catalogRefusalKey(error: unknown): string | undefined {
  const code = bodyOf(error).code;
  return typeof code === 'string' ? refusals[code] : undefined;
}

/** What to tell staff when a change failed: the translated rule, a field's message, or the server's words. */
export function catalogErrorMessage(error: unknown): string {
  return (
    catalogRefusalKey(error) ??
    Object.values(catalogFieldErrors(error))[0] ??
    (error instanceof Error ? error.message : 'ra.notification.http_error')
  );
}
