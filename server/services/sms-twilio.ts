/**
 * The Twilio SMS adapter (SMS_ADAPTER=twilio): Twilio's Programmable Messaging REST API, spoken
 * with fetch and node:crypto (docs/ARCHITECTURE.md, "SMS centre"). No SDK.
 *
 * - Send: `POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To` (E.164),
 *   `From` (or `MessagingServiceSid`), `Body` and `StatusCallback`, HTTP Basic auth AccountSid:AuthToken.
 *   201 answers the message resource (`sid` SM..., `status`, `num_segments`); an error answers
 *   `{ code, message, more_info, status }`.
 * - Batch: Twilio has no batch call; `sendBatch` sends each message, a few at a time, and answers
 *   each one's outcome (one failure does not stop the others).
 * - Balance: `GET {base}/2010-04-01/Accounts/{AccountSid}/Balance.json` answers `{ currency, balance }`.
 * - Delivery reports: Twilio POSTs the message's status (`MessageSid`, `MessageStatus`: queued,
 *   sent, delivered, undelivered, failed; `ErrorCode`) form-encoded to the StatusCallback URL,
 *   signed in `X-Twilio-Signature`: base64 HMAC-SHA1, keyed with the auth token, of the full URL
 *   followed by every POST parameter's name and value, sorted by name (`twilioSignature`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DeliveryAdapter, OutgoingSms, SentSms } from './messaging';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A Twilio number or alphanumeric sender id. */
  from: string;
  messagingServiceSid?: string;
  /** https://api.twilio.com, or a local fake's origin. */
  baseUrl: string;
  /** Where Twilio posts delivery reports; empty asks for none. */
  statusCallbackUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** "01711000000" (or 8801..., +8801...) as E.164: "+8801711000000". Other numbers pass as given. */
export function e164(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return digits;
  if (/^01\d{9}$/.test(digits)) return `+88${digits}`;
  if (/^8801\d{9}$/.test(digits)) return `+${digits}`;
  return digits;
}

/** Twilio's request signature: base64 HMAC-SHA1 of the URL and the sorted POST parameters. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** Whether `signature` is Twilio's for this URL and these parameters (constant-time). */
export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!authToken || !url || !signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface TwilioAdapter extends DeliveryAdapter {
  send(sms: OutgoingSms): Promise<SentSms>;
  sendBatch(
    list: readonly OutgoingSms[],
    concurrency?: number,
  ): Promise<({ ok: true; id: string } | { ok: false; error: string })[]>;
  balance(): Promise<{ currency: string; balance: string }>;
}

export function twilioAdapter(opts: TwilioOptions): TwilioAdapter {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const base = `${opts.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}`;
  const authorization = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;

  const failure = async (res: Response) => {
    const text = await res.text().catch(() => '');
    let detail = text.trim().slice(0, 200);
    try {
      const body = JSON.parse(text) as { code?: number; message?: string };
      if (body.message) detail = `${body.code ?? ''} ${body.message}`.trim();
    } catch {
      // not JSON: keep the text
    }
    return new Error(`Twilio answered ${res.status}${detail ? `: ${detail}` : ''}`);
  };

  const send = async (sms: OutgoingSms): Promise<SentSms> => {
    const form = new URLSearchParams({ To: e164(sms.to), Body: sms.message });
    if (opts.messagingServiceSid) form.set('MessagingServiceSid', opts.messagingServiceSid);
    else form.set('From', opts.from);
    if (opts.statusCallbackUrl) form.set('StatusCallback', opts.statusCallbackUrl);
    const res = await doFetch(`${base}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw await failure(res);
    const body = (await res.json().catch(() => ({}))) as { sid?: unknown };
    if (typeof body.sid !== 'string' || !body.sid) throw new Error('Twilio answered without a message sid');
    return { id: body.sid };
  };

  return {
    name: 'twilio',
    send,
    async sendBatch(list, concurrency = 4) {
      const out: ({ ok: true; id: string } | { ok: false; error: string })[] = new Array(list.length);
      let next = 0;
      const worker = async () => {
        while (next < list.length) {
          const i = next++;
          try {
            const sent = await send(list[i]);
            out[i] = { ok: true, id: sent.id ?? '' };
          } catch (err) {
            out[i] = { ok: false, error: err instanceof Error ? err.message : String(err) };
          }
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, list.length)) }, worker));
      return out;
    },
    async balance() {
      const res = await doFetch(`${base}/Balance.json`, {
        headers: { authorization, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw await failure(res);
      const body = (await res.json()) as { currency?: string; balance?: string };
      return { currency: String(body.currency ?? ''), balance: String(body.balance ?? '') };
    },
  };
}
