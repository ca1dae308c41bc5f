import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { fakeAuthServer, renderApp, routineRow, server, STUDENT, TEACHER } from './helpers';

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
          }),
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
