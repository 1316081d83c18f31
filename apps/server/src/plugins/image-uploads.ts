import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { imageUploadLimits, imageUploadMessages } from '@kram/contract/admin-uploads';
import type { FastifyInstance } from 'fastify';
import { InvalidInput } from '../lib/domain-errors.ts';

/** Multipart forms with one file and a few short fields: anything more is refused with a 413. */
const limits = { fileSize: imageUploadLimits.bytes, files: 1, fields: 8, fieldSize: 1000, parts: 9 };

/**
 * Lets the routes of `app` (a plugin's own context: register upload routes apart from JSON ones)
 * take a multipart form whose fields become the body, the file as its bytes, so the contract's
 * schema validates it like any body. A file over the limit is a field error on `file`, not a 413,
 * so a form can show it beside the file.
 */
export async function acceptImageUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits,
    // The size is checked here instead of thrown by the parser, whose error is a bare 413.
    throwFileSizeLimit: false,
    async onFile(part: MultipartFile) {
      await part.toBuffer();
      if (part.file.truncated) throw new InvalidInput({ [part.fieldname]: [imageUploadMessages.tooLarge] });
    },
  });
}
