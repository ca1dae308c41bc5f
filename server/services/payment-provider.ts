/**
 * The payment provider seam (issue 14). A provider takes an online payment that the server has
 * recorded as pending: `start` answers where the payer's browser goes (the provider's checkout
 * page); the provider later reports the outcome with a signed callback, which `verify` checks
 * before the server believes a word of it. Which provider runs is configuration
 * (`PAYMENT_PROVIDER`), the way the SMS adapter is chosen; today only the sandbox exists, which
 * runs inside this server and moves no money (services/payment-sandbox.ts). A real gateway adds a
 * class here with its credentials from the environment, never from the repository.
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
  /** Registers the payment with the provider; answers the checkout page's URL. */
  start(p: PaymentStart): Promise<{ checkoutUrl: string }>;
  /** The callback's facts when its signature is the provider's, else null (forged or altered). */
  verify(body: OnlineCallbackBody): VerifiedCallback | null;
}

export function paymentProviderOf(config: Config): PaymentProvider {
  switch (config.PAYMENT_PROVIDER) {
    case 'sandbox':
      return new SandboxProvider(sandboxSecret(config));
  }
}
