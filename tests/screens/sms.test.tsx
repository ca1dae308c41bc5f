/**
 * The SMS centre's screens against a mock server (msw; docs/DOMAIN.md, "SMS centre"): a teacher
 * writes to a section they teach from a Bangla template, sees the server's preview and sends only
 * after confirming; quiet hours and a quota too small are said before sending; a failed send keeps
 * the draft and retries with the same key; the report shows each message's delivery and pages;
 * the admin's quota page says a sandbox top-up adds nothing; the super admin sets a school's limit;
 * in Bangla too.
 */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SmsPreview } from '@/api/schemas/sms';
import { setLanguage } from '@/i18n/i18n';
import { checkout } from '@/screens/sms/sms-usage';
import { ADMIN, TEACHER, VIEWER, fakeAuthServer, renderApp, server } from './helpers';

const SUPER = { ...VIEWER, id: 1, user_id: 1, user_code: 'superadmin', user_type: 5, full_name: 'Super Admin' };

const option = (section_id: number, class_name: string, section: string, class_id: number) => ({
  class_id,
  class_name,
  section_id,
  section_default_name: section,
  subject_id: 2,
  subject_name: 'Mathematics',
  teacher_id: 41,
  teacher_name: 'Rahima Khatun',
});
const TEMPLATES = [
  {
    key: 'meeting',
    en: 'Dear guardian, a guardians meeting of {name} (Class {class}) is on {date}. Please attend.',
    bn: 'অভিভাবক, {name} ({class} শ্রেণি)-এর অভিভাবক সভা {date} তারিখে। অনুগ্রহ করে উপস্থিত থাকুন।',
  },
];
const PREVIEW: SmsPreview = {
  recipients: 2,
  students: 3,
  no_guardian: 0,
  opted_out: 1,
  parts: 4,
  parts_each: 2,
  encoding: 'ucs2',
  cost: '1.60',
  sample: 'অভিভাবক, রহিম (ষষ্ঠ শ্রেণি)-এর অভিভাবক সভা ১০ ডিসেম্বর ২০২৬ তারিখে। অনুগ্রহ করে উপস্থিত থাকুন।',
  left: 496,
  fits: true,
  quiet_hours: false,
};
const page = <T,>(rows: T[], total = rows.length, limit = 25, offset = 0) => ({ rows, total, limit, offset });

function composeApi(opts: { preview?: Partial<SmsPreview>; send?: () => Response } = {}) {
  const previews: unknown[] = [];
  const sends: { body: unknown; key: string | null }[] = [];
  server.use(
    http.get('/api/eschool/options', () =>
      HttpResponse.json([option(3, 'Six', 'A', 6), option(3, 'Six', 'A', 6), option(4, 'Seven', 'B', 7)]),
    ),
    http.get('/api/sms/templates', () => HttpResponse.json(TEMPLATES)),
    http.post('/api/sms/preview', async ({ request }) => {
      previews.push(await request.json());
      return HttpResponse.json({ ...PREVIEW, ...opts.preview });
    }),
    http.post('/api/sms/send', async ({ request }) => {
      sends.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
      return opts.send?.() ?? HttpResponse.json({ ...PREVIEW, ...opts.preview, campaign_id: 9, queued: 2 });
    }),
  );
  return { previews, sends };
}

const BODY = {
  audience: { section_id: 3 },
  template: TEMPLATES[0].bn,
  language: 'bn',
  date: '2026-12-10',
  urgent: false,
};

async function writeMeeting(user: ReturnType<typeof renderApp>['user']) {
  await screen.findByRole('option', { name: 'Six A' });
  await user.selectOptions(screen.getByLabelText('Section'), 'Six A');
  await user.selectOptions(screen.getByLabelText('Start from a template'), 'Guardians meeting');
  expect(screen.getByLabelText('Text')).toHaveValue(TEMPLATES[0].bn);
  const date = screen.getByLabelText('Date for {date}');
  await user.type(date, '2026-12-10');
}

describe('/sms-send', () => {
  it('previews a Bangla message to a section, and sends it only after the confirmation', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const calls = composeApi();
    const { user } = renderApp('/sms-send');
    expect(await screen.findByRole('heading', { name: 'SMS to guardians' })).toBeInTheDocument();
    // A teacher writes to a section or chosen students, never a whole class.
    expect(within(screen.getByLabelText('Send to')).queryByRole('option', { name: 'A whole class' })).toBeNull();
    await writeMeeting(user);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('2 guardians get it')).toBeInTheDocument();
    expect(
      screen.getByText('Students: 3 · without a guardian’s phone: 0 · guardians who want no messages: 1'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('SMS parts: 4 in all, up to 2 per guardian (Bangla or other letters, 70 characters a part)'),
    ).toBeInTheDocument();
    expect(screen.getByText('Cost: ৳1.60')).toBeInTheDocument();
    expect(screen.getByText(PREVIEW.sample!)).toBeInTheDocument();
    expect(calls.previews).toEqual([BODY]);

    await user.click(screen.getByRole('button', { name: 'Send to 2 guardians' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this SMS to 2 guardians?' });
    expect(within(dialog).getByText('4 SMS parts, ৳1.60. It cannot be called back once sent.')).toBeInTheDocument();
    expect(calls.sends).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Queued for 2 guardians. They leave now; delivery shows in Sent messages.'),
    ).toBeInTheDocument();
    expect(calls.sends.map((s) => s.body)).toEqual([{ ...BODY, confirm: true }]);
    expect(screen.getByRole('link', { name: 'See delivery' })).toHaveAttribute('href', '/sms-report');
  });

  it('says quiet hours and a quota too small before sending, and a cancelled confirmation sends nothing', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const calls = composeApi({ preview: { quiet_hours: true, fits: false, left: 3 } });
    const { user } = renderApp('/sms-send');
    await user.selectOptions(await screen.findByLabelText('Send to'), 'A whole class');
    await screen.findByRole('option', { name: 'Seven' });
    await user.selectOptions(screen.getByLabelText('Class'), 'Seven');
    await user.type(screen.getByLabelText('Text'), 'School is closed tomorrow.');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText(
        'It is quiet hours (21:00–08:00) at that time: the messages wait until 08:00. Tick Urgent to send them at once.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Only 3 SMS are left this month and this needs 4. What does not fit waits until the school buys more SMS or its limit is raised.',
      ),
    ).toBeInTheDocument();
    expect(calls.previews).toEqual([
      { audience: { class_id: 7 }, template: 'School is closed tomorrow.', language: 'bn', urgent: false },
    ]);
    await user.click(screen.getByRole('button', { name: 'Send to 2 guardians' }));
    await user.click(await screen.findByRole('button', { name: 'Not yet' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.sends).toEqual([]);
  });

  it('keeps the draft when sending fails, and tries again with the same key', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    let fail = true;
    const calls = composeApi({
      send: () =>
        fail
          ? ((fail = false),
            HttpResponse.json(
              { error: { code: 'service_unavailable', message: 'The database is restarting.' } },
              { status: 503 },
            ))
          : HttpResponse.json({ ...PREVIEW, campaign_id: 9, queued: 2 }),
    });
    const { user } = renderApp('/sms-send');
    await writeMeeting(user);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Send to 2 guardians' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The message was not sent. Your text is kept.')).toBeInTheDocument();
    expect(screen.getByLabelText('Text')).toHaveValue(TEMPLATES[0].bn);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^Queued for 2 guardians/)).toBeInTheDocument();
    expect(calls.sends).toHaveLength(2);
    expect(calls.sends[1].key).toBe(calls.sends[0].key);
  });

  it('in Bangla', async () => {
    await setLanguage('bn');
    try {
      fakeAuthServer(TEACHER).savedSignIn();
      composeApi();
      const { user } = renderApp('/sms-send');
      expect(await screen.findByRole('heading', { name: 'অভিভাবকদের এসএমএস' })).toBeInTheDocument();
      await screen.findByRole('option', { name: 'ষষ্ঠ A' });
      await user.selectOptions(screen.getByLabelText('সেকশন'), 'ষষ্ঠ A');
      await user.type(screen.getByLabelText('লেখা'), 'কাল স্কুল বন্ধ।');
      await user.click(screen.getByRole('button', { name: 'আগে দেখুন' }));
      expect(await screen.findByText('২ জন অভিভাবক পাবেন')).toBeInTheDocument();
      expect(screen.getByText('খরচ: ৳১.৬০')).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });
});

describe('/sms-report', () => {
  const campaign = {
    id: 9,
    template: TEMPLATES[0].bn,
    language: 'bn',
    recipients: 2,
    parts: 4,
    created_at: '2026-11-28T05:00:00.000Z',
    send_after: null,
    queued: 0,
    sent: 0,
    delivered: 1,
    failed: 1,
    cancelled: 0,
  };
  const message = (id: number, over: object = {}) => ({
    id,
    kind: 'general',
    phone: `0181000000${id}`,
    body: 'অভিভাবক সভা',
    status: 'delivered',
    waiting: null,
    parts: 2,
    attempts: 1,
    reason: null,
    campaign_id: 9,
    created_at: '2026-11-28T05:00:00.000Z',
    sent_at: '2026-11-28T05:00:01.000Z',
    delivered_at: '2026-11-28T05:00:05.000Z',
    ...over,
  });

  it('shows each message’s delivery and the gateway’s reason, and pages', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const asked: string[] = [];
    server.use(
      http.get('/api/sms/campaigns', () => HttpResponse.json(page([campaign], 1, 10))),
      http.get('/api/sms/messages', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        const offset = Number(url.searchParams.get('offset'));
        return HttpResponse.json(
          offset === 0
            ? page(
                [
                  message(1),
                  message(2, {
                    status: 'failed',
                    reason: 'Not delivered: the gateway reported undelivered (error 30006).',
                    delivered_at: null,
                  }),
                ],
                27,
                25,
                0,
              )
            : page([message(3, { status: 'queued', waiting: 'quota', sent_at: null, delivered_at: null })], 27, 25, 25),
        );
      }),
    );
    const { user } = renderApp('/sms-report');
    expect(await screen.findByText('queued 0 · sent 0 · delivered 1 · failed 1 · cancelled 0')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Each message' });
    expect(within(table).getByText('Delivered')).toBeInTheDocument();
    expect(
      within(table).getByText('Why: Not delivered: the gateway reported undelivered (error 30006).'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show its messages' }));
    await vi.waitFor(() => expect(asked.at(-1)).toContain('campaign_id=9'));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Pages of messages' })).getByRole('button', { name: 'Next' }),
    );
    expect(await screen.findByText('waits for SMS to be bought')).toBeInTheDocument();
    expect(asked.at(-1)).toContain('offset=25');
  });
});

function autoSettingsApi() {
  const saved: unknown[] = [];
  const setting = (purpose: string, enabled: boolean, en: string | null, bn: string | null) => ({
    purpose,
    enabled,
    template_en: null,
    template_bn: null,
    days_before: 3,
    default_en: en,
    default_bn: bn,
  });
  let settings = [
    setting('absence', true, null, null),
    setting('result', false, 'Results of {name}: GPA {gpa}.', '{name}-এর ফলাফল: জিপিএ {gpa}।'),
    setting('calendar', false, '{topic} on {date}.', '{date} তারিখে {topic}।'),
  ];
  server.use(
    http.get('/api/sms/settings', () => HttpResponse.json({ settings })),
    http.put('/api/sms/settings', async ({ request }) => {
      const body = (await request.json()) as { settings: { purpose: string }[] };
      saved.push(body);
      settings = settings.map((s) => ({ ...s, ...body.settings.find((b) => b.purpose === s.purpose) }));
      return HttpResponse.json({ ok: true, message: 'Automatic messages saved.' });
    }),
  );
  return saved;
}

describe('/sms-usage', () => {
  const opened: string[] = [];
  beforeEach(() => {
    opened.length = 0;
    vi.spyOn(checkout, 'open').mockImplementation((url: string) => void opened.push(url));
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the month’s quota and what waits, and says a sandbox top-up adds nothing', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const started: unknown[] = [];
    server.use(
      http.get('/api/smsCheck', () =>
        HttpResponse.json({
          school_id: 10,
          month: '2026-11',
          sms_limit: 500,
          used: 500,
          bought: 0,
          left: 0,
          waiting: 3,
        }),
      ),
      http.get('/api/schoolWiseInvoice', () =>
        HttpResponse.json(
          page(
            [
              {
                id: 1,
                token: 'sms_x',
                sms_quantity: 100,
                amount: '40.00',
                status: 'paid',
                test: true,
                provider: 'sandbox',
                provider_txn_id: 'SBX1',
                created_at: '2026-11-27T05:00:00.000Z',
                completed_at: '2026-11-27T05:01:00.000Z',
              },
            ],
            1,
            10,
          ),
        ),
      ),
      http.get('/api/sms/count_report', () =>
        HttpResponse.json({
          school_id: 10,
          rows: [{ month: '2026-11', purpose: 'general', messages: 2, parts: 4, delivered: 1, failed: 1 }],
        }),
      ),
      http.post('/api/ssl-request', async ({ request }) => {
        started.push(await request.json());
        return HttpResponse.json({
          ok: true,
          token: 'sms_y',
          checkout_url: '/api/payment/sandbox/checkout?token=sms_y',
          amount: '200.00',
          sms_quantity: 500,
          test: true,
        });
      }),
    );
    const settingsSaved = autoSettingsApi();
    const { user } = renderApp('/sms-usage');
    expect(await screen.findByText('3 messages wait for SMS. Buy more or ask for a higher limit.')).toBeInTheDocument();
    expect(await screen.findByText('TEST - NO SMS ADDED')).toBeInTheDocument();
    const usage = await screen.findByRole('table', { name: 'Usage by month and purpose' });
    expect(within(usage).getByText('Messages from the school')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Pay with'), 'Nagad');
    await user.click(screen.getByRole('button', { name: 'Go to payment' }));
    expect(
      await screen.findByText(
        'TEST PROVIDER: this server’s payment provider is a sandbox. A top-up here is a test: no money moves and no SMS are added.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to the test checkout (৳200.00)' })).toHaveAttribute(
      'href',
      '/api/payment/sandbox/checkout?token=sms_y',
    );
    expect(started).toEqual([{ sms_quantity: 500, wallet: 'nagad' }]);
    expect(opened).toEqual([]);

    // Automatic messages: the calendar's turned on with a Bangla text of its own, three days ahead.
    const calendar = screen.getByRole('group', { name: 'Holidays and events of the calendar' });
    await user.click(within(calendar).getByRole('checkbox', { name: 'Send these' }));
    await user.type(within(calendar).getByLabelText('Bangla text'), '{{date} তারিখে {{topic}');
    await user.click(screen.getByRole('button', { name: 'Save automatic messages' }));
    expect(await screen.findByText('Automatic messages saved.')).toBeInTheDocument();
    expect(settingsSaved).toEqual([
      {
        settings: [
          { purpose: 'absence', enabled: true },
          { purpose: 'result', enabled: false, template_en: null, template_bn: null },
          {
            purpose: 'calendar',
            enabled: true,
            template_en: null,
            template_bn: '{date} তারিখে {topic}',
            days_before: 3,
          },
        ],
      },
    ]);
  });
});

describe('/sms-limits', () => {
  it('lets the super admin set a school’s monthly limit', async () => {
    fakeAuthServer(SUPER as never).savedSignIn();
    const saved: unknown[] = [];
    server.use(
      http.get('/api/sms/balance', () => HttpResponse.json({ adapter: 'twilio', currency: 'USD', balance: '20.00' })),
      http.get('/api/sms_count/all', () =>
        HttpResponse.json(
          page([
            {
              school_id: 10,
              school_name: 'Green Valley School',
              month: '2026-11',
              sms_limit: null,
              used: 0,
              bought: 0,
              left: null,
              waiting: 0,
            },
          ]),
        ),
      ),
      http.post('/api/create_smsLimit', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ ok: true, message: 'SMS limit saved.' });
      }),
    );
    const { user } = renderApp('/sms-limits');
    expect(await screen.findByText('20.00 USD (twilio)')).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Green Valley School' });
    await user.selectOptions(screen.getByLabelText('School'), 'Green Valley School');
    await user.type(screen.getByLabelText('Monthly limit (SMS parts)'), '1500');
    await user.click(screen.getByRole('button', { name: 'Save the limit' }));
    expect(await screen.findByText('The limit of Green Valley School is now 1,500 a month.')).toBeInTheDocument();
    expect(saved).toEqual([{ school_id: 10, sms_limit: 1500 }]);
  });
});
