import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  ADMIN,
  currentPath,
  fakeAuthServer,
  holdUnsavedWork,
  renderApp,
  routineRow,
  server,
  signInWith,
  STUDENT,
  TEACHER,
  TEACHER_CARD,
} from './helpers';

describe('the route guard', () => {
  it('sends a student who opens a teacher page to /student-admin with a message', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    renderApp('/teacher-admin');
    expect(await screen.findByRole('heading', { name: 'Student Dashboard' })).toBeInTheDocument();
    expect(currentPath()).toBe('/student-admin');
    expect(screen.getByText('That page is for teachers.')).toBeInTheDocument();
  });

  it('shows a loading state while a saved sign-in is checked, then the page', async () => {
    const auth = fakeAuthServer(STUDENT);
    auth.savedSignIn();
    renderApp('/student-admin');
    expect(screen.getByText('Checking your sign-in…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Student Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('header-identity')).toHaveTextContent('Student code: S-2024-07');
  });

  it('shows the student’s ten tiles', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    renderApp('/student-admin');
    await screen.findByRole('heading', { name: 'Student Dashboard' });
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    for (const to of [
      '/student-academic-calender',
      '/studentroutine',
      '/studentviewattendance',
      '/studenthomework',
      '/student-notice_option',
      '/studentEvaluation',
      '/student-resource',
      '/student-activity',
      '/student-eschool',
      '/student-payment',
    ]) {
      expect(hrefs).toContain(to);
    }
  });

  it('sends a signed-out visitor to /login and, after sign-in, to the page they wanted', async () => {
    fakeAuthServer(TEACHER);
    server.use(http.get('/api/teacher/profile', () => HttpResponse.json(TEACHER_CARD)));
    const { user } = renderApp('/teacherprofile');
    expect(await screen.findByLabelText('User ID, e-mail or phone')).toBeInTheDocument();
    expect(currentPath()).toBe('/login');

    await signInWith(user, 'T-1001', 'correct horse');
    expect(await screen.findByRole('heading', { name: 'Rahima Khatun' })).toBeInTheDocument();
    expect(currentPath()).toBe('/teacherprofile');
    expect(screen.getByText('Assistant Teacher')).toBeInTheDocument();
  });

  it('does not return a user to a page that is not theirs after sign-in', async () => {
    fakeAuthServer(TEACHER);
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([routineRow({})])));
    const { user } = renderApp('/schoolprofile');
    await signInWith(user, 'T-1001', 'correct horse');
    expect(await screen.findByRole('heading', { name: 'Teacher Dashboard' })).toBeInTheDocument();
    expect(currentPath()).toBe('/teacher-admin');
  });

  it('sends a signed-in user from / or /login to their dashboard', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'School Admin Dashboard' })).toBeInTheDocument();
    expect(currentPath()).toBe('/school-admin');
    const identity = screen.getByTestId('header-identity');
    expect(identity).toHaveTextContent('Nasrin Akter');
    expect(identity).toHaveTextContent('Admin code: ADM-17');
    expect(screen.getByTestId('header-school')).toHaveTextContent('Green Valley School');
  });

  it('shows the school admin’s tiles including Attendance', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    renderApp('/school-admin');
    await screen.findByRole('heading', { name: 'School Admin Dashboard' });
    const tiles = screen.getByRole('navigation', { name: 'Features' });
    expect([...tiles.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/academic-calender',
      '/schooladminnotice',
      '/schooladminroutine',
      '/create-exam',
      '/teacher-feature',
      '/payment',
      '/add-student',
      '/attendance',
      '/student-resource',
      '/teacher-eschool',
      '/student-activity',
    ]);
  });

  it('keeps the old spellings: /student-notice_option opens for a student', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    renderApp('/student-notice_option');
    expect(await screen.findByRole('heading', { name: 'Notices' })).toBeInTheDocument();
    expect(currentPath()).toBe('/student-notice_option');
  });

  it('keeps the old spellings: /academic-calender opens for a school admin', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    server.use(http.get('/api/calender', () => HttpResponse.json({ rows: [], total: 0, limit: 200, offset: 0 })));
    renderApp('/academic-calender');
    // The spec's own title, misspelling and all (part 2: "Admin Academic Calender").
    expect(await screen.findByRole('heading', { name: 'Academic Calender' })).toBeInTheDocument();
    expect(currentPath()).toBe('/academic-calender');
    expect(screen.getByRole('button', { name: 'Add Calender' })).toBeInTheDocument();
  });

  it('says “Page not found” for an address that is not in the route table', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('leaving a screen with unsaved work', () => {
  beforeEach(() => {
    server.use(
      http.get('/api/routine/teacher', () => HttpResponse.json([])),
      http.get('/api/teacher/profile', () => HttpResponse.json(TEACHER_CARD)),
    );
  });

  it('asks before a link leaves: Stay keeps the page, Leave follows the link', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    const release = holdUnsavedWork();
    try {
      const routine = within(screen.getByRole('navigation', { name: 'Features' })).getByRole('link', {
        name: /Routine/,
      });
      await user.click(routine);
      const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
      await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(currentPath()).toBe('/teacher-admin');

      await user.click(routine);
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Leave' }),
      );
      expect(await screen.findByRole('heading', { name: 'My Routine' })).toBeInTheDocument();
      expect(currentPath()).toBe('/routine');
    } finally {
      release();
    }
  });

  it('asks before Back leaves: Stay keeps the page and its address, Leave goes back', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    await user.click(
      within(screen.getByRole('navigation', { name: 'Features' })).getByRole('link', { name: /Routine/ }),
    );
    await screen.findByRole('heading', { name: 'My Routine' });
    const release = holdUnsavedWork();
    try {
      act(() => window.history.back());
      const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
      await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(currentPath()).toBe('/routine');
      expect(screen.getByRole('heading', { name: 'My Routine' })).toBeInTheDocument();

      act(() => window.history.back());
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Leave' }),
      );
      expect(await screen.findByRole('heading', { name: 'Teacher Dashboard' })).toBeInTheDocument();
      expect(currentPath()).toBe('/teacher-admin');
    } finally {
      release();
    }
  });

  it('does not ask when nothing is unsaved', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    await user.click(
      within(screen.getByRole('navigation', { name: 'Features' })).getByRole('link', { name: /Routine/ }),
    );
    expect(await screen.findByRole('heading', { name: 'My Routine' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
