import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import {
  currentPath,
  fakeAuthServer,
  renderApp,
  routineRow,
  server,
  signInWith,
  storedSession,
  TEACHER,
} from './helpers';

describe('sign-in', () => {
  it('shows the server’s errorMsg when the sign-in is refused, and stays on the page', async () => {
    const auth = fakeAuthServer(TEACHER);
    const { user } = renderApp('/login');
    await signInWith(user, 'T-1001', 'wrong password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong user id or password.');
    expect(currentPath()).toBe('/login');
    expect(auth.calls.login).toEqual([{ user_code: 'T-1001', password: 'wrong password' }]);
    expect(storedSession()).toBeNull();
  });

  it('shows the rate-limit message from a 429', async () => {
    server.use(
      http.post('/api/users/login', () =>
        HttpResponse.json(
          { error: { code: 'too_many_requests', message: 'Too many failed sign-ins. Try again in 15 minute(s).' } },
          { status: 429 },
        ),
      ),
    );
    const { user } = renderApp('/');
    await signInWith(user, 'T-1001', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed sign-ins. Try again in 15 minute(s).');
  });

  it('lands a teacher on /teacher-admin with name and teacher code in the header, and saves the sign-in', async () => {
    const auth = fakeAuthServer(TEACHER);
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([routineRow({})])));
    const { user } = renderApp('/');
    await signInWith(user, 'T-1001', 'correct horse');

    expect(await screen.findByRole('heading', { name: 'Teacher Dashboard' })).toBeInTheDocument();
    expect(currentPath()).toBe('/teacher-admin');
    const identity = screen.getByTestId('header-identity');
    expect(identity).toHaveTextContent('Rahima Khatun');
    expect(identity).toHaveTextContent('Teacher code: T-1001');
    expect(screen.getByTestId('header-school')).toHaveTextContent('Green Valley School');
    expect(storedSession()).toMatchObject({
      user_type: 2,
      user_code: 'T-1001',
      school: null,
    });
    // The session is the server's HttpOnly cookie: the token is not saved where a script could read it.
    expect(storedSession()).not.toHaveProperty('accessToken');
    expect(JSON.stringify(localStorage)).not.toContain('tok-T-1001-1');
    expect(auth.calls.me).toEqual(['tok-T-1001-1']);
  });

  it('disables the button while signing in', async () => {
    fakeAuthServer(TEACHER);
    server.use(
      http.post('/api/users/login', async () => {
        await delay(200);
        return HttpResponse.json(
          { errorMsg: 'Wrong user id or password.', error: { code: 'x', message: 'Wrong user id or password.' } },
          { status: 401 },
        );
      }),
    );
    const { user } = renderApp('/login');
    await signInWith(user, 'T-1001', 'pw');
    expect(screen.getByRole('button', { name: 'Signing in…' })).toBeDisabled();
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong user id or password.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('two-factor: asks for the code after the password, shows a wrong code’s message, signs in with the right one', async () => {
    const auth = fakeAuthServer(TEACHER);
    const OTP_NEEDED = 'Enter the 6-digit code from your authenticator app, or a recovery code.';
    const OTP_WRONG = 'That code is not right, or was used already. Enter the current code.';
    // The account has a second factor: the right password alone is answered with otp_required;
    // the right code falls through to the fake server, which signs in.
    server.use(
      http.post('/api/users/login', async ({ request }) => {
        const body = (await request.clone().json()) as { password: string; otp?: string };
        if (body.password !== 'correct horse' || body.otp === '123456') return undefined;
        auth.calls.login.push(body as never);
        const [code, message] = body.otp ? ['otp_invalid', OTP_WRONG] : ['otp_required', OTP_NEEDED];
        return HttpResponse.json({ errorMsg: message, error: { code, message }, otp_required: true }, { status: 401 });
      }),
    );
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([routineRow({})])));
    const { user } = renderApp('/login');
    await signInWith(user, 'T-1001', 'correct horse');

    const code = await screen.findByLabelText('Code from your authenticator app');
    // A recovery code has letters: the full keyboard, not a number pad; still a one-time code.
    expect(code).toHaveAttribute('inputmode', 'text');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByText(OTP_NEEDED)).toBeInTheDocument();
    // The password is not asked again, and nothing is saved yet.
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(storedSession()).toBeNull();

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(OTP_WRONG);
    // In Bangla, the same refusal from the catalogue.
    await user.click(screen.getByRole('button', { name: 'বাংলা' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('কোডটি সঠিক নয়'));
    await user.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(OTP_WRONG));

    const again = screen.getByLabelText('Code from your authenticator app');
    await user.clear(again);
    await user.type(again, '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Teacher Dashboard' })).toBeInTheDocument();
    // The password went again with each code (kept in memory, never stored).
    expect(auth.calls.login).toEqual([
      { user_code: 'T-1001', password: 'correct horse' },
      { user_code: 'T-1001', password: 'correct horse', otp: '000000' },
      { user_code: 'T-1001', password: 'correct horse', otp: '123456' },
    ]);
    expect(JSON.stringify(storedSession())).not.toContain('correct horse');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('correct horse');
  });

  it('two-factor: “Use another account” goes back to an empty sign-in form', async () => {
    fakeAuthServer(TEACHER);
    server.use(
      http.post('/api/users/login', () =>
        HttpResponse.json(
          {
            errorMsg: 'Enter the code.',
            error: { code: 'otp_required', message: 'Enter the code.' },
            otp_required: true,
          },
          { status: 401 },
        ),
      ),
    );
    const { user } = renderApp('/login');
    await signInWith(user, 'T-1001', 'correct horse');
    await user.click(await screen.findByRole('button', { name: 'Use another account' }));
    expect(await screen.findByLabelText('Password')).toHaveValue('');
    expect(screen.queryByLabelText('Code from your authenticator app')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for both fields before calling the server', async () => {
    const auth = fakeAuthServer(TEACHER);
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your user id, e-mail or phone')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('User ID, e-mail or phone')).toHaveAttribute('aria-invalid', 'true');
    expect(auth.calls.login).toEqual([]);
  });

  it('has Terms and Privacy with real text and the copyright line', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Terms' }));
    const terms = await screen.findByRole('dialog', { name: 'Terms of use' });
    expect(within(terms).getByText(/Your account is personal/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Privacy' }));
    expect(await screen.findByRole('dialog', { name: 'Privacy' })).toHaveTextContent(
      'Logging out ends the token on the server too.',
    );
    expect(screen.getByText(/^© 2017-\d{4} Pathshala$/)).toBeInTheDocument();
  });
});
