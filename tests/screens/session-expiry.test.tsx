import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  currentPath,
  fakeAuthServer,
  renderApp,
  server,
  signInWith,
  storedSession,
  TEACHER,
  TEACHER_CARD,
} from './helpers';

describe('a session that ends on the server', () => {
  it('returns to sign-in with the message on a 401, and after signing in again to the page the user wanted', async () => {
    const auth = fakeAuthServer(TEACHER);
    const oldToken = auth.savedSignIn();
    server.use(
      http.get('/api/routine/teacher', () => HttpResponse.json([])),
      // The profile call succeeds only for a token the server still knows.
      http.get('/api/teacher/profile', ({ request }) =>
        auth.valid.has(auth.sessionOf(request)) ? HttpResponse.json(TEACHER_CARD) : auth.refuse(),
      ),
    );
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });

    // The session ends on the server (expired or revoked elsewhere) while the user is working.
    auth.valid.delete(oldToken);
    await user.click(screen.getByRole('button', { name: 'Profile menu, RK' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has ended. Please sign in again.');
    expect(currentPath()).toBe('/login');
    expect(storedSession()).toBeNull();
    // The user id is offered again.
    expect(screen.getByLabelText('User ID, e-mail or phone')).toHaveValue('T-1001');

    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Rahima Khatun' })).toBeInTheDocument();
    expect(currentPath()).toBe('/teacherprofile');
    // The new sign-in is the cookie's; what is saved says who, never the token.
    expect(auth.jar.session).toBe('tok-T-1001-1');
    expect(storedSession()).toEqual({
      user_type: 2,
      user_code: 'T-1001',
      expires_at: expect.any(String),
      school: null,
    });
    expect(JSON.stringify(localStorage)).not.toContain('tok-T-1001');
  });

  it('forgets a saved sign-in the server no longer accepts', async () => {
    const auth = fakeAuthServer(TEACHER);
    const token = auth.savedSignIn();
    auth.valid.delete(token);
    const { user } = renderApp('/teacher-admin');

    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has ended. Please sign in again.');
    expect(currentPath()).toBe('/login');
    expect(storedSession()).toBeNull();

    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([])));
    await signInWith(user, 'T-1001', 'correct horse');
    await waitFor(() => expect(currentPath()).toBe('/teacher-admin'));
  });
});
