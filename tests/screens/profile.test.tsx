import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  ADMIN,
  currentPath,
  fakeAuthServer,
  holdUnsavedWork,
  renderApp,
  schoolRow,
  server,
  signInWith,
  STUDENT,
  TEACHER,
  TEACHER_CARD,
} from './helpers';
import { LANGUAGE_STORAGE_KEY, setLanguage } from '@/i18n/i18n';

describe('profile pages and the header menu', () => {
  it('the student’s menu Profile opens /studentprofile with the record from the API', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const asked: Array<string | null> = [];
    server.use(
      http.get('/api/student/profile', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('student_id'));
        return HttpResponse.json([
          {
            id: 77,
            full_name: 'Arif Hossain',
            student_code: 'S-2024-07',
            section_id: 3,
            section_default_name: 'A',
            class_id: 6,
            class_name: 'Six',
            class_roll_no: 12,
            school_info_id: 10,
            school_name: 'Green Valley School',
            address_district: 'Dhaka',
            address_division: 'Dhaka',
            mobile_no: '01812345678',
            email: 'arif@example.com',
          },
        ]);
      }),
    );
    const { user } = renderApp('/student-admin');
    await screen.findByRole('heading', { name: 'Student Dashboard' });
    await user.click(screen.getByRole('button', { name: 'Profile menu, AH' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));

    expect(await screen.findByRole('heading', { name: 'Arif Hossain' })).toBeInTheDocument();
    expect(currentPath()).toBe('/studentprofile');
    expect(screen.getByText('01812345678')).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(asked).toEqual(['77']);
  });

  it('the school admin’s profile shows the admin and the school', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    server.use(
      http.get('/api/school_info/all', () =>
        HttpResponse.json([
          schoolRow({ id: 10, school_name: 'Green Valley School', eiin: '134567', phone: '029999999' }),
        ]),
      ),
    );
    renderApp('/schoolprofile');
    const school = await screen.findByRole('region', { name: 'School' });
    expect(await within(school).findByText('134567')).toBeInTheDocument();
    expect(within(school).getByText('029999999')).toBeInTheDocument();
    const admin = screen.getByRole('region', { name: 'Administrator' });
    expect(admin).toHaveTextContent('Nasrin Akter');
    expect(admin).toHaveTextContent('ADM-17');
  });

  it('the teacher’s own profile links to Reset password', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    server.use(http.get('/api/teacher/profile', () => HttpResponse.json(TEACHER_CARD)));
    renderApp('/teacherprofile');
    expect(await screen.findByRole('heading', { name: 'Rahima Khatun' })).toBeInTheDocument();
    expect(screen.getByText('rahima@gvs.example')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset password' })).toHaveAttribute('href', '/teacherpassword');
  });

  it('Log out in the menu goes to /login and forgets the sign-in and the page', async () => {
    const auth = fakeAuthServer(STUDENT);
    const token = auth.savedSignIn();
    server.use(http.get('/api/student/profile', () => HttpResponse.json([])));
    const { user } = renderApp('/studentprofile');
    await screen.findByRole('heading', { name: 'My profile' });
    await user.click(screen.getByRole('button', { name: 'Profile menu, AH' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByLabelText('User ID, e-mail or phone')).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(auth.calls.logout).toEqual([token]);
    expect(localStorage.length).toBe(0);
    // Signing out is not a session that ended: no message, and the page is not remembered, so
    // the next sign-in lands on the dashboard rather than back on /studentprofile.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await signInWith(user, 'S-2024-07', 'correct horse');
    expect(await screen.findByRole('heading', { name: 'Student Dashboard' })).toBeInTheDocument();
    expect(currentPath()).toBe('/student-admin');
  });

  it('asks before logging out of a screen with unsaved work, and stays on “Stay”', async () => {
    const auth = fakeAuthServer(STUDENT);
    auth.savedSignIn();
    const { user } = renderApp('/student-admin');
    await screen.findByRole('heading', { name: 'Student Dashboard' });
    const stop = holdUnsavedWork();
    try {
      await user.click(screen.getByRole('button', { name: 'Profile menu, AH' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
      const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
      await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(auth.calls.logout).toEqual([]);
      expect(currentPath()).toBe('/student-admin');

      await user.click(screen.getByRole('button', { name: 'Profile menu, AH' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Leave' }),
      );
      expect(await screen.findByLabelText('User ID, e-mail or phone')).toBeInTheDocument();
      expect(auth.calls.logout).toHaveLength(1);
    } finally {
      stop();
    }
  });
});

describe('language', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('switching in the header menu saves it first, then shows Bangla without a reload', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const saved: unknown[] = [];
    server.use(
      http.get('/api/routine/teacher', () => HttpResponse.json([])),
      http.put('/api/users/language', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({
          ok: true,
          message: 'Language saved.',
          code: 'shell.language_saved',
          language: 'bn',
        });
      }),
    );
    const { user } = renderApp('/teacher-admin');
    expect(await screen.findByRole('heading', { name: 'Teacher Dashboard' })).toBeInTheDocument();
    const marker = { alive: true };
    (window as unknown as { marker?: object }).marker = marker;
    await user.click(screen.getByRole('button', { name: /Profile menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'বাংলা' }));
    expect(await screen.findByRole('heading', { name: 'শিক্ষকের ড্যাশবোর্ড' })).toBeInTheDocument();
    expect(saved).toEqual([{ language: 'bn' }]);
    expect(screen.getByRole('link', { name: /হাজিরা/ })).toBeInTheDocument();
    expect(await screen.findByText('ভাষা সংরক্ষণ করা হয়েছে।')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('bn');
    // The same page object: no reload happened.
    expect((window as unknown as { marker?: object }).marker).toBe(marker);
  });

  it('a refused save shows the server’s message and keeps the language', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    server.use(
      http.get('/api/routine/teacher', () => HttpResponse.json([])),
      http.put('/api/users/language', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'The database is asleep.' } }, { status: 500 }),
      ),
    );
    const { user } = renderApp('/teacher-admin');
    expect(await screen.findByRole('heading', { name: 'Teacher Dashboard' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Profile menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'বাংলা' }));
    expect(await screen.findByText(/The language could not be saved: The database is asleep\./)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Teacher Dashboard' })).toBeInTheDocument();
    expect(document.documentElement.lang).not.toBe('bn');
  });

  it('after sign-in the app speaks the profile’s language', async () => {
    fakeAuthServer({ ...STUDENT, language: 'bn', school_language: 'en' });
    const { user } = renderApp('/login');
    await signInWith(user, STUDENT.user_code, 'correct horse');
    expect(await screen.findByRole('heading', { name: 'শিক্ষার্থীর ড্যাশবোর্ড' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /উপস্থিতি/ })).toBeInTheDocument();
  });

  it('the sign-in page offers the switch (this device only, nothing is sent)', async () => {
    let puts = 0;
    server.use(http.put('/api/users/language', () => void puts++));
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'বাংলা' }));
    expect(await screen.findByRole('heading', { name: 'আপনার স্কুল পোর্টালে সাইন ইন করুন' })).toBeInTheDocument();
    expect(screen.getByLabelText('পাসওয়ার্ড')).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('bn');
    expect(puts).toBe(0);
  });
});
