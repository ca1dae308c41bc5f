/**
 * The SMS centre against a local fake of Twilio's REST API (tests/helpers/fake-twilio.ts): parts
 * counted exactly, the Twilio adapter's wire protocol and signed delivery reports, quota charged
 * once per part and refunded on a gateway refusal, waiting when it runs out, top-ups credited
 * only by the provider's verified callback, a teacher's message to a section's guardians (one per
 * guardian, opted-out ones left out), quiet hours, and the usage report in JSON, CSV and XLSX.
 */
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { setClock } from '@server/clock';
import {
  calendarEntries,
  enrolments,
  guardians,
  messageOutbox,
  resultPublications,
  smsQuotas,
  students,
  users,
} from '@server/db/schema';
import { deliveriesSettled, deliverPending, smsParts, twilioFromConfig } from '@server/services/messaging';
import { e164, twilioSignature, verifyTwilioSignature } from '@server/services/sms-twilio';
import { completeTopup } from '@server/services/sms-topups';
import {
  CALENDAR_GONE_REASON,
  queueCalendarMessages,
  queueFeeReminders,
  queueResultMessages,
  saveAutoSetting,
  SETTLED_REASON,
} from '@server/services/sms-automatic';
import { TURNED_OFF_REASON } from '@server/services/messaging';
import { rowsOf } from '@server/db/rows';
import type { PaymentProvider } from '@server/services/payment-provider';
import { SandboxProvider } from '@server/services/payment-sandbox';
import { createTestApp, type TestApp } from '../helpers/server';
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio';

const CALLBACK_URL = 'https://school.example/api/sms/delivery/twilio';
const SANDBOX_SECRET = 'sms-test-sandbox-secret';
let fake: FakeTwilio;
let t: TestApp;
let schoolId: number;
let sectionId: number;
/** Students of student1's section (teacher1 teaches it), by roll. */
let sectionStudents: number[];

/** Today at 11:00 in Dhaka: inside the hours SMS may leave. */
const DAYTIME = DateTime.now().setZone('Asia/Dhaka').set({ hour: 11, minute: 0, second: 0 }).toISO()!;

beforeAll(async () => {
  setClock(DAYTIME);
  fake = await startFakeTwilio();
  t = await createTestApp({
    SMS_ADAPTER: 'twilio',
    TWILIO_ACCOUNT_SID: fake.accountSid,
    TWILIO_AUTH_TOKEN: fake.authToken,
    TWILIO_FROM: '+15005550006',
    TWILIO_API_BASE: fake.url,
    SMS_STATUS_CALLBACK_URL: CALLBACK_URL,
    PAYMENT_PROVIDER: 'sandbox',
    PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET,
  });
  const [s1] = await t.db
    .select({ schoolId: students.schoolId, studentId: students.id })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(users.userCode, 'student1'));
  schoolId = s1.schoolId;
  const mine = await t.db
    .select({ sectionId: enrolments.sectionId, sessionId: enrolments.sessionId })
    .from(enrolments)
    .where(eq(enrolments.studentId, s1.studentId))
    .orderBy(enrolments.sessionId);
  const current = mine[mine.length - 1];
  sectionId = current.sectionId;
  const rows = await t.db
    .select({ id: enrolments.studentId })
    .from(enrolments)
    .where(and(eq(enrolments.sectionId, sectionId), eq(enrolments.sessionId, current.sessionId)))
    .orderBy(enrolments.classRollNo);
  sectionStudents = rows.map((r) => r.id).filter((id) => id !== s1.studentId);
  // Two more guardians in the section besides the demo guardian (student1's father).
  for (const [i, phone] of ['01810000001', '01810000002'].entries()) {
    const res = await t.post('admin1', '/api/guardian', {
      name: `Guardian ${i + 1}`,
      phone,
      relation: 'mother',
      student_ids: [sectionStudents[i]],
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
  setClock(null);
});

const inject = (sid: string, status: 'delivered' | 'undelivered' = 'delivered', tamper = false) => {
  const cb = fake.statusCallback(sid, status, status === 'undelivered' ? '30006' : undefined);
  return t.app.inject({
    method: 'POST',
    url: '/api/sms/delivery/twilio',
    headers: tamper ? { ...cb.headers, 'x-twilio-signature': 'AAAA' } : cb.headers,
    payload: cb.body,
  });
};

describe('message parts', () => {
  it('counts GSM-7 and UCS-2 parts exactly, never cutting an extension character or a surrogate pair', () => {
    expect(smsParts('a'.repeat(160))).toEqual({ encoding: 'gsm7', length: 160, parts: 1 });
    expect(smsParts('a'.repeat(161)).parts).toBe(2);
    expect(smsParts('a'.repeat(306)).parts).toBe(2);
    expect(smsParts('a'.repeat(307)).parts).toBe(3);
    // 152 septets then '€' (2 septets): it cannot be split, so it opens the second part.
    expect(smsParts(`${'a'.repeat(152)}€${'a'.repeat(151)}`).parts).toBe(2);
    expect(smsParts(`${'a'.repeat(152)}€${'a'.repeat(152)}`).parts).toBe(3);
    expect(smsParts('ক'.repeat(70))).toEqual({ encoding: 'ucs2', length: 70, parts: 1 });
    expect(smsParts('ক'.repeat(71)).parts).toBe(2);
    expect(smsParts('ক'.repeat(134)).parts).toBe(2);
    expect(smsParts('ক'.repeat(135)).parts).toBe(3);
    // 66 units then an emoji (a surrogate pair) does not fit the first part's last unit.
    expect(smsParts(`${'ক'.repeat(66)}😀${'ক'.repeat(66)}`).parts).toBe(3);
    expect(smsParts('').parts).toBe(1);
  });
});

describe('the Twilio adapter', () => {
  it('signs as Twilio does and refuses a changed parameter', () => {
    const params = { MessageSid: 'SM1', MessageStatus: 'delivered', AccountSid: 'AC1' };
    const sig = twilioSignature('token', CALLBACK_URL, params);
    expect(verifyTwilioSignature('token', CALLBACK_URL, params, sig)).toBe(true);
    expect(verifyTwilioSignature('token', CALLBACK_URL, { ...params, MessageStatus: 'failed' }, sig)).toBe(false);
    expect(verifyTwilioSignature('other', CALLBACK_URL, params, sig)).toBe(false);
    expect(e164('01711000000')).toBe('+8801711000000');
    expect(e164('8801711000000')).toBe('+8801711000000');
  });

  it('sends one and a batch, reads the balance, and reports Twilio’s errors', async () => {
    const a = twilioFromConfig(t.app.config);
    const before = fake.messages.length;
    const one = await a.send({ to: '01711000000', message: 'Hello' });
    expect(one?.id).toMatch(/^SM/);
    const batch = await a.sendBatch([
      { to: '01711000001', message: 'One' },
      { to: 'not-a-number', message: 'Two' },
    ]);
    expect(batch[0].ok).toBe(true);
    expect(batch[1]).toEqual({ ok: false, error: expect.stringContaining('21211') });
    expect(fake.messages.length - before).toBe(2);
    expect(fake.messages[before].to).toBe('+8801711000000');
    expect(fake.messages[before].statusCallback).toBe(CALLBACK_URL);
    expect(await a.balance()).toEqual({ currency: 'USD', balance: '20.00' });
    fake.messages.splice(before);
  });
});

describe('the quota', () => {
  it('is set by the super admin only, checked by the school, listed for all schools', async () => {
    expect((await t.post('admin1', '/api/create_smsLimit', { school_id: schoolId, sms_limit: 500 })).statusCode).toBe(
      403,
    );
    const res = await t.post('superadmin', '/api/create_smsLimit', { school_id: schoolId, sms_limit: 500 });
    expect(res.statusCode, res.body).toBe(200);
    const check = (await t.get('admin1', '/api/smsCheck')).json();
    expect(check).toMatchObject({ school_id: schoolId, sms_limit: 500, used: 0, bought: 0, left: 500, waiting: 0 });
    const other = await t.get('admin2', `/api/smsCheck?school_id=${schoolId}`);
    expect(other.statusCode).toBe(403);
    const all = (await t.get('superadmin', '/api/sms_count/all')).json();
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.rows.find((r: { school_id: number }) => r.school_id === schoolId)).toMatchObject({ left: 500 });
  });
});

describe('a teacher’s message to a section’s guardians', () => {
  const template = 'অভিভাবক, {name} ({class} শ্রেণি)-এর অভিভাবক সভা {date} তারিখে।';
  const body = () => ({ audience: { section_id: sectionId }, template, language: 'bn', date: '2026-12-10' });

  it('previews, sends one per guardian, leaves out the opted-out, charges the parts, and takes delivery reports', async () => {
    // The demo guardian (student1's father) wants no general messages.
    const opt = await t.call('01710000016', {
      method: 'PUT',
      url: '/api/guardian/sms-opt-outs',
      payload: { opted_out: ['general'] },
    });
    expect(opt.statusCode, opt.body).toBe(200);
    expect((await t.get('01710000016', '/api/guardian/sms-opt-outs')).json()).toEqual({ opted_out: ['general'] });

    const preview = await t.post('teacher1', '/api/sms/preview', body());
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json();
    expect(p).toMatchObject({ recipients: 2, opted_out: 1, encoding: 'ucs2', fits: true, quiet_hours: false });
    expect(p.sample).toContain('১০ ডিসেম্বর ২০২৬');

    expect((await t.post('teacher1', '/api/sms/send', body())).statusCode).toBe(400); // no confirm
    const sent = await t.post('teacher1', '/api/sms/send', { ...body(), confirm: true });
    expect(sent.statusCode, sent.body).toBe(200);
    await deliveriesSettled(t.db);
    const got = fake.messages.filter((m) => m.body.includes('অভিভাবক সভা'));
    expect(got.map((m) => m.to).sort()).toEqual(['+8801810000001', '+8801810000002']);
    for (const m of got) expect(m.segments).toBe(smsParts(m.body).parts);
    const parts = got.reduce((a, m) => a + m.segments, 0);
    expect(parts).toBe(sent.json().parts);
    expect((await t.get('admin1', '/api/smsCheck')).json()).toMatchObject({ used: parts, left: 500 - parts });

    // Delivery reports: signed, applied once; a forged one changes nothing.
    expect((await inject(got[0].sid, 'delivered', true)).statusCode).toBe(403);
    expect((await inject(got[0].sid)).json()).toEqual({ ok: true, changed: true });
    expect((await inject(got[0].sid)).json()).toEqual({ ok: true, changed: false });
    expect((await inject(got[1].sid, 'undelivered')).json()).toEqual({ ok: true, changed: true });
    const list = (await t.get('teacher1', `/api/sms/messages?campaign_id=${sent.json().campaign_id}`)).json();
    expect(list.rows.map((r: { status: string }) => r.status).sort()).toEqual(['delivered', 'failed']);
    expect(list.rows.find((r: { status: string }) => r.status === 'failed').reason).toContain('30006');
    const campaigns = (await t.get('admin1', '/api/sms/campaigns')).json();
    expect(campaigns.rows[0]).toMatchObject({ recipients: 2, delivered: 1, failed: 1 });
  });

  it('refuses another teacher’s section and students and guardians altogether', async () => {
    const [other] = await t.db
      .select({ sectionId: enrolments.sectionId })
      .from(enrolments)
      .where(and(eq(enrolments.schoolId, schoolId)))
      .orderBy(enrolments.sectionId)
      .limit(1);
    const res = await t.post('teacher2', '/api/sms/preview', { ...body(), audience: { section_id: other.sectionId } });
    expect(res.statusCode).toBe(403);
    expect((await t.post('student1', '/api/sms/preview', body())).statusCode).toBe(403);
    expect((await t.post('admin1', '/api/sms/preview', { ...body(), template: 'Hi {nmae}' })).statusCode).toBe(400);
  });
});

describe('the outbox applies the quota, quiet hours and refunds to every message', () => {
  const queue = async (phone: string, text: string, kind = 'general') => {
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'admin1'));
    const [row] = await t.db
      .insert(messageOutbox)
      .values({ schoolId, kind, date: DAYTIME.slice(0, 10), phone, body: text, createdByUserId: admin.id })
      .returning({ id: messageOutbox.id });
    return row.id;
  };
  const rowOf = async (id: number) => (await t.db.select().from(messageOutbox).where(eq(messageOutbox.id, id)))[0];
  const adapter = () => twilioFromConfig(t.app.config);

  it('gives the parts back when the gateway refuses', async () => {
    const before = (await t.get('admin1', '/api/smsCheck')).json().used;
    const id = await queue('01911000001', 'Refused once');
    fake.failNext(1);
    await deliverPending(t.db, adapter(), { where: eq(messageOutbox.id, id) });
    expect(await rowOf(id)).toMatchObject({ status: 'failed', parts: 0 });
    expect((await t.get('admin1', '/api/smsCheck')).json().used).toBe(before);
    await deliverPending(t.db, adapter(), { where: eq(messageOutbox.id, id) });
    expect(await rowOf(id)).toMatchObject({ status: 'sent', parts: 1 });
    expect((await t.get('admin1', '/api/smsCheck')).json().used).toBe(before + 1);
  });

  it('holds what does not fit until SMS are bought; only a verified, real provider’s callback credits them, once', async () => {
    const used = (await t.get('admin1', '/api/smsCheck')).json().used;
    await t.db.update(smsQuotas).set({ monthlyLimit: used }).where(eq(smsQuotas.schoolId, schoolId));
    const id = await queue('01911000002', 'Waiting for SMS', 'chronic_absence');
    await deliverPending(t.db, adapter(), { where: eq(messageOutbox.id, id) });
    expect(await rowOf(id)).toMatchObject({ status: 'queued', waiting: 'quota', attempts: 0 });
    expect((await t.get('admin1', '/api/smsCheck')).json()).toMatchObject({ left: 0, waiting: 1 });

    // The sandbox: a test provider. Its "paid" is recorded and credits nothing.
    const start = await t.post('admin1', '/api/ssl-request', { sms_quantity: 100 });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({ amount: '40.00', sms_quantity: 100 });
    const sandbox = new SandboxProvider(SANDBOX_SECRET);
    const session = sandbox.session(Object.fromEntries(new URL(start.json().checkout_url, 'http://x').searchParams))!;
    const forged = { ...sandbox.callback(session, 'paid'), signature: 'forged' };
    expect((await t.post(null, '/api/payment/online/callback', forged)).statusCode).toBe(400);
    const cb = await t.post(null, '/api/payment/online/callback', sandbox.callback(session, 'paid'));
    expect(cb.statusCode, cb.body).toBe(200);
    expect((await t.get('admin1', '/api/smsCheck')).json()).toMatchObject({ bought: 0, left: 0 });
    const invoices = (await t.get('admin1', '/api/schoolWiseInvoice')).json();
    expect(invoices.rows[0]).toMatchObject({ status: 'paid', test: true, sms_quantity: 100 });

    // A real provider's verified confirmation credits once; the same transaction again is a replay.
    const real: PaymentProvider = {
      name: 'sandbox',
      test: false,
      start: async () => ({ checkoutUrl: '' }),
      verify: () => null,
    };
    const start2 = (await t.post('admin1', '/api/ssl-request', { sms_quantity: 100 })).json();
    await t.db.execute(`update sms_topups set is_test = false where token = '${start2.token}'`);
    const v = { token: start2.token, providerTxnId: 'TXN1', status: 'paid' as const, amount: 4000n, invoiceIds: [] };
    expect(await completeTopup(t.db, real, v)).toMatchObject({ status: 'paid', replay: false, credited: 100 });
    expect(await completeTopup(t.db, real, v)).toMatchObject({ replay: true, credited: 0 });
    expect((await t.get('admin1', '/api/smsCheck')).json()).toMatchObject({ bought: 100, left: 100 });

    await deliverPending(t.db, adapter(), { where: eq(messageOutbox.id, id) });
    expect(await rowOf(id)).toMatchObject({ status: 'sent', waiting: null, parts: 1, chargedBought: 1 });
    expect((await t.get('admin1', '/api/smsCheck')).json()).toMatchObject({ bought: 99, waiting: 0 });
  });

  it('cancels a message to a guardian who opted out of its purpose, whoever queued it', async () => {
    const [g] = await t.db.select({ phone: guardians.phone }).from(guardians).where(eq(guardians.phone, '01710000016'));
    const id = await queue(g.phone, 'A general message');
    await deliverPending(t.db, adapter(), { where: eq(messageOutbox.id, id) });
    expect(await rowOf(id)).toMatchObject({ status: 'cancelled', parts: 0 });
  });

  it('puts off what falls in quiet hours to 08:00, unless urgent', async () => {
    const night = DateTime.fromISO(DAYTIME).setZone('Asia/Dhaka').set({ hour: 22 });
    setClock(night.toISO()!);
    try {
      const id = await queue('01911000003', 'Late');
      await deliverPending(t.db, adapter(), { where: eq(messageOutbox.id, id) });
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: 'queued', waiting: 'quiet_hours' });
      expect(DateTime.fromJSDate(row.sendAfter!).setZone('Asia/Dhaka').toFormat('HH:mm')).toBe('08:00');
      const urgent = await queue('01911000004', 'Urgent');
      await t.db.update(messageOutbox).set({ urgent: true }).where(eq(messageOutbox.id, urgent));
      await deliverPending(t.db, adapter(), { where: eq(messageOutbox.id, urgent) });
      expect((await rowOf(urgent)).status).toBe('sent');
    } finally {
      setClock(DAYTIME);
    }
  });
});

describe('the usage report', () => {
  it('counts messages and parts by month and purpose, as JSON, CSV and XLSX', async () => {
    const res = await t.get('admin1', '/api/sms/count_report');
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    const general = json.rows.find((r: { purpose: string }) => r.purpose === 'general');
    expect(general).toMatchObject({ delivered: 1 });
    expect(general.parts).toBeGreaterThan(0);
    const only = (await t.get('admin1', '/api/sms/count_report?type_id=2')).json();
    expect(only.rows.every((r: { purpose: string }) => r.purpose === 'chronic_absence')).toBe(true);
    const csv = await t.get('admin1', '/api/sms/count_report?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('month,purpose,messages,parts,delivered,failed');
    const xlsx = await t.get('superadmin', `/api/sms/count_report?format=xlsx&school_info_id=${schoolId}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('automatic fee reminders', () => {
  it('queue once per invoice and guardian when the school turned them on, and are cancelled when settled', async () => {
    const today = DAYTIME.slice(0, 10);
    expect(await queueFeeReminders(t.db, schoolId, today)).toBe(0); // off by default
    await saveAutoSetting(t.db, schoolId, { purpose: 'fee', enabled: true });
    const first = await queueFeeReminders(t.db, schoolId, today);
    const overdue = rowsOf<{ n: number }>(
      await t.db.execute(
        `select count(*)::int as n from message_outbox where kind = 'fee' and dedupe_key like 'fee_overdue:%'`,
      ),
    )[0].n;
    expect(first).toBe(overdue);
    expect(await queueFeeReminders(t.db, schoolId, today)).toBe(0); // once
    if (first > 0) {
      const [row] = rowsOf<{ id: number; inv: number }>(
        await t.db.execute(
          `select id, split_part(dedupe_key, ':', 2)::int as inv from message_outbox where kind = 'fee' order by id limit 1`,
        ),
      );
      await t.db.execute(
        `insert into invoice_waivers (school_id, invoice_id, kind, amount_poisha, reason, created_by_user_id)
         select i.school_id, i.id, 'waiver', i.amount_poisha - coalesce((select sum(amount_poisha) from invoice_waivers w where w.invoice_id = i.id), 0)
           - coalesce((select sum(amount_poisha) from payment_allocations pa where pa.invoice_id = i.id), 0), 'test', (select id from users where user_code = 'admin1')
         from invoices i where i.id = ${row.inv}`,
      );
      await queueFeeReminders(t.db, schoolId, today);
      const [after] = await t.db.select().from(messageOutbox).where(eq(messageOutbox.id, row.id));
      expect(after).toMatchObject({ status: 'cancelled', lastError: SETTLED_REASON });
    }
  });
});

describe('automatic messages settings', () => {
  it('lists every purpose with its built-in text, absence and repeated absence on as before', async () => {
    expect((await t.get('teacher1', '/api/sms/settings')).statusCode).toBe(403);
    const res = await t.get('admin1', '/api/sms/settings');
    expect(res.statusCode, res.body).toBe(200);
    const byPurpose = Object.fromEntries(
      res.json().settings.map((s: { purpose: string; enabled: boolean }) => [s.purpose, s.enabled]),
    );
    // fee was turned on by the fee reminders' test above
    expect(byPurpose).toEqual({ absence: true, result: false, fee: true, calendar: false, chronic_absence: true });
    const result = res.json().settings.find((s: { purpose: string }) => s.purpose === 'result');
    expect(result).toMatchObject({
      template_bn: null,
      default_bn: 'অভিভাবক, {name} ({class} শ্রেণি)-এর ফলাফল প্রকাশিত হয়েছে: জিপিএ {gpa} ({grade})।',
    });
  });

  it('refuses a field the purpose has not, naming the setting’s field', async () => {
    const res = await t.call('admin1', {
      method: 'PUT',
      url: '/api/sms/settings',
      payload: { settings: [{ purpose: 'calendar', enabled: true, template_bn: '{name}, {date} তারিখে {topic}' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'sms.bad_template',
      fields: { 'settings.0.template_bn': '{name} is not a field here: use {topic}, {date}' },
    });
  });

  it('sends results once per student and guardian when published, with the child’s GPA', async () => {
    const today = DAYTIME.slice(0, 10);
    const put = await t.call('admin1', {
      method: 'PUT',
      url: '/api/sms/settings',
      payload: { settings: [{ purpose: 'result', enabled: true }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const [{ sessionId }] = await t.db
      .select({ sessionId: enrolments.sessionId })
      .from(enrolments)
      .where(eq(enrolments.sectionId, sectionId))
      .orderBy(enrolments.sessionId);
    const current = (
      await t.db.select({ s: enrolments.sessionId }).from(enrolments).where(eq(enrolments.sectionId, sectionId))
    )
      .map((r) => r.s)
      .reduce((a, b) => Math.max(a, b), sessionId);
    await t.db
      .insert(resultPublications)
      .values({ schoolId, sessionId: current, published: true, locked: true })
      .onConflictDoUpdate({
        target: [resultPublications.schoolId, resultPublications.sessionId],
        set: { published: true, publishedAt: new Date() },
      });
    const queued = await queueResultMessages(t.db, schoolId, today);
    expect(queued).toBeGreaterThan(0);
    expect(await queueResultMessages(t.db, schoolId, today)).toBe(0);
    const rows = await t.db
      .select({ body: messageOutbox.body, phone: messageOutbox.phone })
      .from(messageOutbox)
      .where(and(eq(messageOutbox.kind, 'result'), eq(messageOutbox.schoolId, schoolId)));
    expect(rows).toHaveLength(queued);
    expect(rows.find((r) => r.phone === '01810000001')?.body).toMatch(
      /^অভিভাবক, .+ \(.+ শ্রেণি\)-এর ফলাফল প্রকাশিত হয়েছে: জিপিএ [০-৯]\.[০-৯]{2} \((A\+|A|A-|B|C|D|F)\)।$/,
    );
  });

  it('sends a holiday once per guardian days before, and cancels it when the entry is deleted', async () => {
    const today = DAYTIME.slice(0, 10);
    const put = await t.call('admin1', {
      method: 'PUT',
      url: '/api/sms/settings',
      payload: {
        settings: [{ purpose: 'calendar', enabled: true, days_before: 3, template_en: 'Note: {topic} on {date}.' }],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const [{ sessionId }] = await t.db
      .select({ sessionId: enrolments.sessionId })
      .from(enrolments)
      .where(eq(enrolments.sectionId, sectionId))
      .orderBy(enrolments.sessionId)
      .limit(1);
    const inTwoDays = DateTime.fromISO(today).plus({ days: 2 }).toISODate()!;
    const inTenDays = DateTime.fromISO(today).plus({ days: 10 }).toISODate()!;
    const current = Math.max(
      ...(
        await t.db.select({ s: enrolments.sessionId }).from(enrolments).where(eq(enrolments.sectionId, sectionId))
      ).map((r) => r.s),
      sessionId,
    );
    const [near] = await t.db
      .insert(calendarEntries)
      .values({
        schoolId,
        sessionId: current,
        type: 'holiday',
        topics: 'বিজয় দিবসের ছুটি',
        startDate: inTwoDays,
        endDate: inTwoDays,
      })
      .returning({ id: calendarEntries.id });
    await t.db.insert(calendarEntries).values({
      schoolId,
      sessionId: current,
      type: 'event',
      topics: 'Far away',
      startDate: inTenDays,
      endDate: inTenDays,
    });
    const queued = await queueCalendarMessages(t.db, schoolId, today);
    expect(queued).toBeGreaterThan(0);
    expect(await queueCalendarMessages(t.db, schoolId, today)).toBe(0);
    const all = await t.db
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.kind, 'calendar'), eq(messageOutbox.schoolId, schoolId)));
    expect(all).toHaveLength(queued);
    // Ten days away is beyond the 3 days: nothing of it yet.
    expect(all.filter((r) => r.body.includes('Far away'))).toEqual([]);
    const rows = all.filter((r) => r.dedupeKey?.startsWith(`calendar:${near.id}:`));
    expect(rows.length).toBeGreaterThan(0);
    // The school's SMS language is Bangla: the built-in Bangla text (only the English one was changed).
    expect(new Set(rows.map((r) => r.body))).toEqual(
      new Set([
        `অভিভাবক, ${DateTime.fromISO(inTwoDays)
          .setLocale('bn')
          .toFormat('d MMMM yyyy')
          .replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)])} তারিখে বিজয় দিবসের ছুটি।`,
      ]),
    );
    expect(new Set(rows.map((r) => r.guardianId)).size).toBe(rows.length);
    await t.db.delete(calendarEntries).where(eq(calendarEntries.id, near.id));
    await queueCalendarMessages(t.db, schoolId, today);
    const [after] = await t.db.select().from(messageOutbox).where(eq(messageOutbox.id, rows[0].id));
    expect(after).toMatchObject({ status: 'cancelled', lastError: CALENDAR_GONE_REASON });
  });

  it('cancels a queued message of a purpose the school turned off', async () => {
    const put = await t.call('admin1', {
      method: 'PUT',
      url: '/api/sms/settings',
      payload: { settings: [{ purpose: 'chronic_absence', enabled: false }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'admin1'));
    const [row] = await t.db
      .insert(messageOutbox)
      .values({
        schoolId,
        kind: 'chronic_absence',
        date: DAYTIME.slice(0, 10),
        phone: '01911000009',
        body: 'Absent again',
        createdByUserId: admin.id,
      })
      .returning({ id: messageOutbox.id });
    await deliverPending(t.db, twilioFromConfig(t.app.config), { where: eq(messageOutbox.id, row.id) });
    const [after] = await t.db.select().from(messageOutbox).where(eq(messageOutbox.id, row.id));
    expect(after).toMatchObject({ status: 'cancelled', lastError: TURNED_OFF_REASON, parts: 0 });
  });
});
