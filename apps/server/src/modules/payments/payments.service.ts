import { localizedPath } from '@kram/contract/language-paths';
import { defaultLanguage, type Language } from '@kram/contract/languages';
import { formatMoney, parseMoney } from '@kram/contract/money';
import { orderNumber } from '@kram/contract/orders';
import { type MonobankWebhook, monobankWebhook, uahCurrencyCode } from '@kram/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { Conflict, NotFound, RuleViolation, Unavailable, UpstreamFailed } from '../../lib/domain-errors.ts';
import { type CancelAnswer, type CancelItem, type CardProvider, ProviderRefusal } from './card-provider.ts';
import { finalInvoiceStatuses, invoiceStatusesBefore } from './invoice-status.ts';
import type { PaymentRow, PaymentsRepository } from './payments.repository.ts';
import type { WebhookVerifier } from './webhook-verifier.ts';

export const paymentMessages = {
  badSignature: 'Invalid signature.',
  badBody: 'The webhook body is not a Monobank invoice status.',
  unknownInvoice: 'Unknown invoice.',
  wrongOrder: 'The invoice does not belong to this order.',
  wrongAmount: 'The amount does not match the invoice.',
  wrongCurrency: 'The currency does not match the invoice.',
  providerDown: 'The card payment service is not available. Please try again in a few minutes.',
  cardOff: 'Card payment is not available in this shop yet. Please choose payment on receipt.',
  refundOff: 'Card payment is not configured: the bank cannot be asked for the refund.',
  refundNoInvoice: 'The order has no paid card invoice to refund.',
  refundOtherProvider: 'The order was paid through another card service than the one configured now.',
} as const;

/** A refund of (part of) an order's card payment: the goods given back and what they cost. */
export interface RefundRequest {
  /** In kopiyky. */
  amount: number;
  /** Our id of the refund (a return's): the bank keeps it, and a lost answer is looked up by it. */
  reference: string;
  items: CancelItem[];
}

/**
 * What the bank said of a refund: done or under way (`full` when it gave back the whole invoice), or
 * refused with its words. `answer` is its answer as it came, for the record.
 */
export type RefundOutcome =
  | { outcome: 'success' | 'processing'; answer: string; full: boolean }
  | { outcome: 'refused'; answer: string; text: string };

/** What an invoice is opened for: the order as priced, in the language it was placed in. */
export interface InvoiceOrder {
  id: string;
  amount: string;
  language: Language;
  lines: readonly InvoiceLine[];
}

export interface InvoiceLine {
  name: string;
  quantity: number;
  /** The unit price. */
  price: string;
  sku: string;
  productId: number | null;
}

/**
 * Who is told what happens to an order's invoice (the orders module registers itself at wiring time):
 * payments settles invoices and reports a payment; what it means for the order is not its business.
 */
export interface PaymentFollower {
  /**
   * The invoice of `orderId` was paid, in `tx`. Answers what to announce once `tx` has committed, or
   * undefined when the order could not take the payment (it was cancelled meanwhile).
   */
  paid(orderId: string, tx: Executor): Promise<(() => Promise<void>) | undefined>;
  /** The language the order was placed in: the sandbox returns its buyer to the pages in it. */
  languageOf(orderId: string): Promise<Language | undefined>;
}

export interface OpenedInvoice {
  payment: PaymentRow;
  /** False when the order had its invoice already (a retried checkout). */
  created: boolean;
}

export interface PaymentsDeps {
  repo: PaymentsRepository;
  /** None: card payment is not configured, and every card order is refused before it is placed. */
  provider: CardProvider | undefined;
  verifier: WebhookVerifier;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export interface WebhookOutcome {
  /** False for stale and repeated updates: recorded, nothing changed. */
  applied: boolean;
}

/** What one line was paid: `unit` kopiyky a unit, and `dearer` of its units one kopiyka more. */
export interface PaidPrice {
  unit: number;
  dearer: number;
}

/**
 * What each line of the order was paid per unit. A promo code's discount (the lines' sum less the
 * order's amount) is shared out over the lines in proportion to their totals, so the lines add up to
 * the amount paid to the kopiyka, as the fiscal receipt made from them must; a line whose discounted
 * total does not divide by its quantity has some units a kopiyka dearer than the others.
 */
export function paidPrices(order: {
  amount: string;
  lines: readonly Pick<InvoiceLine, 'price' | 'quantity'>[];
}): PaidPrice[] {
  const totals = order.lines.map((line) => parseMoney(line.price) * line.quantity);
  const full = totals.reduce((a, b) => a + b, 0);
  const discount = Math.max(0, full - parseMoney(order.amount));
  // Largest remainders: the shares are whole kopiyky and add up to the discount exactly.
  const exact = totals.map((t) => (full === 0 ? 0 : (t * discount) / full));
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((a, b) => a + b, 0);
  for (const i of exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0])) {
    if (left <= 0) break;
    shares[i[1]] = (shares[i[1]] ?? 0) + 1;
    left--;
  }
  return order.lines.map((line, i) => {
    const total = (totals[i] ?? 0) - (shares[i] ?? 0);
    const unit = Math.floor(total / line.quantity);
    return { unit, dearer: total - unit * line.quantity };
  });
}

/**
 * The invoice's basket: each line at the price the order charges for it (paidPrices), a line with
 * dearer units as two lines.
 */
export function basket(order: InvoiceOrder) {
  const paid = paidPrices(order);
  return order.lines.flatMap((line, i) => {
    const { unit, dearer } = paid[i] ?? { unit: 0, dearer: 0 };
    const item = (qty: number, sum: number) => ({
      name: line.name,
      qty,
      sum,
      total: sum * qty,
      code: line.sku || String(line.productId ?? ''),
      unit: 'шт.',
    });
    return [
      ...(dearer > 0 ? [item(dearer, unit + 1)] : []),
      ...(line.quantity - dearer > 0 ? [item(line.quantity - dearer, unit)] : []),
    ];
  });
}

export function paymentsService({ repo, provider, verifier, publicUrl, log }: PaymentsDeps) {
  const webHookUrl = `${publicUrl}/api/payments/monobank/webhook/`;
  let follower: PaymentFollower | undefined;
  const following = (): PaymentFollower => {
    if (!follower) throw new Error('nobody follows card payments: the orders module registers at wiring time');
    return follower;
  };

  /**
   * The order's invoice, opened at the provider if it has none. `opened` writes in the transaction
   * that saves a new invoice (the order's mails with the payment link), so both are kept or neither.
   */
  async function openInvoice(
    order: InvoiceOrder,
    opened: (payment: PaymentRow, tx: Executor) => Promise<void>,
  ): Promise<OpenedInvoice> {
    if (!provider) throw new Unavailable(paymentMessages.cardOff);
    const existing = await repo.byOrder(order.id);
    if (existing) return { payment: existing, created: false };
    let invoice: { invoiceId: string; pageUrl: string };
    try {
      invoice = await provider.createInvoice({
        amount: parseMoney(order.amount),
        reference: order.id,
        destination: `Оплата замовлення ${orderNumber(order.id)}`,
        basketOrder: basket(order),
        // Back to the success page in the language the order was placed in (decision 029).
        redirectUrl: `${publicUrl}${localizedPath('/success-order', order.language)}?order_id=${order.id}`,
        webHookUrl,
      });
    } catch (error) {
      // The order stays awaiting payment; the same Idempotency-Key retries just the invoice.
      log.error({ err: error, orderId: order.id }, 'card invoice not created');
      throw new UpstreamFailed(paymentMessages.providerDown);
    }
    // Concurrent calls for one order may both reach the provider; the first invoice saved is the
    // order's, and only the call that saved it writes with it.
    const kind = provider.kind;
    return repo.transaction(async (tx) => {
      const saved = await repo.create(
        {
          invoiceId: invoice.invoiceId,
          orderId: order.id,
          provider: kind,
          amount: order.amount,
          pageUrl: invoice.pageUrl,
        },
        tx,
      );
      if (saved.created) await opened(saved.payment, tx);
      return saved;
    });
  }

  /**
   * The order's paid invoice and the provider that can refund it; a Conflict when there is none (card
   * payment not configured, no paid invoice, or one issued by another provider than today's).
   */
  async function refundable(orderId: string): Promise<{ payment: PaymentRow; provider: CardProvider }> {
    if (!provider) throw new Conflict(paymentMessages.refundOff);
    const payment = await repo.byOrder(orderId);
    if (payment?.status !== 'success') throw new Conflict(paymentMessages.refundNoInvoice);
    if (payment.provider !== provider.kind) throw new Conflict(paymentMessages.refundOtherProvider);
    return { payment, provider };
  }

  /**
   * Records the bank's answer to a refund among the invoice's events, and a success that gave back the
   * whole invoice as its move to `reversed`; in one transaction under the invoice's lock.
   */
  async function recordRefund(
    payment: PaymentRow,
    request: Pick<RefundRequest, 'amount' | 'reference'>,
    answer: { status: string; body: string; modifiedDate: string | undefined },
    full: boolean,
  ) {
    const given = answer.modifiedDate ? new Date(answer.modifiedDate) : new Date();
    // Never before the last update applied, so the move to reversed is not taken for a stale one.
    const modifiedAt = new Date(Math.max(Number.isNaN(given.getTime()) ? 0 : given.getTime(), Date.now()));
    await repo.transaction(async (tx) => {
      const locked = await repo.lock(payment.invoiceId, tx);
      if (!locked) return;
      const applied =
        full &&
        answer.status === 'success' &&
        (await repo.transition(
          payment.invoiceId,
          invoiceStatusesBefore('reversed'),
          { status: 'reversed', modifiedAt, failureReason: null },
          tx,
        ));
      await repo.addEvent(
        {
          invoiceId: payment.invoiceId,
          status: applied ? 'reversed' : locked.status,
          amount: formatMoney(request.amount),
          modifiedAt,
          applied,
          body: JSON.stringify({ refund: request.reference, status: answer.status, answer: answer.body }),
        },
        tx,
      );
    });
  }

  const outcomeOf = (answer: CancelAnswer, full: boolean): RefundOutcome =>
    answer.status === 'failure'
      ? { outcome: 'refused', answer: answer.body, text: answer.body }
      : { outcome: answer.status, answer: answer.body, full };

  /** The sandbox page's view of an invoice; undefined unless it is a sandbox invoice. */
  async function sandboxInvoice(invoiceId: string): Promise<PaymentRow | undefined> {
    const payment = await repo.byInvoice(invoiceId);
    return payment?.provider === 'sandbox' ? payment : undefined;
  }

  return {
    /** Registers who hears of payments (the orders module); there is one. */
    follow(next: PaymentFollower): void {
      if (follower) throw new Error('card payments already have their follower');
      follower = next;
    },

    /**
     * Refuses (Unavailable) when card payment is not configured; the checkout asks before it writes a
     * card order, so none waits for a payment that cannot come.
     */
    requireCard(): void {
      if (!provider) throw new Unavailable(paymentMessages.cardOff);
    },

    openInvoice,

    /** Refuses (Conflict) when the order's card payment cannot be refunded through the bank now. */
    async assertRefundable(orderId: string): Promise<void> {
      await refundable(orderId);
    },

    /**
     * Gives back `request.amount` of the order's card payment through the bank: the whole invoice when
     * it is the invoice's amount, else that part, with the goods refunded. Every answer is recorded
     * among the invoice's events; a success for the whole invoice reverses it. A refusal is an outcome
     * (the caller records and reports it); no answer at all is an UpstreamFailed, and what the bank
     * did is then unknown until `findRefund` asks it.
     */
    async refund(orderId: string, request: RefundRequest): Promise<RefundOutcome> {
      const { payment, provider: bank } = await refundable(orderId);
      const full = request.amount === parseMoney(payment.amount);
      let answer: CancelAnswer;
      try {
        answer = await bank.cancelInvoice({
          invoiceId: payment.invoiceId,
          extRef: request.reference,
          ...(full ? {} : { amount: request.amount }),
          items: request.items,
        });
      } catch (error) {
        if (error instanceof ProviderRefusal) {
          const refusal = { status: 'failure', body: error.body, modifiedDate: undefined };
          await recordRefund(payment, request, refusal, full);
          return { outcome: 'refused', answer: error.body, text: error.text };
        }
        log.error({ err: error, orderId, refund: request.reference }, 'refund sent, no answer from the bank');
        throw new UpstreamFailed(paymentMessages.providerDown);
      }
      await recordRefund(payment, request, answer, full);
      return outcomeOf(answer, full);
    },

    /**
     * The refund made with `reference`, as the bank has it now (recorded like an answer); undefined when
     * the bank has none, so it can be asked for again. UpstreamFailed when the bank does not answer.
     */
    async findRefund(orderId: string, request: RefundRequest): Promise<RefundOutcome | undefined> {
      if (!provider) throw new Conflict(paymentMessages.refundOff);
      const payment = await repo.byOrder(orderId);
      if (!payment || payment.provider !== provider.kind) throw new Conflict(paymentMessages.refundNoInvoice);
      let answer: CancelAnswer | undefined;
      try {
        answer = await provider.findCancel(payment.invoiceId, request.reference);
      } catch (error) {
        log.error({ err: error, orderId, refund: request.reference }, 'refund not looked up: no answer from the bank');
        throw new UpstreamFailed(paymentMessages.providerDown);
      }
      if (!answer) return undefined;
      const full = request.amount === parseMoney(payment.amount);
      await recordRefund(payment, request, answer, full);
      return outcomeOf(answer, full);
    },

    /** An order's invoice, if it has one (read in `executor`'s transaction when given). */
    async invoiceOf(orderId: string, executor?: Executor): Promise<PaymentRow | undefined> {
      return repo.byOrder(orderId, executor);
    },

    /** How many invoices are in each status (the metrics). */
    countByStatus: () => repo.countByStatus(),

    /**
     * A status update from Monobank (or the sandbox). Only a body signed with the provider's key is
     * read; it must name one of our invoices, its order and its amount. It is applied only if it is
     * newer (modifiedDate) than the last one applied and the invoice's status may move to it
     * (invoice-status.ts): a late failure never undoes a success. Every update is recorded.
     */
    async handleWebhook(body: Buffer, xSign: string | undefined): Promise<WebhookOutcome> {
      let verified: boolean;
      try {
        verified = await verifier.verify(body, xSign);
      } catch (error) {
        // Monobank retries a webhook that failed, so an unreachable key server is a 503, not a refusal.
        log.error({ err: error }, 'webhook key not available');
        throw new Unavailable('The signature cannot be checked right now.');
      }
      if (!verified) throw new RuleViolation(paymentMessages.badSignature);

      let update: MonobankWebhook;
      try {
        update = monobankWebhook.parse(JSON.parse(body.toString('utf8')));
      } catch {
        throw new RuleViolation(paymentMessages.badBody);
      }
      const modifiedAt = new Date(update.modifiedDate);

      const result = await repo.transaction(async (tx) => {
        // Locked: updates of one invoice apply one at a time, each seeing the last one's outcome.
        const payment = await repo.lock(update.invoiceId, tx);
        if (!payment) throw new RuleViolation(paymentMessages.unknownInvoice);
        if (update.reference !== undefined && update.reference !== payment.orderId) {
          throw new RuleViolation(paymentMessages.wrongOrder);
        }
        if (update.ccy !== uahCurrencyCode) throw new RuleViolation(paymentMessages.wrongCurrency);
        if (update.amount !== parseMoney(payment.amount)) throw new RuleViolation(paymentMessages.wrongAmount);

        const applied = await repo.transition(
          payment.invoiceId,
          invoiceStatusesBefore(update.status),
          { status: update.status, modifiedAt, failureReason: update.failureReason ?? null },
          tx,
        );
        await repo.addEvent(
          {
            invoiceId: payment.invoiceId,
            status: update.status,
            amount: formatMoney(update.amount),
            modifiedAt,
            applied,
            body: body.toString('utf8'),
          },
          tx,
        );
        if (!applied || update.status !== 'success') return { applied, announce: undefined };
        const announce = await following().paid(payment.orderId, tx);
        if (!announce) log.warn({ orderId: payment.orderId }, 'payment succeeded for an order that cannot become paid');
        return { applied, announce };
      });

      await result.announce?.();
      return { applied: result.applied };
    },

    sandboxInvoice,

    /**
     * The sandbox's Pay or Decline: the webhook Monobank would send, signed with the sandbox key and
     * delivered to our webhook endpoint by `deliver`. A settled invoice is not paid or declined again.
     */
    async sandboxComplete(
      invoiceId: string,
      outcome: 'success' | 'failure',
      sign: (body: string) => string,
      deliver: (body: string, xSign: string) => Promise<number>,
    ): Promise<{ orderId: string; status: string; language: Language }> {
      const payment = await sandboxInvoice(invoiceId);
      if (!payment) throw new NotFound();
      const language = (await following().languageOf(payment.orderId)) ?? defaultLanguage;
      if (finalInvoiceStatuses.has(payment.status)) {
        return { orderId: payment.orderId, status: payment.status, language };
      }
      const amount = parseMoney(payment.amount);
      const body = JSON.stringify({
        invoiceId: payment.invoiceId,
        status: outcome,
        ...(outcome === 'failure' ? { failureReason: 'Платіж відхилено в пісочниці' } : {}),
        amount,
        ccy: uahCurrencyCode,
        finalAmount: outcome === 'success' ? amount : 0,
        createdDate: payment.createdAt.toISOString(),
        modifiedDate: new Date().toISOString(),
        reference: payment.orderId,
      });
      const status = await deliver(body, sign(body));
      if (status !== 200) throw new Error(`the sandbox webhook was answered ${status}`);
      // Pay and Decline pressed at once: one of them settled the invoice, and both answer with that.
      const settled = await repo.byInvoice(invoiceId);
      return { orderId: payment.orderId, status: settled?.status ?? outcome, language };
    },
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
