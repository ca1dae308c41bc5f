/**
 * Online fee payments and receipts. A student (and, once that user type exists, a
 * linked guardian: see `mayPayFor`) starts a payment of chosen due invoices through the configured
 * payment provider; the provider's signed callback completes it, exactly once, through the same
 * ledger service as a payment at the counter; the screen reads the outcome from the server's
 * record. With no provider configured (the default) starting and callbacks are refused and the
 * options read says so; the sandbox's payments are test entries that settle nothing. Every ledger
 * entry has a printable receipt (PDF) for the school's admin and for the student it is for.
 * The rules live in services/online-payments.ts (the receipt's file in services/pdf-files.ts); who
 * may read a payment or a receipt in server/auth/scope.ts (`mayReadPayment`).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@/api/schemas/common';
import { ONLINE_CODES } from '@/api/schemas/online-payments';
import { formatPoisha } from '@/api/schemas/fees';
import { authOf } from '../auth/guard';
import { mayReadPayment } from '../auth/scope';
import { ApiError, notFound } from '../errors';
import { completeFromCallback, onlinePaymentOf, startOnlinePayment } from '../services/online-payments';
import { paymentProviderOf, type PaymentProvider } from '../services/payment-provider';
import { receiptFile, receiptOf } from '../services/pdf-files';
import { sendPdf } from '../storage/files';
import { onlinePaymentsEndpoints } from '@/api/endpoints/online-payments';
import { completeTopup, isTopupToken } from '../services/sms-topups';
import { route } from './define';

export async function onlinePaymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  let provider: PaymentProvider | null = null;
  /**
   * Made on first use: the sandbox's secret may be a file under DATA_DIR. Without a configured
   * provider (PAYMENT_PROVIDER=none) the server offers no online payment: a clear refusal, never a
   * fake checkout.
   */
  const providerOf = (): PaymentProvider => {
    provider ??= paymentProviderOf(app.config);
    if (!provider) {
      throw new ApiError(
        409,
        ONLINE_CODES.unavailable,
        'Online payment is not offered by this school’s server: pay at the school office.',
      );
    }
    return provider;
  };

  route(
    app,
    onlinePaymentsEndpoints.onlineOptions,
    {
      schema: {
        description:
          'Whether this server offers online payment (PAYMENT_PROVIDER): available false with provider none ' +
          '(the default: pay at the school office); with the sandbox, test true: every payment through it is a ' +
          'test payment, no money moves and no invoice is settled.',
      },
    },
    async () => {
      const configured = app.config.PAYMENT_PROVIDER;
      return {
        available: configured !== 'none',
        provider: configured,
        test: configured === 'sandbox',
      };
    },
  );

  route(
    app,
    onlinePaymentsEndpoints.onlineStart,
    {
      schema: {
        description:
          'Starts an online payment of one student’s due invoices through the configured payment provider ' +
          '(PAYMENT_PROVIDER; none by default: 409 payments.online_unavailable): the amount may be part of what ' +
          'is due, never more (409). Through the sandbox it is a test payment: no money moves, nothing is settled. ' +
          'Records a pending payment, which touches no ledger, and answers the provider’s checkout URL. ' +
          'Invoices the caller may not pay are 404, like unknown ones.',
        response: { 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const b = req.body;
      const started = await startOnlinePayment(db, providerOf(), auth, {
        invoiceIds: b.invoice_ids,
        amount: BigInt(b.amount),
        wallet: b.wallet,
      });
      return {
        ok: true as const,
        token: started.token,
        checkout_url: started.checkoutUrl,
        amount: formatPoisha(b.amount),
        code: ONLINE_CODES.started,
      };
    },
  );

  route(
    app,
    onlinePaymentsEndpoints.onlineCallback,
    {
      schema: {
        description:
          'The payment provider’s callback (no sign-in: its HMAC signature is its credential). A forged or ' +
          'altered callback is 400 and records nothing; a paid one records the ledger entry (method ' +
          'mobile_wallet, reference the provider’s transaction id) exactly once: a repeat answers replay: true. ' +
          'The sandbox’s paid is a test entry (TEST-…) that settles no invoice. Without a provider: 409.',
        response: { 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      const p = providerOf();
      const verified = p.verify(req.body);
      if (!verified) {
        req.log.warn({ token: req.body.token }, 'payment callback with a bad signature');
        throw new ApiError(400, ONLINE_CODES.badSignature, 'The callback’s signature does not verify.', {
          signature: 'does not match',
        });
      }
      if (isTopupToken(verified.token)) {
        // An SMS top-up (services/sms-topups.ts): its parts are credited once, never a test provider's.
        const topup = await completeTopup(db, p, verified);
        app.hotCache.dropSchools([topup.schoolId]);
        return { ok: true as const, status: topup.status, replay: topup.replay, receipt_no: null };
      }
      const done = await completeFromCallback(db, p, verified);
      // No one is signed in on a callback: the school's kept answers (the student's dues) go here,
      // before the answer, as a signed-in write's do (server/cache/responses.ts).
      if (done.schoolId !== null) app.hotCache.dropSchools([done.schoolId]);
      return { ok: true as const, status: done.status, replay: done.replay, receipt_no: done.receiptNo };
    },
  );

  route(
    app,
    onlinePaymentsEndpoints.online,
    {
      schema: {
        description:
          'An online payment as the server recorded it (pending, paid with its receipt, cancelled or failed): ' +
          'for whom mayPayFor allows (the student), and the school’s admin.',
        response: { 404: errorBody },
      },
    },
    async (req) => {
      const found = await onlinePaymentOf(db, req.params.token);
      if (!found || !(await mayReadPayment(req, found.schoolId, found.row.student_id))) {
        throw new ApiError(404, ONLINE_CODES.unknown, 'No such online payment.');
      }
      return found.row;
    },
  );

  route(
    app,
    onlinePaymentsEndpoints.receipt,
    {
      schema: {
        description:
          'A ledger entry’s printable receipt, as a PDF (A5): for the school’s admin, and for the student it is ' +
          'for. lang: en or bn (default: the caller’s language, else the school’s).',
      },
    },
    async (req, reply) => {
      const r = await receiptOf(db, req.params.id);
      if (!(await mayReadPayment(req, r.schoolId, r.studentId))) throw notFound('Receipt');
      return sendPdf(reply, await receiptFile(db, authOf(req).userId, r, req.query.lang));
    },
  );
}
