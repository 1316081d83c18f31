import crypto from 'node:crypto';
import { detailError } from '@kram/contract/common';
import { localizedPath } from '@kram/contract/language-paths';
import { sandboxParams } from '@kram/contract/payments';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptButtonForms } from '../../infra/http/empty-form.ts';
import { webhookPath } from './payments.routes.ts';
import type { PaymentsService } from './payments.service.ts';
import { signBody } from './sandbox-keys.ts';
import { sandboxMissingPage, sandboxPage, sandboxPagePolicy } from './sandbox-page.ts';

/**
 * The sandbox card payment (no MONOBANK_TOKEN): a page at /payment/sandbox/{invoiceId} whose Pay and
 * Decline buttons post here; each sends the webhook Monobank would, signed with the sandbox key, to
 * the webhook endpoint, and returns the shopper to the storefront.
 */
export const sandboxRoutes =
  (payments: PaymentsService, privateKey: crypto.KeyObject): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/payment/sandbox/:invoiceId',
      { schema: { hide: true, params: z.object({ invoiceId: z.string().max(200) }) } },
      async (request, reply) => {
        const nonce = crypto.randomBytes(16).toString('base64');
        const language = request.language;
        const parsed = sandboxParams.safeParse(request.params);
        const invoice = parsed.success ? await payments.sandboxInvoice(parsed.data.invoiceId) : undefined;
        reply
          .header('content-security-policy', sandboxPagePolicy(nonce))
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'same-origin')
          .type('text/html; charset=utf-8');
        if (!invoice) return reply.code(404).send(sandboxMissingPage(language, nonce));
        return reply.send(sandboxPage(language, nonce, invoice));
      },
    );

    await app.register(async (context) => {
      const actions = context.withTypeProvider<ZodTypeProvider>();
      acceptButtonForms(context);
      actions.post(
        '/api/payments/sandbox/:invoiceId/:outcome',
        {
          schema: {
            // The sandbox page's own form, like the page itself: not part of the API clients call.
            hide: true,
            tags: ['payments'],
            summary: 'Sandbox only: pay or decline an invoice, as its page’s buttons do',
            description: 'Answers 303 to /success-order (paid) or back to /checkout (declined).',
            params: sandboxParams.extend({ outcome: z.enum(['success', 'failure']) }),
            response: {
              303: z.null().describe('To /success-order when paid, back to /checkout when declined.'),
              404: detailError.describe('No sandbox invoice has this id.'),
            },
          },
        },
        async (request, reply) => {
          const { invoiceId, outcome } = request.params;
          const done = await payments.sandboxComplete(
            invoiceId,
            outcome,
            (body) => signBody(body, privateKey),
            async (body, xSign) => {
              const res = await app.inject({
                method: 'POST',
                url: webhookPath,
                headers: { 'content-type': 'application/json', 'x-sign': xSign },
                payload: body,
              });
              return res.statusCode;
            },
          );
          // Back to the storefront in the language the order was placed in (decision 029).
          const target = localizedPath(
            done.status === 'success'
              ? `/success-order?order_id=${encodeURIComponent(done.orderId)}`
              : `/checkout?payment=failed&order_id=${encodeURIComponent(done.orderId)}`,
            done.language,
          );
          return reply.redirect(target, 303);
        },
      );
    });
  };
