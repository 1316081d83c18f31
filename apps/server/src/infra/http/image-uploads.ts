import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import { imageUploadLimits, imageUploadMessages } from '@kram/contract/admin-uploads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, InvalidInput, RuleViolation } from '../../lib/domain-errors.ts';

/** Multipart forms with one file and a few short fields. */
const limits = { fileSize: imageUploadLimits.bytes, files: 1, fields: 8, fieldSize: 1000, parts: 9 };

/** What a form that cannot be read is answered with: a 400 `{"detail": …}`, as any malformed body. */
export const uploadFormMessages = {
  malformed: 'The request body is not a well-formed multipart/form-data form.',
  tooManyParts: `An upload is one file and at most ${limits.fields} short fields.`,
  fieldTooLong: `Ensure this field has no more than ${limits.fieldSize} characters.`,
} as const;

/** The parser's limits: a second file, a ninth field, a tenth part. */
const limitErrors = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * Lets the routes of `app` (a plugin's own context: register upload routes apart from JSON ones)
 * take a multipart form whose fields become the body, the file as its bytes, so the contract's
 * schema validates it like any body. A file over the limit is a field error on `file`, not a 413,
 * so a form can show it beside the file. A body that is not a readable form (no or a wrong boundary,
 * cut short, more parts than an upload has) is the client's fault: a 400, never a 500.
 */
export async function acceptImageUploads(app: FastifyInstance): Promise<void> {
  // The size is checked below instead of thrown by the parser, whose error is a bare 413.
  await app.register(fastifyMultipart, { limits, throwFileSizeLimit: false });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = await readForm(request);
  });
}

/** The form as a body: each field's text, the file's bytes; a name sent twice holds a list. */
async function readForm(request: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const add = (name: string, value: unknown) => {
    const before = body[name];
    body[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  };
  let parts = 0;
  try {
    for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
      parts += 1;
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new InvalidInput({ [part.fieldname]: [imageUploadMessages.tooLarge] });
        add(part.fieldname, bytes);
      } else {
        if (part.valueTruncated) throw new InvalidInput({ [part.fieldname]: [uploadFormMessages.fieldTooLong] });
        add(part.fieldname, part.value);
      }
    }
  } catch (error) {
    throw formError(error);
  }
  // The parser takes a body in which no boundary ever comes (JSON sent as a form) for an empty form.
  if (parts === 0) throw new RuleViolation(uploadFormMessages.malformed);
  return body;
}

/**
 * Whatever stops a form from being read, answered as the client's fault. The parser (busboy) raises
 * plain errors for a body that does not follow its boundary ("Unexpected end of multipart data",
 * "Malformed part header", a missing or overlong boundary), and coded ones for its limits, a field
 * named like a prototype key or a JSON field that is not JSON.
 */
function formError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && limitErrors.has(code)) return new RuleViolation(uploadFormMessages.tooManyParts);
  return new RuleViolation(uploadFormMessages.malformed);
}
