/** The "Two-factor sign-in" card on one's own profile pages, against a fake API. */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, currentPath, fakeAuthServer, renderApp, server, TEACHER } from './helpers';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
const URI = `otpauth://totp/Pathshala:T-1001?secret=${SECRET}&issuer=Pathshala`;
const CODES = Array.from({ length: 10 }, (_, i) => `ABCD${i}-FGHJK`);
/** The account's password in the fake: setting up, turning on and off ask for it. */
const PASSWORD = 'correct horse';

/** A fake of the server's two-factor routes with its own state. */
function fakeTwoFactor() {
  const state = { enabled: false, pending: false, left: 0 };
  const calls = { setup: [] as string[], enable: [] as string[], disable: [] as string[] };
  const wrong = (message: string) =>
    HttpResponse.json({ error: { code: 'invalid_input', message, fields: { code: message } } }, { status: 400 });
  const wrongPassword = () =>
    HttpResponse.json(
      {
        error: {
          code: 'two_factor.wrong_password',
          message: 'current_password: That is not your current password.',
          fields: { current_password: 'That is not your current password.' },
        },
      },
      { status: 400 },
    );
  server.use(
    http.get('/api/users/2fa', () =>
      HttpResponse.json({ enabled: state.enabled, pending: state.pending, recovery_codes_left: state.left }),
    ),
    http.post('/api/users/2fa/setup', async ({ request }) => {
      const { current_password } = (await request.json()) as { current_password: string };
      calls.setup.push(current_password);
      if (current_password !== PASSWORD) return wrongPassword();
      state.pending = true;
      return HttpResponse.json({ secret: SECRET, otpauth_uri: URI });
    }),
    http.post('/api/users/2fa/enable', async ({ request }) => {
      const { code, current_password } = (await request.json()) as { code: string; current_password: string };
      calls.enable.push(code);
      if (current_password !== PASSWORD) return wrongPassword();
      if (code !== '123456') return wrong('That code is not right. Enter the current code from the app.');
      Object.assign(state, { enabled: true, pending: false, left: 10 });
      return HttpResponse.json({ ok: true, message: 'Two-factor sign-in is on.', recovery_codes: CODES });
    }),
    http.post('/api/users/2fa/disable', async ({ request }) => {
      const { code, current_password } = (await request.json()) as { code: string; current_password: string };
      calls.disable.push(code);
      if (current_password !== PASSWORD) return wrongPassword();
      if (code !== '654321') return wrong('That code is not right.');
      Object.assign(state, { enabled: false, left: 0 });
      return HttpResponse.json({ ok: true, message: 'Two-factor sign-in is off.' });
    }),
  );
  return { state, calls };
}

describe('two-factor sign-in card', () => {
  it('turns on with the password and a first code, shows the ten recovery codes once with a download, then turns off after confirming', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const api = fakeTwoFactor();
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((b: Blob) => (blobs.push(b), 'blob:codes'));
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { user } = renderApp('/teacherpassword');

    const card = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    expect(await within(card).findByText('Two-factor sign-in is off.')).toBeInTheDocument();
    // The current password first: without it nothing is sent; a wrong one is said.
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(await within(card).findByText('Enter your current password')).toBeInTheDocument();
    expect(api.calls.setup).toEqual([]);
    await user.type(within(card).getByLabelText('Your current password'), 'not it');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('That is not your current password.');
    await user.type(within(card).getByLabelText('Your current password'), PASSWORD);
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));

    // A QR code of the setup link, the key in groups of four for typing, and the link as text.
    expect(await within(card).findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();
    const qr = within(card).getByRole('img', { name: /QR code to add this account/ });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(within(card).getByRole('link', { name: URI })).toHaveAttribute('href', URI);

    const code = within(card).getByLabelText('Code from the app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '000000');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('That code is not right');
    await user.clear(within(card).getByLabelText('Code from the app'));
    await user.type(within(card).getByLabelText('Code from the app'), '123456');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));

    const list = await within(card).findByRole('list', { name: 'Pathshala recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    await user.click(within(card).getByRole('button', { name: 'Download' }));
    expect(createObjectURL).toHaveBeenCalledOnce();
    const text = await blobs[0].text();
    for (const c of CODES) expect(text).toContain(c);

    await user.click(within(card).getByRole('button', { name: 'I saved them' }));
    expect(await within(card).findByText('Two-factor sign-in is on. 10 recovery codes left.')).toBeInTheDocument();
    expect(within(card).queryByText(CODES[0])).not.toBeInTheDocument();
    expect(api.calls.enable).toEqual(['000000', '123456']);

    // Turning off asks for the password, a code and a confirmation; cancelling sends nothing.
    expect(api.calls.setup).toEqual(['not it', PASSWORD]);
    await user.type(within(card).getByLabelText('Your current password'), PASSWORD);
    await user.type(within(card).getByLabelText('A code from the app, or a recovery code'), '654321');
    await user.click(within(card).getByRole('button', { name: 'Turn off' }));
    let dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.disable).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Turn off' }));
    dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(card).findByText('Two-factor sign-in was turned off.')).toBeInTheDocument();
    expect(within(card).getByText('Two-factor sign-in is off.')).toBeInTheDocument();
    expect(api.calls.disable).toEqual(['654321']);
    expect(api.state.enabled).toBe(false);
  });

  it('says when the state cannot be loaded, and tries again', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    let fail = true;
    server.use(
      http.get('/api/users/2fa', () =>
        fail
          ? HttpResponse.json({ error: { code: 'internal', message: 'Boom.' } }, { status: 500 })
          : HttpResponse.json({ enabled: true, pending: false, recovery_codes_left: 1 }),
      ),
    );
    const { user } = renderApp('/teacherpassword');
    const card = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('Could not load the two-factor sign-in state.');
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('Two-factor sign-in is on. 1 recovery code left.')).toBeInTheDocument();
  });
});

describe('the code fields and what a refusal says', () => {
  afterEach(() => setLanguage('en'));

  /** The card with two-factor sign-in on, ready to turn off (a code from the app or a recovery code). */
  async function onCard(refusal: { code: string; message: string; fields?: Record<string, string> }) {
    fakeAuthServer(TEACHER).savedSignIn();
    server.use(
      http.get('/api/users/2fa', () => HttpResponse.json({ enabled: true, pending: false, recovery_codes_left: 10 })),
      http.post('/api/users/2fa/disable', () => HttpResponse.json({ error: refusal }, { status: 400 })),
    );
    const rendered = renderApp('/teacherpassword');
    const card = await screen.findByRole('region', { name: /Two-factor sign-in|দুই ধাপে সাইন ইন/ });
    return { ...rendered, card };
  }

  it('turning off takes a recovery code: the full keyboard in capitals, not the number pad', async () => {
    const { card } = await onCard({ code: 'invalid_input', message: 'code: Enter the code', fields: { code: 'x' } });
    const code = await within(card).findByLabelText('A code from the app, or a recovery code');
    expect(code).toHaveAttribute('inputmode', 'text');
    expect(code).toHaveAttribute('autocapitalize', 'characters');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('the first code (from the app only) keeps the number pad', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    fakeTwoFactor();
    const { user } = renderApp('/teacherpassword');
    const card = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    await user.type(await within(card).findByLabelText('Your current password'), PASSWORD);
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(await within(card).findByLabelText('Code from the app')).toHaveAttribute('inputmode', 'numeric');
  });

  it.each([
    ['en', 'The code is not one of this account’s. Check it and try again.'],
    ['bn', 'The code is not one of this account’s. Check it and try again.'],
  ] as const)('in %s, a refusal naming a field says the problem without the field’s name', async (lang, shown) => {
    if (lang === 'bn') await setLanguage('bn');
    const { user, card } = await onCard({
      code: 'invalid_input',
      message: 'code: the code is not one of this account’s. Check it and try again.',
      fields: { code: 'the code is not one of this account’s. Check it and try again.' },
    });
    const password = lang === 'en' ? 'Your current password' : 'আপনার বর্তমান পাসওয়ার্ড';
    await user.type(await within(card).findByLabelText(password), PASSWORD);
    await user.type(within(card).getByLabelText(/A code from the app|কোড/), 'ABCDE-FGHJK');
    await user.click(within(card).getByRole('button', { name: lang === 'en' ? 'Turn off' : /বন্ধ করুন/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: lang === 'en' ? 'Turn off' : /বন্ধ করুন/ }));
    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toBe(shown);
  });
});

describe('a school admin whose school requires two-factor sign-in', () => {
  it('is sent to set it up first, sees the QR code, and reaches the rest once it is on', async () => {
    fakeAuthServer({ ...ADMIN, two_factor_setup_required: true }).savedSignIn();
    const api = fakeTwoFactor();
    server.use(http.get('/api/school_info/:id/two_factor', () => HttpResponse.json({ required: true })));
    const { user } = renderApp('/school-admin');

    expect(await screen.findByText('Two-factor sign-in is required')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/two-factor'));
    const card = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    // The school's requirement card is not offered before one's own is on.
    expect(screen.queryByRole('region', { name: 'Two-factor sign-in for school admins' })).toBeNull();
    await user.type(await within(card).findByLabelText('Your current password'), PASSWORD);
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(await within(card).findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    await user.type(within(card).getByLabelText('Code from the app'), '123456');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(await within(card).findByRole('list', { name: 'Pathshala recovery codes' })).toBeInTheDocument();
    expect(api.calls.enable).toEqual(['123456']);
    expect(screen.queryByText('Two-factor sign-in is required')).toBeNull();
    expect(await screen.findByRole('region', { name: 'Two-factor sign-in for school admins' })).toBeInTheDocument();
  });

  it('a wrong first code is said in Bangla from its code', async () => {
    fakeAuthServer({ ...ADMIN, language: 'bn', two_factor_setup_required: true }).savedSignIn();
    server.use(
      http.get('/api/users/2fa', () => HttpResponse.json({ enabled: false, pending: false, recovery_codes_left: 0 })),
      http.post('/api/users/2fa/setup', () => HttpResponse.json({ secret: SECRET, otpauth_uri: URI })),
      http.post('/api/users/2fa/enable', () =>
        HttpResponse.json(
          { error: { code: 'two_factor.wrong_code', message: 'code: wrong', fields: { code: 'wrong' } } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/two-factor');
    const card = await screen.findByRole('region', { name: 'দুই ধাপে সাইন ইন' });
    await user.type(await within(card).findByLabelText('আপনার বর্তমান পাসওয়ার্ড'), PASSWORD);
    await user.click(await within(card).findByRole('button', { name: 'চালু করুন' }));
    await user.type(await within(card).findByLabelText('অ্যাপের কোড'), '000000');
    await user.click(within(card).getByRole('button', { name: 'চালু করুন' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('কোডটি সঠিক নয়। অ্যাপে এখন দেখানো কোডটি লিখুন।');
  });
});

describe('the school’s requirement, as the school admin sees it', () => {
  // The Bangla test above leaves the app in Bangla.
  beforeEach(() => setLanguage('en'));

  it('says the super admin set it, and the school admin cannot lift it', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    fakeTwoFactor().state.enabled = true;
    const puts: unknown[] = [];
    server.use(
      http.get('/api/school_info/:id/two_factor', () =>
        HttpResponse.json({ required: true, set_by: 'super_admin', may_change: false }),
      ),
      http.put('/api/school_info/:id/two_factor', async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json({ required: false, set_by: null, may_change: true });
      }),
    );
    renderApp('/two-factor');
    const card = await screen.findByRole('region', { name: 'Two-factor sign-in for school admins' });
    expect(await within(card).findByText('Required by the super admin.')).toBeInTheDocument();
    const button = within(card).getByRole('button', { name: 'Stop requiring it' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Only the super admin can lift it.');
    expect(puts).toEqual([]);
  });

  it('one a school admin set can be lifted by them', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    fakeTwoFactor().state.enabled = true;
    server.use(
      http.get('/api/school_info/:id/two_factor', () =>
        HttpResponse.json({ required: true, set_by: 'school_admin', may_change: true }),
      ),
    );
    renderApp('/two-factor');
    const card = await screen.findByRole('region', { name: 'Two-factor sign-in for school admins' });
    expect(await within(card).findByText('Required by a school admin of this school.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Stop requiring it' })).toBeEnabled();
  });
});

describe('a new school admin who must choose their own password', () => {
  it('sees no two-factor error on the first screen, and after the change the card shows the state afresh', async () => {
    const auth = fakeAuthServer(ADMIN);
    let changed = false;
    const statusCalls: boolean[] = [];
    server.use(
      http.post('/api/users/login', async ({ request }) => {
        const body = (await request.json()) as { user_code: string };
        auth.valid.add('tok-once');
        auth.jar.session = 'tok-once';
        return HttpResponse.json({
          user_type_id: ADMIN.user_type,
          accessToken: 'tok-once',
          user_code: body.user_code,
          expires_at: '2099-01-01T00:00:00.000Z',
          must_change_password: true,
        });
      }),
      // The server keeps the mark on the account until the password is changed, and refuses
      // everything else meanwhile (server/auth/guard.ts), the two-factor state included.
      http.get('/api/users/user_id', ({ request }) =>
        auth.valid.has(auth.sessionOf(request))
          ? HttpResponse.json({ ...ADMIN, must_change_password: !changed })
          : auth.refuse(),
      ),
      http.get('/api/users/2fa', () => {
        statusCalls.push(changed);
        return changed
          ? HttpResponse.json({ enabled: false, pending: false, recovery_codes_left: 0 })
          : HttpResponse.json(
              { error: { code: 'password_change_required', message: 'Choose your own password first.' } },
              { status: 403 },
            );
      }),
      http.post('/api/update_user', () => {
        changed = true;
        return HttpResponse.json({
          ok: true,
          message: 'password Changed successfully!!',
          code: 'people.password_changed',
        });
      }),
      http.get('/api/school_info/:id/two_factor', () =>
        HttpResponse.json({ required: false, set_by: null, may_change: true }),
      ),
    );
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('User ID, e-mail or phone', undefined, { timeout: 5000 }), 'A-01');
    await user.type(screen.getByLabelText('Password'), 'Aa1Bb2Cc3Dd4');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(currentPath()).toBe('/schoolprofile'), { timeout: 5000 });
    await screen.findByLabelText(/^Current password/, undefined, { timeout: 5000 });
    // The first screen is the password form only: no two-factor card, no error about it.
    expect(screen.queryByText(/Choose your own password first/)).not.toBeInTheDocument();
    expect(
      screen.queryByText('Could not load the two-factor sign-in state.', { exact: false }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Two-factor sign-in' })).not.toBeInTheDocument();
    expect(statusCalls).toEqual([]);

    await user.type(screen.getByLabelText(/^Current password/), 'Aa1Bb2Cc3Dd4');
    await user.type(screen.getByLabelText(/^New password$/), 'new-pass-22');
    await user.type(screen.getByLabelText(/^New password again/), 'new-pass-22');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('password Changed successfully!!')).toBeInTheDocument();
    // Now the card asks the server afresh and shows the state, with no error left behind.
    expect(await screen.findByText('Two-factor sign-in is off.')).toBeInTheDocument();
    expect(screen.queryByText(/Choose your own password first/)).not.toBeInTheDocument();
    // Asked only after the change (StrictMode may start the card's machine twice).
    expect(new Set(statusCalls)).toEqual(new Set([true]));
  });
});
