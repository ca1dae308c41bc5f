/**
 * Subject activity screens against msw (docs/DOMAIN.md, "Exams and grades", subject activities):
 * the teacher sets one (multipart: the form and the full mark read from Bangla digits), marks an
 * answer in a dialog (a mark above the full mark is refused before sending); the student must
 * write or attach something, answers and goes back to the list, and sees a late refusal in their
 * language; a guardian reads a child's activity and mark without the form; Bangla shows the
 * catalogue's words.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TeacherOption } from '@/api/schemas/homework';
import type {
  ActivityAnswerRow,
  StudentSubjectActivityRow,
  SubjectActivityRow,
} from '@/api/schemas/subject-activities';
import type { GuardianChild } from '@/api/schemas/guardians';
import { setLanguage } from '@/i18n/i18n';
import { currentPath, fakeAuthServer, GUARDIAN, renderApp, server, STUDENT, TEACHER } from './helpers';

const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
function page<T>(rows: T[], q: Record<string, string> = {}) {
  const limit = Number(q.limit ?? 20);
  const offset = Number(q.offset ?? 0);
  return HttpResponse.json({ rows: rows.slice(offset, offset + limit), total: rows.length, limit, offset });
}

const OPTIONS: TeacherOption[] = [
  {
    class_id: 6,
    class_name: 'Six',
    section_id: 3,
    section_name: 'A',
    subject_id: 21,
    subject_name: 'Mathematics',
    session_id: 2,
  },
];

function activity(over: Partial<SubjectActivityRow> = {}): SubjectActivityRow {
  return {
    id: 7,
    school_info_id: 1,
    session_id: 2,
    session_year: '2026',
    class_id: 6,
    class_name: 'Six',
    section_id: 3,
    section_local_name: 'A',
    subject_id: 21,
    subject_name: 'Mathematics',
    teacher_id: 41,
    initial: 'RK',
    teacher_name: 'Rahima Khatun',
    title: 'Water cycle',
    questions: 'Draw the water cycle.',
    starts_at: '2026-11-25T04:00:00.000Z',
    due_at: '2026-11-25T10:00:00.000Z',
    full_mark: 10,
    state: 'open',
    file_url: null,
    file_name: null,
    submitted: 1,
    marked: 0,
    students: 2,
    ...over,
  };
}

const studentRow = (over: Partial<StudentSubjectActivityRow> = {}): StudentSubjectActivityRow => ({
  ...activity(),
  submission: null,
  ...over,
});

const ANSWERS: ActivityAnswerRow[] = [
  {
    student_id: 1,
    student_code: 'S-1',
    full_name: 'Rahim Uddin',
    class_roll_no: 1,
    status: 'submitted',
    submission_id: 31,
    submission_time: '2026-11-25T05:00:00.000Z',
    answer: 'Evaporation is…',
    file_url: null,
    file_name: null,
    mark: null,
    feedback: '',
  },
  {
    student_id: 2,
    student_code: 'S-2',
    full_name: 'Karim Ali',
    class_roll_no: 2,
    status: 'missing',
    submission_id: null,
    submission_time: null,
    answer: null,
    file_url: null,
    file_name: null,
    mark: null,
    feedback: null,
  },
];

afterEach(async () => {
  await setLanguage('en');
});

describe('teacher', () => {
  it('sets an activity: the form goes as multipart, the full mark read from Bangla digits, then the form clears', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const posts: Record<string, string>[] = [];
    let lists = 0;
    server.use(
      http.get('/api/homework/teacher/options', () => HttpResponse.json(OPTIONS)),
      http.get('/api/activities/teacher/individual', ({ request }) => {
        lists++;
        return page([activity()], query(request));
      }),
      http.post('/api/activities/teacher', async ({ request }) => {
        const fields: Record<string, string> = {};
        (await request.formData()).forEach((v, k) => {
          if (typeof v === 'string') fields[k] = v;
        });
        posts.push(fields);
        return HttpResponse.json({
          ok: true,
          id: 9,
          message: 'New activity added successfully!!',
          code: 'subject_activities.created',
        });
      }),
    );
    const { user } = renderApp('/teacheractivity');
    expect(await screen.findByRole('heading', { name: 'Subject Activities', level: 1 })).toBeInTheDocument();
    // The list links each activity to its answers.
    expect(await screen.findByRole('link', { name: '1 of 2 answered, 0 marked' })).toHaveAttribute(
      'href',
      '/activitysubmitlist?activity=7',
    );
    await screen.findByRole('option', { name: 'Six' });
    await user.selectOptions(screen.getByLabelText('Class'), 'Six');
    await user.selectOptions(screen.getByLabelText('Section'), 'A');
    await user.selectOptions(screen.getByLabelText('Subject'), 'Mathematics');
    await user.type(screen.getByLabelText('Title'), 'Water cycle');
    await user.type(screen.getByLabelText('Questions'), 'Draw it.');
    fireEvent.change(screen.getByLabelText('Starts at'), { target: { value: '2099-11-25T10:00' } });
    fireEvent.change(screen.getByLabelText('Due at'), { target: { value: '2099-11-25T12:00' } });
    await user.type(screen.getByLabelText('Full mark'), '২০');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('New activity added successfully!!')).toBeInTheDocument();
    expect(posts).toEqual([
      {
        class_id: '6',
        section_id: '3',
        subject_id: '21',
        title: 'Water cycle',
        questions: 'Draw it.',
        starts_at: '2099-11-25T10:00',
        due_at: '2099-11-25T12:00',
        full_mark: '20',
      },
    ]);
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue(''));
    await waitFor(() => expect(lists).toBeGreaterThanOrEqual(2));
  });

  it('names a due time before the start and sends nothing', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    let posted = 0;
    server.use(
      http.get('/api/homework/teacher/options', () => HttpResponse.json(OPTIONS)),
      http.get('/api/activities/teacher/individual', ({ request }) => page([], query(request))),
      http.post('/api/activities/teacher', () => {
        posted++;
        return HttpResponse.json({});
      }),
    );
    const { user } = renderApp('/teacheractivity');
    await screen.findByRole('option', { name: 'Six' });
    await user.selectOptions(screen.getByLabelText('Class'), 'Six');
    await user.selectOptions(screen.getByLabelText('Section'), 'A');
    await user.selectOptions(screen.getByLabelText('Subject'), 'Mathematics');
    await user.type(screen.getByLabelText('Title'), 'Quiz');
    fireEvent.change(screen.getByLabelText('Starts at'), { target: { value: '2099-11-25T12:00' } });
    fireEvent.change(screen.getByLabelText('Due at'), { target: { value: '2099-11-25T10:00' } });
    await user.type(screen.getByLabelText('Full mark'), '10');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The due time must be after the start time.')).toBeInTheDocument();
    expect(screen.getByText('No Data To Show')).toBeInTheDocument();
    expect(posted).toBe(0);
  });

  it('marks an answer: above the full mark is refused before sending, then the mark goes and the list reloads', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const marks: unknown[] = [];
    let lists = 0;
    server.use(
      http.get('/api/activities/teacher/submitlist', ({ request }) => {
        lists++;
        expect(query(request).home_work_id).toBe('7');
        return HttpResponse.json({ rows: ANSWERS, total: 2, limit: 100, offset: 0, activity: activity() });
      }),
      http.post('/api/teacher_extra_curriculum_marks', async ({ request }) => {
        marks.push(await request.json());
        return HttpResponse.json({
          ok: true,
          submission_id: 31,
          mark: 8.5,
          feedback: 'Clear.',
          message: 'Activity mark saved.',
          code: 'subject_activities.marked',
        });
      }),
    );
    const { user } = renderApp('/activitysubmitlist?activity=7');
    expect(await screen.findByRole('heading', { name: 'Activity Answers', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Evaporation is…')).toBeInTheDocument();
    expect(screen.getByText('Not answered')).toBeInTheDocument();
    // Only an answer can be marked.
    expect(screen.queryByRole('button', { name: 'Mark Karim Ali’s answer' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark Rahim Uddin’s answer' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Mark'), '11');
    await user.click(within(dialog).getByRole('button', { name: 'Save mark' }));
    expect(await within(dialog).findByText('The mark must not be more than the full mark.')).toBeInTheDocument();
    expect(marks).toEqual([]);
    await user.clear(within(dialog).getByLabelText('Mark'));
    await user.type(within(dialog).getByLabelText('Mark'), '8.5');
    await user.type(within(dialog).getByLabelText('Feedback'), 'Clear.');
    await user.click(within(dialog).getByRole('button', { name: 'Save mark' }));
    expect(await screen.findByText('Activity mark saved.')).toBeInTheDocument();
    expect(marks).toEqual([{ submission_id: 31, mark: 8.5, feedback: 'Clear.' }]);
    await waitFor(() => expect(lists).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('student', () => {
  it('lists activities with their state and mark, and opens one', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    server.use(
      http.get('/api/activities/student', ({ request }) =>
        page(
          [
            studentRow(),
            studentRow({
              id: 8,
              title: 'Poster',
              state: 'closed',
              submission: {
                id: 3,
                answer: 'x',
                submission_time: '2026-11-25T05:00:00.000Z',
                file_url: null,
                file_name: null,
                mark: 7.5,
                feedback: '',
                marked_at: '2026-11-25T06:00:00.000Z',
              },
            }),
          ],
          query(request),
        ),
      ),
    );
    renderApp('/studentactivities');
    expect(await screen.findByRole('heading', { name: 'Activities', level: 1 })).toBeInTheDocument();
    const cards = await screen.findByRole('list', { name: 'Your activities' });
    expect(within(cards).getByText('Marked: 7.5 of 10')).toBeInTheDocument();
    expect(within(cards).getByText('Not answered')).toBeInTheDocument();
    expect(within(cards).getByText('Closed')).toBeInTheDocument();
    expect(within(cards).getByRole('link', { name: 'Open “Water cycle”' })).toHaveAttribute(
      'href',
      '/studentactivitysubmit?activity=7',
    );
  });

  it('must write or attach something; then the answer goes and the student is back on the list', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const posts: Record<string, string>[] = [];
    server.use(
      http.get('/api/activities/student/id', () => HttpResponse.json(studentRow())),
      http.get('/api/activities/student', ({ request }) => page([studentRow()], query(request))),
      http.post('/api/activities/submit', async ({ request }) => {
        const fields: Record<string, string> = {};
        (await request.formData()).forEach((v, k) => {
          if (typeof v === 'string') fields[k] = v;
        });
        posts.push(fields);
        return HttpResponse.json({
          ok: true,
          id: 3,
          message: 'Activity answer submitted successfully!!',
          code: 'subject_activities.submitted',
        });
      }),
    );
    const { user } = renderApp('/studentactivitysubmit?activity=7');
    expect(await screen.findByText('Draw the water cycle.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit answer' }));
    expect(await screen.findByText('Write an answer or choose a file.')).toBeInTheDocument();
    expect(posts).toEqual([]);
    await user.type(screen.getByLabelText('Your answer'), 'Evaporation and rain.');
    await user.click(screen.getByRole('button', { name: 'Submit answer' }));
    expect(await screen.findByText('Activity answer submitted successfully!!')).toBeInTheDocument();
    expect(posts).toEqual([{ homework_id: '7', answer: 'Evaporation and rain.' }]);
    await waitFor(() => expect(currentPath()).toBe('/studentactivities'));
  });

  it('a late answer: the refusal in Bangla, and what was typed kept', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    await setLanguage('bn');
    server.use(
      http.get('/api/activities/student/id', () => HttpResponse.json(studentRow())),
      http.post('/api/activities/submit', () =>
        HttpResponse.json(
          {
            error: {
              code: 'subject_activities.closed',
              message: 'The due time has passed: answers are no longer taken.',
            },
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp('/studentactivitysubmit?activity=7');
    const box = await screen.findByLabelText('তোমার উত্তর');
    await user.type(box, 'late');
    await user.click(screen.getByRole('button', { name: 'উত্তর জমা দাও' }));
    expect(await screen.findByText(/জমার শেষ সময় পেরিয়ে গেছে: আর উত্তর নেওয়া হয় না।/)).toBeInTheDocument();
    expect(screen.getByLabelText('তোমার উত্তর')).toHaveValue('late');
  });
});

describe('guardian', () => {
  const CHILD: GuardianChild = {
    student_id: 41,
    student_code: 'S-1-0001',
    full_name: 'Arif Hossain',
    relation: 'father',
    school_info_id: 1,
    school_name: 'Green Valley School',
    session_id: 1,
    class_id: 6,
    class_name: 'Six',
    section_id: 3,
    section_default_name: 'A',
    class_roll_no: 7,
    today: '2026-11-25',
  };

  it('reads a child’s activity, answer and mark, without the form', async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    const asked: Record<string, string>[] = [];
    server.use(
      http.get('/api/guardian/children', () => HttpResponse.json([CHILD])),
      http.get('/api/activities/student/id', ({ request }) => {
        asked.push(query(request));
        return HttpResponse.json(
          studentRow({
            submission: {
              id: 3,
              answer: 'Rain falls.',
              submission_time: '2026-11-25T05:00:00.000Z',
              file_url: null,
              file_name: null,
              mark: 9,
              feedback: 'Well done.',
              marked_at: '2026-11-25T06:00:00.000Z',
            },
          }),
        );
      }),
    );
    renderApp('/studentactivitysubmit?student=41&activity=7');
    expect(await screen.findByText('Rain falls.')).toBeInTheDocument();
    expect(screen.getByText('Mark: 9 of 10')).toBeInTheDocument();
    expect(screen.getByText('Teacher’s feedback: Well done.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit answer' })).not.toBeInTheDocument();
    expect(asked).toEqual([{ homework_id: '7', student_id: '41' }]);
  });
});
