/**
 * The notice screens in Bangla: the editor's confirmation counts in Bangla digits, field
 * complaints name the field in Bangla, the server's success and refusal are read in Bangla by
 * their codes, and a student's list writes dates with Bangla month names and digits. The same
 * fake API as the English tests (msw).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { StudentNoticeRow } from '@/api/schemas/notices';
import { setLanguage } from '@/i18n/i18n';
import { scoreCommand } from '@/ui/commands';
import { noticeCommands } from '@/screens/notices/commands';
import { fakeAuthServer, renderApp, server, STUDENT, TEACHER } from './helpers';
import { CREATED_MESSAGE, DELETED_MESSAGE, notice, noticeApi } from './notices-fixtures';

beforeEach(async () => {
  await setLanguage('bn');
});
afterEach(async () => {
  await setLanguage('en');
});

async function openTeacherScreen(api = noticeApi()) {
  fakeAuthServer(TEACHER).savedSignIn();
  const view = renderApp('/teachernotice');
  await screen.findByRole('heading', { name: 'নোটিশ', level: 1 });
  await screen.findByRole('textbox', { name: 'শিরোনাম' });
  await screen.findByRole('combobox', { name: 'শিক্ষার্থী খুঁজুন' });
  return { ...view, api };
}

const form = () => screen.getByRole('form', { name: 'নোটিশ লিখুন' });
const field = (name: string) => within(form()).getByLabelText(name) as HTMLInputElement;
const submit = () => within(form()).getByRole('button', { name: 'জমা দিন' });

describe('the notice editor in Bangla', () => {
  it('a missing headline is named in Bangla, nothing is sent', async () => {
    const { user, api } = await openTeacherScreen();
    // The session's year in Bangla digits; the value sent stays the id.
    const session = field('শিক্ষাবর্ষ') as unknown as HTMLSelectElement;
    expect(session.value).toBe('2');
    expect(session.selectedOptions[0].textContent).toBe('২০২৬');
    await user.type(field('বিবরণ'), 'আগামীকাল বিদ্যালয় বন্ধ থাকবে।');
    await user.click(submit());
    const alert = await within(form()).findByRole('alert');
    expect(alert).toHaveTextContent('শিরোনাম: একটি শিরোনাম লিখুন');
    expect(alert).not.toHaveTextContent(/Enter a headline|Headline/);
    expect(field('শিরোনাম')).toHaveAccessibleDescription(/একটি শিরোনাম লিখুন/);
    expect(api.calls.audience).toEqual([]);
    expect(api.calls.save).toEqual([]);
  });

  it('publishing asks with the count in Bangla digits, and the success is said in Bangla after the server’s 200', async () => {
    const { user, api } = await openTeacherScreen();
    api.next('audience', () => HttpResponse.json({ students: 303 }));
    await user.type(field('শিরোনাম'), 'ঈদের ছুটি');
    await user.type(field('বিবরণ'), '১০ থেকে ১৪ এপ্রিল বিদ্যালয় বন্ধ।');
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'নোটিশটি প্রকাশ করবেন?' });
    expect(dialog).toHaveTextContent('এই নোটিশ ৩০৩ জন শিক্ষার্থীর কাছে যাবে: বিদ্যালয়ের সবাই।');
    expect(dialog).not.toHaveTextContent('303');

    const release = api.hold('save');
    await user.click(within(dialog).getByRole('button', { name: 'প্রকাশ করুন' }));
    await waitFor(() => expect(api.calls.save).toHaveLength(1));
    expect(screen.queryByText('নতুন নোটিশ সফলভাবে যোগ হয়েছে!')).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('নতুন নোটিশ সফলভাবে যোগ হয়েছে!')).toBeInTheDocument();
    expect(screen.queryByText(CREATED_MESSAGE)).not.toBeInTheDocument();
    // The list shows the new notice with its date in Bangla and "read by" in Bangla digits.
    const cell = await screen.findByRole('cell', { name: /ঈদের ছুটি/ });
    const row = cell.closest('tr')!;
    expect(row).toHaveTextContent('৪ জনের মধ্যে ০ জন পড়েছে');
    expect(row.textContent).not.toMatch(/[0-9]/);
  });

  it('the server’s field complaint and its refusal are shown in Bangla', async () => {
    const { user, api } = await openTeacherScreen();
    await user.type(field('শিরোনাম'), 'পিকনিক');
    await user.type(field('বিবরণ'), 'দুপুরের খাবার সঙ্গে আনবে।');
    api.next('audience', () => HttpResponse.json({ students: 3 }));
    api.next('save', () =>
      HttpResponse.json(
        {
          error: {
            code: 'invalid_input',
            message: 'section_id: That section is not in the chosen class.',
            fields: { section_id: 'That section is not in the chosen class.' },
          },
        },
        { status: 400 },
      ),
    );
    await user.click(submit());
    await user.click(
      within(await screen.findByRole('dialog', { name: 'নোটিশটি প্রকাশ করবেন?' })).getByRole('button', {
        name: 'প্রকাশ করুন',
      }),
    );
    const alert = await within(form()).findByRole('alert');
    expect(alert).toHaveTextContent('শাখা: এই শাখাটি বেছে নেওয়া শ্রেণিতে নেই।');
    expect(alert).not.toHaveTextContent('section');

    api.next('audience', () => HttpResponse.json({ students: 3 }));
    api.next('save', () =>
      HttpResponse.json(
        {
          error: {
            code: 'notices.rate_limited',
            message: 'You have created 30 notices in the last hour, the most allowed. Try again in 5 minute(s).',
          },
        },
        { status: 429 },
      ),
    );
    await user.click(submit());
    await user.click(
      within(await screen.findByRole('dialog', { name: 'নোটিশটি প্রকাশ করবেন?' })).getByRole('button', {
        name: 'প্রকাশ করুন',
      }),
    );
    await waitFor(() =>
      expect(within(form()).getByRole('alert')).toHaveTextContent(
        'গত এক ঘণ্টায় আপনি অনেকগুলো নোটিশ লিখেছেন। কিছুক্ষণ পরে আবার চেষ্টা করুন।',
      ),
    );
    expect(within(form()).getByRole('alert')).not.toHaveTextContent('minute');
  });

  it('Delete asks in Bangla and says it is done in Bangla', async () => {
    const api = noticeApi([notice({ id: 7, notice_headline: 'পুরোনো নোটিশ', read_count: 12, recipient_count: 30 })]);
    const { user } = await openTeacherScreen(api);
    const row = (await screen.findByRole('cell', { name: /পুরোনো নোটিশ/ })).closest('tr')!;
    expect(row).toHaveTextContent('৩০ জনের মধ্যে ১২ জন পড়েছে');
    await user.click(within(row).getByRole('button', { name: 'মুছে ফেলুন: পুরোনো নোটিশ' }));
    const dialog = await screen.findByRole('dialog', { name: 'নোটিশ মুছে ফেলুন' });
    expect(dialog).toHaveTextContent('আপনি কি নিশ্চিত যে মুছে ফেলতে চান?');
    await user.click(within(dialog).getByRole('button', { name: 'মুছে ফেলুন' }));
    expect(await screen.findByText('নোটিশ মুছে ফেলা হয়েছে')).toBeInTheDocument();
    expect(screen.queryByText(DELETED_MESSAGE)).not.toBeInTheDocument();
  });
});

describe('a student’s notices in Bangla', () => {
  const rows: StudentNoticeRow[] = [
    {
      ...notice({ id: 3, notice_headline: 'Exam routine', publishing_date: '2026-03-09', type: 2 }),
      read: false,
    },
    { ...notice({ id: 1, notice_headline: 'Welcome back', publishing_date: '2026-01-02', type: 2 }), read: true },
  ].map(({ read_count: _r, recipient_count: _m, ...n }) => n);

  it('dates with Bangla month names and digits, Bangla headings and marks', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    server.use(
      http.get('/api/notice/student', ({ request }) => {
        const q = Object.fromEntries(new URL(request.url).searchParams);
        return HttpResponse.json({ rows, total: rows.length, limit: Number(q.limit), offset: Number(q.offset) });
      }),
    );
    renderApp('/student-notice-list?type=2');
    expect(await screen.findByRole('heading', { name: 'বিদ্যালয়ের নোটিশ', level: 1 })).toBeInTheDocument();
    const cards = within(await screen.findByRole('list', { name: 'নোটিশ' })).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('তারিখ: ৯ মার্চ ২০২৬');
    expect(cards[0]).toHaveTextContent('নতুন');
    expect(cards[1]).toHaveTextContent('তারিখ: ২ জানুয়ারি ২০২৬');
    expect(cards[0]).not.toHaveTextContent(/Date|09-03-2026/);
    expect(screen.getByRole('button', { name: 'খুঁজুন' })).toBeInTheDocument();
    expect(screen.getByText('শুরুর তারিখ')).toBeInTheDocument();
  });
});

describe('the palette’s notice commands', () => {
  it('"নোটিশ" finds New notice, shown in Bangla', () => {
    const [newNotice] = noticeCommands;
    expect(newNotice.label).toBe('নতুন নোটিশ');
    expect(scoreCommand(newNotice.label, newNotice.keywords ?? [], 'নোটিশ')).toBeGreaterThan(0);
    expect(scoreCommand(newNotice.label, newNotice.keywords ?? [], 'notice')).toBeGreaterThan(0);
  });
});
