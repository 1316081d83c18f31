import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CheckboxSandbox } from './checkbox-sandbox.ts';
import { sandboxReceiptPage, sandboxReceiptPdf } from './receipt-print.ts';

/** The page takes no script, no image and no frame: its one style block carries the request's nonce. */
const policy = (nonce: string) =>
  [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

const missingPage =
  '<!doctype html><html lang="uk"><head><meta charset="utf-8"><meta name="robots" content="noindex">' +
  '<title>Чек не знайдено</title></head><body><p>Чек не знайдено або його ще не фіскалізовано.</p></body></html>';

export const sandboxReceiptPath = (id: string) => `/fiscal/sandbox/receipts/${encodeURIComponent(id)}`;

/**
 * The stand-in's public receipt pages (no Checkbox licence key): what the register's own receipt site
 * shows the buyer, as HTML and as a PDF, for the receipts the stand-in fiscalised.
 */
export const sandboxReceiptRoutes =
  (sandbox: CheckboxSandbox): FastifyPluginAsyncZod =>
  async (app) => {
    const params = z.object({ id: z.string().max(100) });

    app.get('/fiscal/sandbox/receipts/:id', { schema: { hide: true, params } }, async (request, reply) => {
      const nonce = crypto.randomBytes(16).toString('base64');
      const receipt = await sandbox.fiscalised(request.params.id);
      reply
        .header('content-security-policy', policy(nonce))
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'same-origin')
        .type('text/html; charset=utf-8');
      if (!receipt) return reply.code(404).send(missingPage);
      return reply.send(sandboxReceiptPage(receipt, nonce, `${sandboxReceiptPath(receipt.id)}/pdf`));
    });

    app.get('/fiscal/sandbox/receipts/:id/pdf', { schema: { hide: true, params } }, async (request, reply) => {
      const receipt = await sandbox.fiscalised(request.params.id);
      if (!receipt) {
        return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(missingPage);
      }
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="receipt-${receipt.id}.pdf"`)
        .send(Buffer.from(sandboxReceiptPdf(receipt)));
    });
  };
