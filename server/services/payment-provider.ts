/**
 * The payment provider seam. A provider takes an online payment that the server has
 * recorded as pending: `start` answers where the payer's browser goes (the provider's checkout
 * page); the provider later reports the outcome with a signed callback, which `verify` checks
 * before the server believes a word of it. Which provider runs is configuration
 * (`PAYMENT_PROVIDER`), the way the SMS adapter is chosen. Without one ('none', the default) the
 * server offers no online payment. The only provider so far is the sandbox, which runs inside this
 * server and moves no money (services/payment-sandbox.ts): it is a `test` provider, whose payments
 * are recorded as test payments that settle nothing. A real gateway adds a class here with its
 * credentials from the environment, never from the repository.
 */
import type { Config } from '../config';
import type { OnlineCallbackBody, Wallet } from '@/api/schemas/online-payments';
import { SandboxProvider, sandboxSecret } from './payment-sandbox';

export interface PaymentStart {
  /** The server's public reference of the pending payment. */
  token: string;
  /** Poisha. */
  amount: bigint;
  wallet: Wallet;
  invoiceIds: readonly number[];
}

/** What a verified callback says happened. */
export interface VerifiedCallback {
  token: string;
  providerTxnId: string;
  status: 'paid' | 'cancelled' | 'failed';
  amount: bigint;
  invoiceIds: number[];
}

export interface PaymentProvider {
  /** Stored with each payment ('sandbox'); provider transaction ids are unique per provider. */
  readonly name: string;
  /**
   * True for a provider that takes no money (the sandbox): what it reports "paid" is recorded as a
   * test payment, marked as such everywhere, which settles no invoice and counts in no collection.
   */
  readonly test: boolean;
  /** Registers the payment with the provider; answers the checkout page's URL. */
  start(p: PaymentStart): Promise<{ checkoutUrl: string }>;
  /** The callback's facts when its signature is the provider's, else null (forged or altered). */
  verify(body: OnlineCallbackBody): VerifiedCallback | null;
}

/** The configured provider, or null when the server offers no online payment (PAYMENT_PROVIDER=none). */
export function paymentProviderOf(config: Pick<Config, 'PAYMENT_PROVIDER' | 'PAYMENT_SANDBOX_SECRET' | 'DATA_DIR'>) {
  switch (config.PAYMENT_PROVIDER) {
    case 'none':
      return null;
    case 'sandbox':
      return new SandboxProvider(sandboxSecret(config)) as PaymentProvider;
  }
}

/** What the server says about online payments when it starts (an operator reads it in the log). */
export function onlinePaymentsAtStart(config: Pick<Config, 'PAYMENT_PROVIDER'>): string {
  switch (config.PAYMENT_PROVIDER) {
    case 'none':
      return 'Online payments: off (PAYMENT_PROVIDER not set)';
    case 'sandbox':
      return 'Online payments: SANDBOX: test payments, no money moves (PAYMENT_PROVIDER=sandbox)';
  }
}
