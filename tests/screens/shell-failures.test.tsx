/**
 * Never a blank page: a screen (or the palette) whose code cannot be loaded is retried, then shows
 * a message with "Try again" inside the shell, whose header keeps working. The failing imports are
 * the modules' own, made to reject by vi.mock as a dropped connection would.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { chunkRetry, markStale, mainScriptOf, pageLoads, resetStale } from '@/ui/lazy-retry';
import { ADMIN, currentPath, fakeAuthServer, renderApp, routineRow, server, STUDENT, TEACHER } from './helpers';

const failing = vi.hoisted(() => ({
  teacherRoutine: 0,
  studentRoutine: 0,
  schoolProfile: 0,
  studentProfile: 0,
  palette: 0,
  attempts: { teacherRoutine: 0, studentRoutine: 0, schoolProfile: 0, studentProfile: 0, palette: 0 },
}));

function chunkError(path: string) {
  return new TypeError(`Failed to fetch dynamically imported module: http://localhost:3000${path}`);
}

vi.mock('@/screens/routines/teacher-routine', async (importOriginal) => {
  failing.attempts.teacherRoutine += 1;
  if (failing.teacherRoutine > 0) {
    failing.teacherRoutine -= 1;
    throw chunkError('/assets/teacher-routine.js');
  }
  return importOriginal();
});

vi.mock('@/screens/routines/student-routine', async (importOriginal) => {
  failing.attempts.studentRoutine += 1;
  if (failing.studentRoutine > 0) {
    failing.studentRoutine -= 1;
    throw chunkError('/assets/student-routine.js');
  }
  return importOriginal();
});

vi.mock('@/screens/profile/school-profile', async (importOriginal) => {
  failing.attempts.schoolProfile += 1;
  if (failing.schoolProfile > 0) {
    failing.schoolProfile -= 1;
    throw chunkError('/assets/school-profile.js');
  }
  return importOriginal();
});

vi.mock('@/screens/profile/student-profile', async (importOriginal) => {
  failing.attempts.studentProfile += 1;
  if (failing.studentProfile > 0) {
    failing.studentProfile -= 1;
    throw chunkError('/assets/student-profile.js');
  }
  return importOriginal();
});

vi.mock('@/ui/command-palette', async (importOriginal) => {
  failing.attempts.palette += 1;
  if (failing.palette > 0) {
    failing.palette -= 1;
    throw chunkError('/assets/command-palette.js');
  }
  return importOriginal();
});

const RETRIES = chunkRetry.retries;

beforeAll(() => {
  chunkRetry.baseDelayMs = 5;
});

describe('a screen whose code fails to load', () => {
  it('is retried, and shows when a retry succeeds', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([routineRow({ subject_name: 'ICT' })])));
    failing.teacherRoutine = 1;
    renderApp('/routine');
    expect(await screen.findByRole('heading', { name: 'My Routine' })).toBeInTheDocument();
    expect(await screen.findByText(/ICT/)).toBeInTheDocument();
    expect(failing.attempts.teacherRoutine).toBe(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows “Try again” after its retries, keeps the header usable, and loads on “Try again”', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    server.use(http.get('/api/routine/student', () => HttpResponse.json([routineRow({ subject_name: 'English' })])));
    failing.studentRoutine = Number.POSITIVE_INFINITY;
    const { user } = renderApp('/studentroutine');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page could not be loaded.');
    expect(alert).toHaveTextContent('Check your connection and try again.');
    expect(screen.getByRole('heading', { name: 'Class Routine' })).toBeInTheDocument();
    expect(failing.attempts.studentRoutine).toBe(1 + RETRIES);

    // The shell still works: its menu opens.
    await user.click(screen.getByRole('button', { name: 'Profile menu, AH' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    // The connection is back: "Try again" loads the page.
    failing.studentRoutine = 0;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/English/)).toBeInTheDocument();
    expect(screen.queryByText('This page could not be loaded.')).not.toBeInTheDocument();
  });

  it('leaves the header’s links working while the page shows its failure', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    failing.schoolProfile = Number.POSITIVE_INFINITY;
    const { user } = renderApp('/schoolprofile');
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded.');
    await user.click(screen.getByRole('link', { name: /^Pathshala/ }));
    expect(await screen.findByRole('heading', { name: 'School Admin Dashboard' })).toBeInTheDocument();
    expect(currentPath()).toBe('/school-admin');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the palette whose code fails to load', () => {
  it('says so with “Try again” instead of doing nothing, and opens when it loads', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([])));
    failing.palette = Number.POSITIVE_INFINITY;
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    await user.click(screen.getByRole('button', { name: /Search or jump/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Search or jump' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The search could not be loaded.');
    expect(failing.attempts.palette).toBe(1 + RETRIES);

    failing.palette = 0;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByPlaceholderText('Search pages and actions…')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Search pages and actions…'), 'my routine');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/routine'));
  });
});

describe('a new deployment', () => {
  const loads: string[] = [];
  const original = { ...pageLoads };
  let script: HTMLScriptElement;

  beforeEach(() => {
    loads.length = 0;
    pageLoads.reload = () => loads.push(`reload ${window.location.pathname}`);
    pageLoads.assign = (url) => loads.push(`assign ${url}`);
    pageLoads.replace = (url) => loads.push(`replace ${url}`);
    script = document.createElement('script');
    script.type = 'module';
    script.src = '/assets/index-OLD.js';
    document.head.append(script);
    sessionStorage.clear();
  });
  afterEach(() => {
    Object.assign(pageLoads, original);
    script.remove();
    resetStale();
  });

  function serveIndex(main: string) {
    server.use(
      http.get(
        '/',
        () =>
          new HttpResponse(
            `<!doctype html><html><head><script type="module" crossorigin src="${main}"></script></head></html>`,
            {
              headers: { 'content-type': 'text/html' },
            },
          ),
      ),
    );
  }

  it('reloads the page at its address when its chunk is gone because a new version is out', async () => {
    serveIndex('/assets/index-NEW.js');
    fakeAuthServer(STUDENT).savedSignIn();
    failing.studentProfile = Number.POSITIVE_INFINITY;
    renderApp('/studentprofile');
    await waitFor(() => expect(loads).toEqual(['reload /studentprofile']));
    failing.studentProfile = 0;
  });

  it('loads the new version at the destination of the next navigation, not in the middle of a page', async () => {
    serveIndex('/assets/index-OLD.js');
    fakeAuthServer(TEACHER).savedSignIn();
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([])));
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    markStale(); // e.g. the palette's chunk failed and index.html named a new build
    expect(loads).toEqual([]);
    await user.click(
      within(screen.getByRole('navigation', { name: 'Features' })).getByRole('link', { name: /Routine/ }),
    );
    expect(loads).toEqual(['assign http://localhost:3000/routine']);
    // The old build did not move on: the new one will open /routine itself.
    expect(currentPath()).toBe('/teacher-admin');
  });

  it('does not reload when index.html names the running build (the network failed, not the version)', async () => {
    serveIndex('/assets/index-OLD.js');
    fakeAuthServer(STUDENT).savedSignIn();
    failing.studentProfile = Number.POSITIVE_INFINITY;
    renderApp('/studentprofile');
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded.');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(loads).toEqual([]);
    failing.studentProfile = 0;
  });

  it('reads the main script from index.html', () => {
    expect(mainScriptOf('<script type="module" crossorigin src="/assets/index-Ab12.js"></script>')).toBe(
      '/assets/index-Ab12.js',
    );
    expect(mainScriptOf('<script src="/legacy.js"></script>')).toBeNull();
  });
});
