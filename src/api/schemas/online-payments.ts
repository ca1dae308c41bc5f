/**
 * Online fee payments on the wire: a student (later also a linked guardian) starts a
 * payment of chosen due invoices through the payment provider (`POST /api/payment/online/start`,
 * answering the provider's checkout URL); the provider's signed callback
 * (`POST /api/payment/online/callback`) completes it; the screen reads the outcome from the
 * server's record (`GET /api/payment/online/:token`). Whether online payment is offered at all,
 * and whether it is the sandbox's test payments, is `GET /api/payment/online/options`. Each ledger
 * entry has a printable receipt (`GET /api/payment/:id/receipt`, a PDF). Money is decimal text in
 * taka, as in ./fees.
 */
import { z } from 'zod';
import { id, idList } from './common';
import { money } from './fees';

export const WALLETS = ['bkash', 'nagad', 'rocket'] as const;
export type Wallet = (typeof WALLETS)[number];

export const ONLINE_STATUSES = ['pending', 'paid', 'cancelled', 'failed'] as const;
export type OnlineStatus = (typeof ONLINE_STATUSES)[number];

export const ONLINE_MAX_INVOICES = 50;

export const ONLINE_CODES = {
  started: 'payments.online_started',
  badSignature: 'payments.bad_signature',
  mismatch: 'payments.callback_mismatch',
  alreadyCompleted: 'payments.already_completed',
  duplicateTransaction: 'payments.duplicate_transaction',
  unknown: 'payments.unknown_payment',
  unavailable: 'payments.online_unavailable',
} as const;

/**
 * GET /api/payment/online/options: whether this server offers online payment at all, and whether
 * it is the sandbox (every payment a test: no money moves, nothing is settled). The pay screen
 * asks before offering a wallet.
 */
export const onlineOptionsResponse = z.object({
  available: z.boolean(),
  provider: z.enum(['none', 'sandbox']),
  /** True when what the provider reports paid is a test payment, never money received. */
  test: z.boolean(),
});
export type OnlineOptions = z.infer<typeof onlineOptionsResponse>;

const amountText = z.string().regex(/^-?\d+\.\d{2}$/);

/** POST /api/payment/online/start. */
export const onlineStartBody = z
  .object({
    invoice_ids: idList('invoice_ids', ONLINE_MAX_INVOICES),
    amount: money('amount'),
    wallet: z.enum(WALLETS, { error: 'wallet must be one of bkash, nagad, rocket' }),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.invoice_ids.length)
      ctx.addIssue({ code: 'custom', path: ['invoice_ids'], message: 'Choose the invoices to pay' });
  });
export type OnlineStartBody = z.input<typeof onlineStartBody>;

export const onlineStartResponse = z.object({
  ok: z.literal(true),
  token: z.string(),
  /** Where the browser goes next: the provider's checkout page. */
  checkout_url: z.string(),
  amount: amountText,
  code: z.string(),
});
export type OnlineStartResponse = z.infer<typeof onlineStartResponse>;

/**
 * POST /api/payment/online/callback: what a provider reports, signed. The server believes it only
 * when the signature verifies and the amount and invoices are the ones it started.
 */
export const onlineCallbackBody = z
  .object({
    token: z.string().min(1).max(64),
    provider_txn_id: z.string().trim().min(1).max(60),
    status: z.enum(['paid', 'cancelled', 'failed']),
    amount: z.string().max(20),
    invoice_ids: z.array(z.number().int()).max(ONLINE_MAX_INVOICES),
    signature: z.string().min(1).max(200),
  })
  .strict();
export type OnlineCallbackBody = z.infer<typeof onlineCallbackBody>;

export const onlineCallbackResponse = z.object({
  ok: z.literal(true),
  status: z.enum(ONLINE_STATUSES),
  /** True when this callback had been received before: nothing was recorded again. */
  replay: z.boolean(),
  receipt_no: z.string().nullable(),
});
export type OnlineCallbackResponse = z.infer<typeof onlineCallbackResponse>;

export const onlineTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'is not a payment reference'),
});

/** GET /api/payment/online/:token: the server's record of an online payment. */
export const onlinePaymentRow = z.object({
  token: z.string(),
  status: z.enum(ONLINE_STATUSES),
  wallet: z.enum(WALLETS),
  amount: amountText,
  invoice_ids: z.array(z.number().int()),
  student_id: z.number().int(),
  provider_txn_id: z.string().nullable(),
  payment_id: z.number().int().nullable(),
  receipt_no: z.string().nullable(),
  failure: z.string(),
  /** A test payment (the sandbox): no money received; its invoices stay due. */
  test: z.boolean(),
  created_at: z.string(),
});
export type OnlinePaymentRow = z.infer<typeof onlinePaymentRow>;

/** GET /api/payment/:id/receipt. */
export const receiptParams = z.object({ id: id('id') });
export const receiptQuery = z.object({ lang: z.enum(['en', 'bn']).optional() });
