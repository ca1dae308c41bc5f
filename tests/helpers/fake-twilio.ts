/**
 * A local fake of Twilio's Programmable Messaging REST API (the part services/sms-twilio.ts speaks),
 * started by the server and end-to-end tests on a random port of 127.0.0.1; no network needed.
 *
 * - `POST /2010-04-01/Accounts/{sid}/Messages.json` (Basic auth sid:token, form-encoded To, From or
 *   MessagingServiceSid, Body, StatusCallback): 201 with the message resource (sid SM..., status
 *   queued, num_segments counted as Twilio does), or Twilio's error shape (401 bad credentials,
 *   400 code 21211 for a number that is not E.164, 21602 for an empty body).
 * - `GET /2010-04-01/Accounts/{sid}/Balance.json`: `{ account_sid, balance, currency }`.
 * - `deliver(sid, status)`: posts the signed status callback Twilio would send to the message's
 *   StatusCallback (X-Twilio-Signature over the URL and sorted parameters).
 * - `failNext(n)`: the next n sends answer 500.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { smsParts } from '@server/services/messaging';
import { twilioSignature } from '@server/services/sms-twilio';

export interface FakeMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string;
  segments: number;
  status: string;
}

export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  messages: FakeMessage[];
  balance: string;
  failNext(n: number): void;
  /** The signed status callback Twilio would post for the message (for inject()). */
  statusCallback(
    sid: string,
    status?: 'delivered' | 'undelivered' | 'failed' | 'sent',
    errorCode?: string,
  ): { url: string; headers: Record<string, string>; body: string };
  /** Send the message's signed status callback; answers the callback's HTTP status. */
  deliver(sid: string, status?: 'delivered' | 'undelivered' | 'failed' | 'sent', errorCode?: string): Promise<number>;
  close(): Promise<void>;
}

export async function startFakeTwilio(
  opts: { accountSid?: string; authToken?: string; port?: number } = {},
): Promise<FakeTwilio> {
  const accountSid = opts.accountSid ?? `AC${'0'.repeat(30)}fa`;
  const authToken = opts.authToken ?? 'fake-twilio-auth-token';
  const messages: FakeMessage[] = [];
  let failures = 0;
  const state = { balance: '20.00' };
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const prefix = `/2010-04-01/Accounts/${accountSid}`;

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, code: number, message: string) =>
    json(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      if (req.headers.authorization !== expectedAuth) return error(res, 401, 20003, 'Authenticate');
      if (req.method === 'GET' && path === `${prefix}/Balance.json`) {
        return json(res, 200, { account_sid: accountSid, balance: state.balance, currency: 'USD' });
      }
      if (req.method === 'POST' && path === `${prefix}/Messages.json`) {
        const form = Object.fromEntries(new URLSearchParams(raw));
        if (failures > 0) {
          failures -= 1;
          return error(res, 500, 20500, 'Internal Server Error');
        }
        if (!/^\+\d{8,15}$/.test(form.To ?? '')) {
          return error(res, 400, 21211, `The 'To' number ${form.To ?? ''} is not a valid phone number.`);
        }
        if (!form.Body) return error(res, 400, 21602, 'Message body is required.');
        if (!form.From && !form.MessagingServiceSid) {
          return error(res, 400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message.");
        }
        const m: FakeMessage = {
          sid: `SM${randomBytes(16).toString('hex')}`,
          to: form.To,
          from: form.From ?? form.MessagingServiceSid,
          body: form.Body,
          statusCallback: form.StatusCallback ?? '',
          segments: smsParts(form.Body).parts,
          status: 'queued',
        };
        messages.push(m);
        return json(res, 201, {
          sid: m.sid,
          account_sid: accountSid,
          to: m.to,
          from: m.from,
          body: m.body,
          status: m.status,
          num_segments: String(m.segments),
          direction: 'outbound-api',
          error_code: null,
          error_message: null,
          uri: `${prefix}/Messages/${m.sid}.json`,
        });
      }
      return error(res, 404, 20404, 'The requested resource was not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    accountSid,
    authToken,
    messages,
    get balance() {
      return state.balance;
    },
    set balance(v: string) {
      state.balance = v;
    },
    failNext(n) {
      failures = n;
    },
    statusCallback(sid, status = 'delivered', errorCode) {
      const m = messages.find((x) => x.sid === sid);
      if (!m) throw new Error(`no message ${sid}`);
      const params: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        From: m.from,
        MessageSid: sid,
        MessageStatus: status,
        SmsSid: sid,
        SmsStatus: status,
        To: m.to,
      };
      if (errorCode) params.ErrorCode = errorCode;
      return {
        url: m.statusCallback,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(authToken, m.statusCallback, params),
        },
        body: new URLSearchParams(params).toString(),
      };
    },
    async deliver(sid, status = 'delivered', errorCode) {
      const m = messages.find((x) => x.sid === sid);
      if (!m) throw new Error(`no message ${sid}`);
      if (!m.statusCallback) throw new Error(`message ${sid} asked for no status callback`);
      m.status = status;
      const params: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        From: m.from,
        MessageSid: sid,
        MessageStatus: status,
        SmsSid: sid,
        SmsStatus: status,
        To: m.to,
      };
      if (errorCode) params.ErrorCode = errorCode;
      const res = await fetch(m.statusCallback, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(authToken, m.statusCallback, params),
        },
        body: new URLSearchParams(params).toString(),
      });
      await res.text();
      return res.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
