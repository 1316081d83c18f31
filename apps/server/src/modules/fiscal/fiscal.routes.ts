import crypto from 'node:crypto';
import { detailError } from '@kram/contract/common';
import { orderReceipts, orderReceiptsParams } from '@kram/contract/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FiscalService } from './fiscal.service.ts';
import { receiptPagePolicy, receiptWaitPage } from './receipt-page.ts';

/** The shop API's receipts call, under /api. */
export const fiscalRoutes =
  (fiscal: FiscalService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/orders/:order_id/receipts/',
      {
        schema: {
          tags: ['orders'],
          summary: 'An order’s fiscal receipts, for whoever holds its id',
          description:
            'Each receipt with its fiscal code and links once the cash register has fiscalised it; `by_carrier` ' +
            'when a cash-on-delivery parcel’s receipt is the carrier’s.',
          params: orderReceiptsParams,
          response: { 200: orderReceipts, 404: detailError.describe('No order has this id.') },
        },
      },
      async (request) => fiscal.orderReceipts(request.params.order_id),
    );
  };

const pageParams = z.object({ order_id: z.string().max(100) });

/**
 * The buyer's link to the receipt (from the payment mail): to the register's page once it is
 * fiscalised, else a page saying why there is none yet; and a fiscalised receipt's PDF.
 */
export const receiptPageRoutes =
  (fiscal: FiscalService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/receipt/:order_id', { schema: { hide: true, params: pageParams } }, async (request, reply) => {
      const link = await fiscal.buyerLink(request.params.order_id);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'same-origin');
      if (link && 'url' in link) return reply.redirect(link.url, 302);
      const nonce = crypto.randomBytes(16).toString('base64');
      reply.header('content-security-policy', receiptPagePolicy(nonce)).type('text/html; charset=utf-8');
      if (!link) return reply.code(404).send(receiptWaitPage(request.language, nonce, 'missing'));
      return reply.send(receiptWaitPage(link.order.language, nonce, link.state, link.order.id));
    });

    app.get(
      '/receipt/:order_id/:receipt_id/pdf',
      { schema: { hide: true, params: pageParams.extend({ receipt_id: z.string().max(100) }) } },
      async (request, reply) => {
        const file = await fiscal.receiptPdf(request.params.order_id, request.params.receipt_id);
        if (!file) {
          const nonce = crypto.randomBytes(16).toString('base64');
          return reply
            .code(404)
            .header('content-security-policy', receiptPagePolicy(nonce))
            .type('text/html; charset=utf-8')
            .send(receiptWaitPage(request.language, nonce, 'missing'));
        }
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, max-age=3600')
          .header('content-disposition', `inline; filename="receipt-${request.params.receipt_id}.pdf"`)
          .send(Buffer.from(file));
      },
    );
  };
