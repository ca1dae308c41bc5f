/**
 * The sandbox payment provider's own pages, served by this server only while
 * PAYMENT_PROVIDER=sandbox (routes/index.ts; otherwise they do not exist: 404): the checkout page
 * a payer's browser is sent to, clearly marked SANDBOX, with Confirm, Cancel and a simulated
 * failure. The choice makes the sandbox send the signed callback a real gateway would send (server
 * to server: here an in-process request to POST /api/payment/online/callback), then sends the
 * browser back to the app's /payoption, which shows what the server recorded. No sign-in: the
 * checkout URL's signature is the credential, as a gateway's session id would be. Nothing here
 * moves money, so a "paid" from here is recorded as a test payment that settles no invoice
 * (services/online-payments.ts): anyone can press Confirm, and it must never count as money.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatTaka } from '@/i18n/money';
import { paymentsEn } from '@/i18n/areas/payments.en';
import { APP_CSP_DIRECTIVES, cspHashOf, cspHeader } from '../plugins/security';
import { SandboxProvider, sandboxSecret, type SandboxSession } from '../services/payment-sandbox';
import { paymentSandboxEndpoints } from '@/api/endpoints/payment-sandbox';
import { route } from './define';
import { urlOf } from '@/api/endpoints/define';
import { onlinePaymentsEndpoints } from '@/api/endpoints/online-payments';

const STYLE = `
body{font-family:system-ui,"Noto Sans Bengali",sans-serif;margin:0;background:#fef3c7;color:#111}
.banner{background:#b91c1c;color:#fff;font-weight:700;text-align:center;padding:12px;font-size:1.1rem;letter-spacing:.05em}
main{max-width:28rem;margin:1.5rem auto;background:#fff;border:2px dashed #b91c1c;border-radius:12px;padding:1.25rem}
h1{font-size:1.3rem;margin:0 0 .75rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:0 0 1rem}
dt{color:#444}dd{margin:0;font-weight:600;word-break:break-all}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
button{min-height:44px;min-width:44px;padding:0 1.1rem;font-size:1rem;font-weight:600;border-radius:8px;border:2px solid #1e293b;cursor:pointer}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.confirm{background:#15803d;color:#fff;border-color:#15803d}
.cancel{background:#fff;color:#1e293b}
.fail{background:#fff;color:#b91c1c;border-color:#b91c1c}
p{line-height:1.5}
a{color:#1d4ed8;min-height:44px;display:inline-flex;align-items:center}
`;
const CSP = cspHeader({ ...APP_CSP_DIRECTIVES, 'style-src': [cspHashOf(STYLE)] });

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', CSP)
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escape(title)}</title><style>${STYLE}</style></head><body>` +
        `<div class="banner" role="note">SANDBOX: test payments, no money moves</div><main>${body}</main></body></html>`,
    );
}

const WALLET_NAMES: Record<string, string> = paymentsEn.receipt;

/**
 * The amount as a provider's page writes it: "BDT 1,000.25". This page stands for the gateway's
 * own, in the system's fonts; the ৳ sign is Bengali script, which only the app's bundled font
 * draws on a machine without a Bengali font (docs/i18n.md, "Fonts").
 */
const providerAmount = (poisha: Parameters<typeof formatTaka>[0]) => `BDT ${formatTaka(poisha, 'en').replace('৳', '')}`;

export async function paymentSandboxRoutes(fastify: FastifyInstance) {
  const app = fastify;
  let sandbox: SandboxProvider | null = null;
  const sandboxOf = () => (sandbox ??= new SandboxProvider(sandboxSecret(app.config)));

  // The checkout page posts an ordinary HTML form. Scoped to this plugin.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, raw: string, done) => done(null, Object.fromEntries(new URLSearchParams(raw))),
  );

  const invalid = (reply: FastifyReply) =>
    page(
      reply,
      400,
      'Sandbox checkout',
      '<h1>This checkout link is not valid</h1><p>It was changed or is not from this school’s portal. Nothing was paid.</p>' +
        '<p><a href="/dueinvoice">Back to the portal</a></p>',
    );

  route(
    app,
    paymentSandboxEndpoints.sandboxCheckout,
    { schema: { description: 'The sandbox provider’s checkout page (HTML), marked SANDBOX.' } },
    async (req, reply) => {
      const s = sandboxOf().session(req.query as Record<string, unknown>);
      if (!s) return invalid(reply);
      const hidden = (Object.entries(s) as [keyof SandboxSession, string][])
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${escape(v)}">`)
        .join('');
      const wallet = WALLET_NAMES[s.wallet] ?? s.wallet;
      return page(
        reply,
        200,
        `Sandbox ${wallet} checkout`,
        `<h1>Sandbox ${escape(wallet)} checkout</h1>` +
          '<p>This is a test payment page. Confirming records a TEST PAYMENT in the school portal: no money is received, ' +
          'and the invoices stay due until they are paid for real.</p>' +
          `<dl><dt>Wallet</dt><dd>${escape(wallet)} (sandbox)</dd><dt>Amount</dt><dd>${escape(providerAmount(s.amount))}</dd>` +
          `<dt>Merchant</dt><dd>Pathshala school fees</dd></dl>` +
          `<form method="post" action="${urlOf(paymentSandboxEndpoints.postSandboxCheckout)}">${hidden}<div class="actions">` +
          '<button class="confirm" type="submit" name="decision" value="paid">Confirm test payment</button>' +
          '<button class="cancel" type="submit" name="decision" value="cancelled">Cancel</button>' +
          '<button class="fail" type="submit" name="decision" value="failed">Simulate a failed payment</button>' +
          '</div></form>',
      );
    },
  );

  route(
    app,
    paymentSandboxEndpoints.postSandboxCheckout,
    {
      schema: {
        description:
          'The sandbox checkout page’s form: sends the signed callback, then the browser back to /payoption.',
      },
    },
    async (req, reply) => {
      const form = (req.body ?? {}) as Record<string, unknown>;
      const s = sandboxOf().session(form);
      const decision = form.decision;
      if (!s || (decision !== 'paid' && decision !== 'cancelled' && decision !== 'failed')) return invalid(reply);
      const res = await app.inject({
        method: 'POST',
        url: urlOf(onlinePaymentsEndpoints.onlineCallback),
        payload: sandboxOf().callback(s, decision),
      });
      const back = `/payoption?payment=${encodeURIComponent(s.token)}`;
      // A second click after the first completed it (409) still goes back: the app shows the record.
      if (res.statusCode === 200 || res.statusCode === 409) return reply.redirect(back, 303);
      req.log.error({ status: res.statusCode, body: res.body }, 'sandbox callback refused');
      let message = 'The portal did not accept the payment.';
      try {
        message = (JSON.parse(res.body) as { error: { message: string } }).error.message;
      } catch {
        // keep the general words
      }
      return page(
        reply,
        502,
        'Sandbox checkout',
        `<h1>The portal refused the payment</h1><p>${escape(message)}</p><p><a href="${escape(back)}">Back to the portal</a></p>`,
      );
    },
  );
}
