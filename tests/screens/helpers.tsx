/** Shared fixtures and helpers for screen tests: profiles, a fake sign-in server, rendering the app. */
import { StrictMode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { UserProfile } from '@/api/schemas/auth';
import type { RoutineRow } from '@/api/schemas/routines';
import type { SchoolDetailRow } from '@/api/schemas/lookups';
import { STORAGE_KEY, type StoredSession } from '@/api/session';
import type { QueryClient } from '@tanstack/react-query';
import { App } from '@/app';
import { createQueryClient } from '@/api/query';
import { useUnsavedChanges } from '@/ui/unsaved';
import { server } from '../helpers/msw';

export { server };

const EXPIRES = '2099-01-01T00:00:00.000Z';

function profile(over: Partial<UserProfile>): UserProfile {
  return {
    id: 1,
    user_id: 1,
    user_code: 'U-1',
    user_type: 1,
    first_name: '',
    last_name: '',
    full_name: '',
    school_id: 10,
    school_info_id: 10,
    school_type: 1,
    school_name: 'Green Valley School',
    admin_code: null,
    teacher_code: null,
    student_code: null,
    initial: null,
    class: null,
    class_name: null,
    section_id: null,
    section_default_name: null,
    class_roll_no: null,
    session_id: null,
    ...over,
  };
}

export const TEACHER = profile({
  id: 41,
  user_id: 7,
  user_code: 'T-1001',
  user_type: 2,
  first_name: 'Rahima',
  last_name: 'Khatun',
  full_name: 'Rahima Khatun',
  teacher_code: 'T-1001',
  initial: 'RK',
});
/** TEACHER's card as /api/teacher/profile answers it. */
export const TEACHER_CARD = {
  id: 41,
  full_name: 'Rahima Khatun',
  teacher_code: 'T-1001',
  initial: 'RK',
  mobile: '01711111111',
  email: 'rahima@gvs.example',
  designation: 'Assistant Teacher',
  school_info_id: 10,
};
export const STUDENT = profile({
  id: 77,
  user_id: 12,
  user_code: 'S-2024-07',
  user_type: 1,
  first_name: 'Arif',
  last_name: 'Hossain',
  full_name: 'Arif Hossain',
  student_code: 'S-2024-07',
  class: 6,
  class_name: 'Six',
  section_id: 3,
  section_default_name: 'A',
});
export const ADMIN = profile({
  id: 5,
  user_id: 3,
  user_code: 'A-01',
  user_type: 4,
  first_name: 'Nasrin',
  last_name: 'Akter',
  full_name: 'Nasrin Akter',
  admin_code: 'ADM-17',
});
export const VIEWER = profile({
  id: 9,
  user_id: 9,
  user_code: 'V-9',
  user_type: 6,
  first_name: 'Kamal',
  last_name: 'Uddin',
  full_name: 'Kamal Uddin',
  school_id: null,
  school_info_id: null,
  school_type: null,
  school_name: null,
});

/** A guardian: no school of their own; the children come from /api/guardian/children. */
export const GUARDIAN = profile({
  id: 12,
  user_id: 12,
  user_code: '01710000016',
  user_type: 3,
  first_name: 'Md. Karim',
  last_name: 'Uddin',
  full_name: 'Md. Karim Uddin',
  school_id: null,
  school_info_id: null,
  school_type: null,
  school_name: null,
});

export function routineRow(over: Partial<RoutineRow>): RoutineRow {
  return {
    id: 1,
    class_id: 6,
    class_name: 'Six',
    section_id: 3,
    section_default_name: 'A',
    day_id: 1,
    day: 'Sunday',
    period_id: 1,
    period_code: 'P1',
    start_time: '08:00:00',
    end_time: '08:45:00',
    subject_id: 2,
    subject_name: 'Mathematics',
    teacher_id: 41,
    initial: 'RK',
    full_name: 'Rahima Khatun',
    room: '101',
    session_id: 1,
    session_year: '2026',
    shift_id: 1,
    shift_name: 'Morning',
    ...over,
  };
}

/** A school as /api/school_info/all answers it (with the details the setup screens edit). */
export function schoolRow(over: Partial<SchoolDetailRow>): SchoolDetailRow {
  return {
    id: 1,
    school_name: 'Green Valley School',
    short_name: 'GVS',
    eiin: '100001',
    type_id: 1,
    address_division: 'Dhaka',
    address_district: 'Dhaka',
    address_upazilla: 'Mirpur',
    phone: '01700000000',
    email: 'office@gvs.example',
    division_id: 1,
    district_id: 47,
    upazila_id: 365,
    address: 'Road 3',
    head_name: 'Head Teacher',
    head_phone: '',
    head_email: '',
    type_name: 'Secondary',
    weekly_off_days: [6, 7],
    ...over,
  };
}

/**
 * A small fake of the sign-in server: one account, tokens it issued, profile for a valid token,
 * logout revoking it. `calls` records what the client sent.
 *
 * The real server keeps the session in an HttpOnly cookie, which jsdom's fetch does not keep: the
 * fake plays the browser's cookie jar (`jar`), set by sign-in and cleared by sign-out, as the
 * server's Set-Cookie would. A request that carries a bearer token instead is the app holding the
 * token, which it must not: `sessionOf` then answers no session.
 */
export function fakeAuthServer(account: UserProfile, password = 'correct horse') {
  const valid = new Set<string>();
  let issued = 0;
  const jar = { session: null as string | null };
  const calls = {
    login: [] as Array<{ user_code: string; password: string }>,
    me: [] as string[],
    logout: [] as string[],
  };
  /** The session a request is made in: the cookie's (the app never sends the token itself). */
  const sessionOf = (request: Request) => (request.headers.get('authorization') ? '' : (jar.session ?? ''));
  const refuse = () =>
    HttpResponse.json({ error: { code: 'unauthorized', message: 'Please sign in to continue.' } }, { status: 401 });

  server.use(
    http.post('/api/users/login', async ({ request }) => {
      const body = (await request.json()) as { user_code: string; password: string };
      calls.login.push(body);
      if (body.user_code !== account.user_code || body.password !== password) {
        return HttpResponse.json(
          {
            errorMsg: 'Wrong user id or password.',
            error: { code: 'invalid_credentials', message: 'Wrong user id or password.' },
          },
          { status: 401 },
        );
      }
      const token = `tok-${account.user_code}-${++issued}`;
      valid.add(token);
      jar.session = token;
      return HttpResponse.json({
        user_type_id: account.user_type,
        accessToken: token,
        user_code: account.user_code,
        expires_at: EXPIRES,
      });
    }),
    http.get('/api/users/user_id', ({ request }) => {
      const token = sessionOf(request);
      calls.me.push(token);
      return valid.has(token) ? HttpResponse.json(account) : refuse();
    }),
    http.post('/api/users/logout', ({ request }) => {
      const token = sessionOf(request);
      calls.logout.push(token);
      // A write by the cookie must say it is the app's own (the server's CSRF check).
      if (request.headers.get('x-requested-with') !== 'pathshala') {
        return HttpResponse.json({ error: { code: 'csrf_header_missing', message: 'No.' } }, { status: 403 });
      }
      jar.session = null;
      if (!valid.delete(token)) return refuse();
      return HttpResponse.json({ ok: true, message: 'Signed out.' });
    }),
  );

  return {
    calls,
    valid,
    jar,
    sessionOf,
    refuse,
    /**
     * A sign-in as a previous visit would have left it: its cookie in the jar (a token the server
     * knows) and who signed in, in localStorage.
     */
    savedSignIn(school: StoredSession['school'] = null): string {
      const token = `tok-${account.user_code}-saved`;
      valid.add(token);
      jar.session = token;
      const stored: StoredSession = {
        user_type: account.user_type as StoredSession['user_type'],
        user_code: account.user_code,
        expires_at: EXPIRES,
        school,
      };
      localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
      return token;
    },
  };
}

/**
 * Renders the whole app at `path`. Reads are not retried (a test's 500 shows its error state at
 * once and call counts stay exact) unless the test passes its own `queryClient`.
 */
export function renderApp(path = '/', opts: { queryClient?: QueryClient } = {}) {
  window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  const queryClient = opts.queryClient ?? createQueryClient({ retry: false });
  // StrictMode as in main.tsx: effects run twice, which the app must survive.
  const utils = render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
  return { user, ...utils };
}

export async function signInWith(user: ReturnType<typeof userEvent.setup>, userCode: string, password: string) {
  await user.type(await screen.findByLabelText('User ID, e-mail or phone'), userCode);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

export function currentPath(): string {
  return window.location.pathname + window.location.search;
}

export function storedSession(): StoredSession | null {
  const raw = localStorage.getItem(STORAGE_KEY);
  return raw ? (JSON.parse(raw) as StoredSession) : null;
}

function UnsavedWork({ message }: { message?: string }) {
  useUnsavedChanges(true, message);
  return null;
}

/**
 * A stand-in for a screen holding unsaved work (a half-taken roster, a notice being written):
 * while it is mounted, leaving asks first. Returns the function that lets go of it.
 */
export function holdUnsavedWork(message?: string): () => void {
  const { unmount } = render(<UnsavedWork message={message} />);
  return unmount;
}
