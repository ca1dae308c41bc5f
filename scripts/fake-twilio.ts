/**
 * Runs the local fake of Twilio's REST API (tests/helpers/fake-twilio.ts) on its own, for trying
 * the SMS centre or a black-box check without Twilio: `node --import tsx scripts/fake-twilio.ts`
 * (FAKE_TWILIO_PORT, default 4010). It prints the server's variables, logs each message, and
 * `POST /deliver/<sid>` on FAKE_TWILIO_CONTROL_PORT (default port + 1) sends that message's signed
 * delivery report (`?status=undelivered` for a failure).
 */
import http from 'node:http';
import { startFakeTwilio } from '../tests/helpers/fake-twilio';

const port = Number(process.env.FAKE_TWILIO_PORT ?? 4010);
const fake = await startFakeTwilio({ port });
console.log(`Fake Twilio on ${fake.url}. Start the server with:`);
console.log(
  `SMS_ADAPTER=twilio TWILIO_API_BASE=${fake.url} TWILIO_ACCOUNT_SID=${fake.accountSid} ` +
    `TWILIO_AUTH_TOKEN=${fake.authToken} SMS_STATUS_CALLBACK_URL=http://127.0.0.1:3000/api/sms/delivery/twilio`,
);
const control = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const sid = url.pathname.match(/^\/deliver\/(SM\w+)$/)?.[1];
  if (req.method === 'GET' && url.pathname === '/messages') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(fake.messages));
  }
  if (req.method !== 'POST' || !sid) {
    res.writeHead(404);
    return res.end();
  }
  const status = url.searchParams.get('status') === 'undelivered' ? 'undelivered' : 'delivered';
  fake.deliver(sid, status).then(
    (code) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ callback_status: code }));
    },
    (err: unknown) => {
      res.writeHead(400);
      res.end(String(err));
    },
  );
});
const controlPort = Number(process.env.FAKE_TWILIO_CONTROL_PORT ?? port + 1);
control.listen(controlPort, '127.0.0.1', () =>
  console.log(`Control: GET http://127.0.0.1:${controlPort}/messages, POST /deliver/<sid>[?status=undelivered]`),
);
