import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { registerCommands, type Command } from '@/ui/commands';
import { currentPath, fakeAuthServer, renderApp, server, STUDENT, TEACHER, VIEWER } from './helpers';

function optionNames() {
  // The first span is the label; the second carries the group and hints.
  return within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.querySelector('span')?.textContent);
}

describe('command palette', () => {
  beforeEach(() => {
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([])));
  });

  it('opens with Ctrl+K, filters by typing, and Enter goes to the page', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });

    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByPlaceholderText('Search pages and actions…');
    expect(input).toHaveFocus();
    // Every teacher page is listed; no other type's pages are.
    expect(optionNames()).toEqual(expect.arrayContaining(['Teacher Dashboard', 'Take Attendance', 'Log out']));
    expect(optionNames().join('|')).not.toMatch(/Student Dashboard|Add New School|Choose School/);

    await user.type(input, 'attendance');
    await waitFor(() => expect(optionNames()[0]).toBe('Take Attendance'));
    expect(optionNames()).not.toContain('Log out');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Take Attendance');
    expect(screen.getByRole('option', { selected: true })).not.toHaveTextContent('not built yet');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/teacherattendance'));
    expect(screen.queryByPlaceholderText('Search pages and actions…')).not.toBeInTheDocument();
  });

  it('opens with / outside text fields and with the header button; Escape closes it', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const { user } = renderApp('/student-admin');
    await screen.findByRole('heading', { name: 'Student Dashboard' });

    await user.keyboard('/');
    expect(await screen.findByPlaceholderText('Search pages and actions…')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByPlaceholderText('Search pages and actions…')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /Search or jump/ }));
    expect(await screen.findByPlaceholderText('Search pages and actions…')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Search pages and actions…'), 'profile');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/studentprofile'));
  });

  it('? opens the keyboard shortcuts', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const { user } = renderApp('/student-admin');
    await screen.findByRole('heading', { name: 'Student Dashboard' });
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog).toHaveTextContent('Open the command palette');
    expect(dialog).toHaveTextContent('Show these keyboard shortcuts');
  });

  it('Log out from the palette signs out on the server and returns to sign-in', async () => {
    const auth = fakeAuthServer(TEACHER);
    const token = auth.savedSignIn();
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search pages and actions…'), 'log out');
    await user.keyboard('{Enter}');
    expect(await screen.findByLabelText('User ID, e-mail or phone')).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(auth.calls.logout).toEqual([token]);
    expect(auth.valid.has(token)).toBe(false);
    expect(localStorage.length).toBe(0);
  });

  it('offers a viewer “Switch school”', async () => {
    fakeAuthServer(VIEWER).savedSignIn({ id: 3, school_name: 'Hill View High School' });
    const { user } = renderApp('/viewer-admin');
    await screen.findByRole('heading', { name: 'Administrator Dashboard' });
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search pages and actions…'), 'switch');
    await waitFor(() => expect(optionNames()).toEqual(expect.arrayContaining(['Switch school', 'Choose School'])));
    await user.click(screen.getByRole('option', { name: /^Switch school/ }));
    await waitFor(() => expect(currentPath()).toBe('/viewer-school'));
  });

  it('lists commands that feature modules register, and drops them when unregistered', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const performed: string[] = [];
    const unregister = registerCommands((ctx) => [
      {
        id: 'test:probe',
        label: 'Probe the palette',
        group: 'Notices',
        keywords: ['create'],
        perform: () => performed.push(ctx.location),
      },
      {
        id: 'notice:admin-only',
        label: 'Admin only',
        group: 'Notices',
        perform: () => {},
        visible: (c) => c.userType === 4,
      },
    ]);
    try {
      const { user } = renderApp('/teacher-admin');
      await screen.findByRole('heading', { name: 'Teacher Dashboard' });
      await user.keyboard('{Control>}k{/Control}');
      const input = await screen.findByPlaceholderText('Search pages and actions…');
      expect(screen.getByText('Notices', { selector: '[cmdk-group-heading]' })).toBeInTheDocument();
      expect(optionNames()).not.toContain('Admin only');
      await user.type(input, 'probe the');
      await waitFor(() => expect(optionNames()[0]).toBe('Probe the palette'));
      await user.keyboard('{Enter}');
      expect(performed).toEqual(['/teacher-admin']);
    } finally {
      act(() => unregister());
    }
  });

  it('loads commands from registered loaders each time it opens, and lists them when they arrive', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const answers: Array<(commands: Command[]) => void> = [];
    const performed: string[] = [];
    const unregister = registerCommands({
      id: 'test:loader',
      label: 'probes',
      visible: (ctx) => ctx.userType === 2,
      load: () => new Promise<Command[]>((resolve) => answers.push(resolve)),
    });
    try {
      const { user } = renderApp('/teacher-admin');
      await screen.findByRole('heading', { name: 'Teacher Dashboard' });
      expect(answers).toHaveLength(0);
      await user.keyboard('{Control>}k{/Control}');
      const input = await screen.findByPlaceholderText('Search pages and actions…');
      await waitFor(() => expect(answers.length).toBeGreaterThan(0));
      expect(screen.getByRole('progressbar', { name: 'Loading probes' })).toBeInTheDocument();
      await user.type(input, 'zebra');
      expect(screen.getByText('Nothing matches yet.')).toBeInTheDocument();
      act(() => {
        for (const answer of answers)
          answer([
            { id: 'probe:zebra', label: 'Zebra probe', group: 'Probes', perform: () => performed.push('zebra') },
          ]);
      });
      await waitFor(() => expect(optionNames()).toEqual(['Zebra probe']));
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      await user.keyboard('{Enter}');
      expect(performed).toEqual(['zebra']);

      // Opened again: asked again.
      const before = answers.length;
      await user.keyboard('{Control>}k{/Control}');
      await screen.findByPlaceholderText('Search pages and actions…');
      await waitFor(() => expect(answers.length).toBeGreaterThan(before));
    } finally {
      act(() => unregister());
    }
  });

  it('is not available to signed-out visitors', async () => {
    const { user } = renderApp('/login');
    await screen.findByLabelText('User ID, e-mail or phone');
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.queryByPlaceholderText('Search pages and actions…')).not.toBeInTheDocument();
  });
});

describe('scoreCommand', () => {
  it('ranks the label’s start, then a word of it, then keywords; hides the rest', async () => {
    const { scoreCommand } = await import('@/ui/commands');
    expect(scoreCommand('Log out', ['sign out'], 'log')).toBe(1);
    expect(scoreCommand('Take Attendance', [], 'att')).toBe(0.9);
    expect(scoreCommand('Homework', [], 'work')).toBe(0.8);
    expect(scoreCommand('Choose School', ['switch school'], 'switch')).toBe(0.6);
    expect(scoreCommand('Take Attendance', ['present'], 'tak att')).toBe(0.6);
    expect(scoreCommand('Academic Calendar', ['holidays'], 'log out')).toBe(0);
    expect(scoreCommand('Anything', [], '   ')).toBe(1);
  });
});
