/**
 * The sandbox payment provider: a stand-in for bKash, Nagad and Rocket that runs inside
 * this server, only when PAYMENT_PROVIDER=sandbox, and moves no money: every payment it confirms
 * is recorded as a test payment, which settles no invoice. Its checkout page
 * (routes/payment-sandbox.ts) is marked SANDBOX and offers Confirm, Cancel and a simulated failure;
 * whichever is chosen, it sends the server the callback a real gateway would, signed with
 * HMAC-SHA256.
 *
 * It keeps no state of its own: the checkout URL carries the payment's token, amount, wallet and
 * invoices, signed, so the page shows exactly what was started and nothing a link-editor typed.
 * The secret is PAYMENT_SANDBOX_SECRET, or one generated on first use and kept in
 * DATA_DIR/payment-sandbox.key (owner-only), so callbacks stay valid across restarts and workers.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { OnlineCallbackBody, Wallet } from '@/api/schemas/online-payments';
import { WALLETS } from '@/api/schemas/online-payments';
import { formatPoisha, parseTaka } from '@/api/schemas/fees';
import type { Config } from '../config';
import type { PaymentProvider, PaymentStart, VerifiedCallback } from './payment-provider';
import { urlOf } from '@/api/endpoints/define';
import { paymentSandboxEndpoints } from '@/api/endpoints/payment-sandbox';

export const SANDBOX_CHECKOUT_PATH = urlOf(paymentSandboxEndpoints.sandboxCheckout);

const secrets = new Map<string, string>();

/** The configured secret, else the one kept under DATA_DIR (created once, 0600). */
export function sandboxSecret(config: Pick<Config, 'PAYMENT_SANDBOX_SECRET' | 'DATA_DIR'>): string {
  if (config.PAYMENT_SANDBOX_SECRET) return config.PAYMENT_SANDBOX_SECRET;
  const file = path.resolve(config.DATA_DIR, 'payment-sandbox.key');
  const cached = secrets.get(file);
  if (cached) return cached;
  let secret: string;
  try {
    secret = fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    secret = randomBytes(32).toString('base64url');
    try {
      fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    } catch {
      // Another worker wrote it first: use theirs.
      secret = fs.readFileSync(file, 'utf8').trim();
    }
  }
  secrets.set(file, secret);
  return secret;
}

const ids = (list: readonly number[]) => [...list].sort((a, b) => a - b).join(',');

function sign(secret: string, parts: readonly string[]): string {
  return createHmac('sha256', secret).update(parts.join('\n')).digest('base64url');
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A checkout session as the page's URL carries it. */
export interface SandboxSession {
  token: string;
  amount: string;
  wallet: Wallet;
  invoices: string;
  sig: string;
}

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  /** It moves no money: what it reports paid is a test payment (services/online-payments.ts). */
  readonly test: boolean = true;
  constructor(private readonly secret: string) {}

  async start(p: PaymentStart) {
    const session = {
      token: p.token,
      amount: formatPoisha(p.amount),
      wallet: p.wallet,
      invoices: ids(p.invoiceIds),
    };
    const sig = sign(this.secret, ['checkout', session.token, session.amount, session.wallet, session.invoices]);
    return { checkoutUrl: `${SANDBOX_CHECKOUT_PATH}?${new URLSearchParams({ ...session, sig })}` };
  }

  /** The checkout session of a URL's query when its signature holds, else null. */
  session(q: Record<string, unknown>): SandboxSession | null {
    const text = (k: string) => (typeof q[k] === 'string' ? (q[k] as string) : '');
    const s = {
      token: text('token'),
      amount: text('amount'),
      wallet: text('wallet') as Wallet,
      invoices: text('invoices'),
      sig: text('sig'),
    };
    if (!s.token || !s.sig || !(WALLETS as readonly string[]).includes(s.wallet)) return null;
    const expected = sign(this.secret, ['checkout', s.token, s.amount, s.wallet, s.invoices]);
    return same(expected, s.sig) ? s : null;
  }

  /** The callback the sandbox sends when the payer chose (what a real gateway would post). */
  callback(s: SandboxSession, status: VerifiedCallback['status']): OnlineCallbackBody {
    const body = {
      token: s.token,
      provider_txn_id: `SBX${randomBytes(9).toString('hex').toUpperCase()}`,
      status,
      amount: s.amount,
      invoice_ids: s.invoices.split(',').filter(Boolean).map(Number),
    };
    return { ...body, signature: this.signCallback(body) };
  }

  signCallback(b: Omit<OnlineCallbackBody, 'signature'>): string {
    return sign(this.secret, ['callback', b.token, b.provider_txn_id, b.status, b.amount, ids(b.invoice_ids)]);
  }

  verify(b: OnlineCallbackBody): VerifiedCallback | null {
    if (!same(this.signCallback(b), b.signature)) return null;
    const amount = parseTaka(b.amount);
    if (amount === null) return null;
    return {
      token: b.token,
      providerTxnId: b.provider_txn_id,
      status: b.status,
      amount: BigInt(amount),
      invoiceIds: [...b.invoice_ids],
    };
  }
}
