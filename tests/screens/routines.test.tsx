import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setLanguage } from '@/i18n/i18n';
import { fakeAuthServer, renderApp, routineRow, server, STUDENT, TEACHER } from './helpers';

/** Sunday's first period: Mathematics in Six A, room 201. */
const sundayFirst = () =>
  routineRow({
    id: 1,
    day_id: 1,
    day: 'Sunday',
    period_code: '1st',
    start_time: '10:00:00',
    end_time: '10:45:00',
    subject_name: 'Mathematics',
    class_name: 'Six',
    section_default_name: 'A',
    room: '201',
  });

/** A teacher's Sunday: Mathematics in Six A, then ICT in Ten A. */
const teachersWeek = () =>
  server.use(
    http.get('/api/routine/teacher', () =>
      HttpResponse.json([
        sundayFirst(),
        routineRow({
          id: 2,
          day_id: 1,
          day: 'Sunday',
          period_code: '2nd',
          start_time: '10:45:00',
          end_time: '11:30:00',
          subject_name: 'ICT',
          class_name: 'Ten',
          section_default_name: 'A',
          room: '204',
        }),
      ]),
    ),
  );

describe('weekly routines', () => {
  it('/routine shows the teacher’s week as day cards in period order, with class and room', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    server.use(
      http.get('/api/routine/teacher', () =>
        HttpResponse.json([
          routineRow({
            id: 2,
            day_id: 1,
            day: 'Sunday',
            period_code: '2nd',
            start_time: '10:45:00',
            end_time: '11:30:00',
            subject_name: 'Mathematics',
            class_name: 'Seven',
            section_default_name: 'B',
            room: '204',
          }),
          sundayFirst(),
          routineRow({
            id: 3,
            day_id: 3,
            day: 'Tuesday',
            period_code: '4th',
            start_time: '12:45:00',
            end_time: '13:30:00',
            subject_name: 'ICT',
            class_name: 'Ten',
            section_default_name: 'A',
            room: 'Lab',
          }),
        ]),
      ),
    );
    renderApp('/routine');
    expect(await screen.findByRole('heading', { name: 'My Routine' })).toBeInTheDocument();
    const sunday = await screen.findByRole('region', { name: /Sunday/ });
    const items = within(sunday)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toContain('1st · Mathematics');
    expect(items[0]).toContain('Class Six, Section A · Room 201');
    expect(items[0]).toContain('10:00 AM–10:45 AM');
    expect(items[1]).toContain('2nd');
    expect(within(screen.getByRole('region', { name: /Tuesday/ })).getByText(/ICT/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Monday/ })).not.toBeInTheDocument();
  });

  it('/studentroutine asks for the student’s own section and shows teacher initials', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const asked: string[] = [];
    server.use(
      http.get('/api/routine/student', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json([
          routineRow({
            id: 9,
            day_id: 2,
            day: 'Monday',
            period_code: '3rd',
            subject_name: 'English',
            initial: 'NAK',
            room: '201',
          }),
        ]);
      }),
    );
    renderApp('/studentroutine');
    const monday = await screen.findByRole('region', { name: /Monday/ });
    expect(monday).toHaveTextContent('3rd · English');
    expect(monday).toHaveTextContent('Teacher NAK · Room 201');
    expect(asked[0]).toContain(`section_id=${STUDENT.section_id}`);
    expect(asked[0]).toContain(`class_id=${STUDENT.class}`);
  });

  it('says so when a section has no routine', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    server.use(http.get('/api/routine/student', () => HttpResponse.json([])));
    renderApp('/studentroutine');
    expect(await screen.findByText('Your section has no routine yet.')).toBeInTheDocument();
  });
});

describe('class and subject names in the routine', () => {
  afterEach(() => setLanguage('en'));

  it('in Bangla, /routine names the class and subject by the school’s Bangla names, in the cards and the grid', async () => {
    await setLanguage('bn');
    fakeAuthServer(TEACHER).savedSignIn();
    teachersWeek();
    const { user } = renderApp('/routine');
    const sunday = await screen.findByRole('region', { name: /রবিবার/ });
    const items = within(sunday).getAllByRole('listitem');
    // GET /api/names/bn (tests/helpers/msw.ts): Six → ষষ্ঠ, Mathematics → গণিত, Ten → দশম, ICT → তথ্য ও যোগাযোগ প্রযুক্তি.
    await waitFor(() => expect(items[0]).toHaveTextContent('১ম · গণিত'));
    expect(items[0]).toHaveTextContent('শ্রেণি ষষ্ঠ, শাখা A · কক্ষ ২০১');
    expect(items[1]).toHaveTextContent('২য় · তথ্য ও যোগাযোগ প্রযুক্তি');
    expect(items[1]).toHaveTextContent('শ্রেণি দশম, শাখা A');
    expect(screen.getByRole('main').textContent).not.toMatch(/Mathematics|ICT|Six|Ten/);
    await user.click(screen.getByRole('button', { name: 'সপ্তাহ' }));
    const grid = await screen.findByRole('table');
    expect(within(grid).getAllByText('গণিত').length).toBeGreaterThan(0);
    expect(grid).toHaveTextContent('শ্রেণি ষষ্ঠ, শাখা A');
    expect(screen.getByRole('main').textContent).not.toMatch(/Mathematics|ICT|Six|Ten/);
  });

  it('in English, /routine keeps the names as the school wrote them', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    teachersWeek();
    const { user } = renderApp('/routine');
    const sunday = await screen.findByRole('region', { name: /Sunday/ });
    const items = within(sunday).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('1st · Mathematics');
    expect(items[0]).toHaveTextContent('Class Six, Section A · Room 201');
    expect(items[1]).toHaveTextContent('2nd · ICT');
    await user.click(screen.getByRole('button', { name: 'Week' }));
    const grid = await screen.findByRole('table');
    expect(within(grid).getAllByText('Mathematics').length).toBeGreaterThan(0);
    expect(grid).toHaveTextContent('Class Six, Section A');
    expect(screen.getByRole('main').textContent).not.toMatch(/গণিত|ষষ্ঠ/);
  });
});
