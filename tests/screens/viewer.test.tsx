import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  currentPath,
  fakeAuthServer,
  renderApp,
  schoolRow,
  server,
  signInWith,
  storedSession,
  VIEWER,
} from './helpers';

describe('viewer', () => {
  it('lands on the school list, picks a school, and sees its dashboard with its name', async () => {
    const auth = fakeAuthServer(VIEWER);
    const asked: Array<string | null> = [];
    server.use(
      http.get('/api/school_info', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('admin_id'));
        return HttpResponse.json([
          schoolRow({
            id: 3,
            school_name: 'Hill View High School',
            address_district: 'Sylhet',
            address_upazilla: 'Sadar',
          }),
          schoolRow({
            id: 4,
            school_name: 'River Side Girls School',
            address_district: 'Khulna',
            address_upazilla: 'Rupsha',
          }),
        ]);
      }),
    );
    const { user } = renderApp('/login');
    await signInWith(user, 'V-9', 'correct horse');

    expect(await screen.findByRole('heading', { name: 'Choose a school' })).toBeInTheDocument();
    expect(currentPath()).toBe('/viewer-school');
    const list = await screen.findByRole('list', { name: 'Your schools' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.querySelector('span span')?.textContent),
    ).toEqual(['Hill View High School', 'River Side Girls School']);
    expect(asked).toEqual(['9']);

    await user.click(within(list).getByRole('button', { name: /River Side Girls School/ }));
    expect(await screen.findByRole('heading', { name: 'Administrator Dashboard' })).toBeInTheDocument();
    expect(currentPath()).toBe('/viewer-admin');
    expect(screen.getByText('River Side Girls School', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByTestId('header-school')).toHaveTextContent('River Side Girls School');
    expect(storedSession()?.school).toEqual({ id: 4, school_name: 'River Side Girls School' });
    expect(auth.calls.login).toHaveLength(1);

    const tiles = screen.getByRole('navigation', { name: 'Features' });
    expect([...tiles.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/viewer-calender',
      '/viewerRoutine',
      '/viewershowattendanceview',
      '/showhomework',
      '/viewevaluation',
      '/viewer-notice',
      '/student-resource',
      // The Payment tile: the chosen school's fee reports, read only.
      '/payment',
      '/student-activity',
      '/student-eschool',
    ]);
  });

  it('is sent to the school list when opening the dashboard without a chosen school', async () => {
    fakeAuthServer(VIEWER).savedSignIn();
    server.use(http.get('/api/school_info', () => HttpResponse.json([])));
    renderApp('/viewer-admin');
    expect(
      await screen.findByText(
        "No schools are linked to your account yet. Ask the portal's administrator to link them.",
      ),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/viewer-school');
    expect(screen.getByText('Choose a school first.')).toBeInTheDocument();
  });

  it('keeps the chosen school across a reload', async () => {
    fakeAuthServer(VIEWER).savedSignIn({ id: 3, school_name: 'Hill View High School' });
    renderApp('/viewer-admin');
    expect(await screen.findByRole('heading', { name: 'Administrator Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('header-school')).toHaveTextContent('Hill View High School'));
  });
});
