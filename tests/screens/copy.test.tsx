/**
 * Words outside the spec's own message catalogue, as a user reads them, in English and in
 * Bangla: the notice card's title, the question about one unsaved notice, the offline opening on
 * any device, and the Add School page's title. (The invoice count's grammar is in fees.test.tsx;
 * a guardian's grade sheet hint in guardian-pages.test.tsx.)
 */
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { saveOfflineProfile } from '@/api/session';
import { setLanguage } from '@/i18n/i18n';
import { fakeAuthServer, holdUnsavedWork, renderApp, server, TEACHER, VIEWER } from './helpers';
import { noticeApi } from './notices-fixtures';

afterEach(async () => {
  await setLanguage('en');
});

const SUPER = {
  ...VIEWER,
  id: 1,
  user_id: 1,
  user_code: 'superadmin',
  user_type: 5 as const,
  first_name: 'Super',
  last_name: 'Admin',
  full_name: 'Super Admin',
};

describe.each([
  {
    lang: 'en' as const,
    card: 'Create notice',
    leave: 'Your notice is not published yet. If you leave now, what is not saved will be lost.',
    offline: 'No network: Pathshala opened with what this device keeps.',
    addSchool: 'Add school',
  },
  {
    lang: 'bn' as const,
    card: 'নোটিশ লিখুন',
    leave: 'এখন চলে গেলে যা সংরক্ষণ হয়নি তা হারিয়ে যাবে।',
    offline: 'নেটওয়ার্ক নেই: এই ডিভাইসে যা রাখা আছে তা দিয়ে পাঠশালা খুলেছে।',
    addSchool: 'স্কুল যোগ করুন',
  },
])('in $lang', ({ lang, card, leave, offline, addSchool }) => {
  beforeEach(async () => {
    await setLanguage(lang);
  });

  it('the notice card is titled for what it does', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    noticeApi();
    renderApp('/teachernotice');
    expect(await screen.findByRole('region', { name: card })).toBeInTheDocument();
    expect(screen.queryByText(/Note's/)).toBeNull();
  });

  it('leaving one unsaved notice is asked about in words that fit one', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([])));
    const { user } = renderApp('/teacher-admin');
    await screen.findByTestId('header-school');
    const release = holdUnsavedWork(lang === 'en' ? 'Your notice is not published yet.' : undefined);
    try {
      await user.click(screen.getAllByRole('link')[0]);
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent(leave);
      expect(dialog.textContent).not.toMatch(/they will be lost|সেগুলো/);
    } finally {
      release();
    }
  });

  it('opening without a network says “this device”, not “this phone”', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    saveOfflineProfile(TEACHER);
    server.use(
      http.get('/api/users/user_id', () => HttpResponse.error()),
      http.get('/api/routine/teacher', () => HttpResponse.error()),
    );
    renderApp('/teacher-admin');
    expect(await screen.findByText(offline, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('the Add School page is titled “Add school”, not the school admin’s “School Profile”', async () => {
    fakeAuthServer(SUPER).savedSignIn();
    server.use(
      http.get('/api/organization', () => HttpResponse.json([])),
      http.get('/api/division', () => HttpResponse.json([])),
      http.get('/api/school_info/all', () => HttpResponse.json([], { headers: { 'x-total-count': '0' } })),
    );
    renderApp('/add-school');
    expect(await screen.findByRole('heading', { name: addSchool, level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(within(document.body).queryByText(/School Profile|প্রতিষ্ঠানের প্রোফাইল/)).toBeNull());
  });
});
