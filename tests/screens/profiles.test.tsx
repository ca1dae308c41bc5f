/**
 * The profile screen (/myprofile) and homework marks on screen, against msw (docs/DOMAIN.md,
 * "Profiles", "Homework marks"): what is sent, what is said in both languages, the header's name
 * and photo after a save, the marking row's keyboard and the student's view of a mark.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MyProfile } from '@/api/schemas/profiles';
import type { StudentHomeworkRow, SubmissionRow } from '@/api/schemas/homework';
import { setLanguage } from '@/i18n/i18n';
import { currentPath, fakeAuthServer, renderApp, server, STUDENT, TEACHER, TEACHER_CARD } from './helpers';

afterEach(async () => {
  await setLanguage('en');
});

const MINE: MyProfile = {
  user_id: 7,
  user_type: 2,
  user_code: 'T-1001',
  code: 'T-1001',
  first_name: 'Rahima',
  middle_name: '',
  last_name: 'Khatun',
  full_name: 'Rahima Khatun',
  mobile: '01711000001',
  email: 'rahima@gvs.example',
  dob: '1985-04-12',
  blood_group: 'A+',
  designation: 'Assistant Teacher',
  department: 'Science',
  school_name: 'Green Valley School',
  photo_url: null,
};
const PHOTO = '/api/profile/photo/7?v=0123456789abcdef';

/** The teacher's profile API: the read, the save (its bodies kept), the photo, and the session's copy. */
function profileServer(answer: 'ok' | 'taken' = 'ok') {
  const calls = { saves: [] as Record<string, unknown>[], photos: [] as string[], keys: [] as (string | null)[] };
  let current = { ...MINE };
  server.use(
    http.get('/api/profile/me', () => HttpResponse.json(current)),
    http.post('/api/teacher/profile_update', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.saves.push(body);
      calls.keys.push(request.headers.get('idempotency-key'));
      if (answer === 'taken') {
        return HttpResponse.json(
          {
            error: {
              code: 'people.duplicate',
              message: 'mobile: is already another account’s',
              fields: { mobile: 'is taken' },
            },
          },
          { status: 409 },
        );
      }
      current = { ...current, ...(body as Partial<MyProfile>) };
      current.full_name = `${current.first_name} ${current.last_name}`;
      return HttpResponse.json({ ok: true, message: 'Profile updated', code: 'profiles.updated' });
    }),
    http.post('/api/profile/photo', async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file') as File;
      // (the interceptor's FormData loses a file's name; its type stays)
      calls.photos.push(file.type);
      current = { ...current, photo_url: PHOTO };
      return HttpResponse.json({ ok: true, message: 'Photo saved', code: 'profiles.photo_saved', photo_url: PHOTO });
    }),
    // The session's copy after a save: what the header shows.
    http.get('/api/users/user_id', () =>
      HttpResponse.json({
        ...TEACHER,
        first_name: current.first_name,
        last_name: current.last_name,
        full_name: current.full_name,
        photo_url: current.photo_url,
      }),
    ),
  );
  return calls;
}

describe('/myprofile', () => {
  it('a slip is named and nothing is sent; a save says "Profile updated" and the header takes the new name', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const calls = profileServer();
    const { user } = renderApp('/myprofile');
    expect(await screen.findByRole('heading', { name: 'Edit my profile', level: 1 })).toBeInTheDocument();
    const mobile = await screen.findByRole('textbox', { name: 'Mobile number' });
    expect(mobile).toHaveValue('01711000001');
    expect(screen.getByRole('textbox', { name: 'Designation' })).toHaveValue('Assistant Teacher');
    expect(screen.getByRole('combobox', { name: 'Blood group' })).toHaveValue('A+');

    await user.clear(mobile);
    await user.type(mobile, '12345{Enter}');
    expect(await screen.findByText('Enter a mobile number like 01712345678.')).toBeInTheDocument();
    expect(calls.saves).toEqual([]);

    await user.clear(mobile);
    await user.type(mobile, '01911000222');
    await user.clear(screen.getByRole('textbox', { name: 'Last name' }));
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Begum');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Blood group' }), 'O-');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(calls.saves).toEqual([
      {
        first_name: 'Rahima',
        last_name: 'Begum',
        mobile: '01911000222',
        email: 'rahima@gvs.example',
        dob: '1985-04-12',
        blood_group: 'O-',
        middle_name: '',
        designation: 'Assistant Teacher',
        department: 'Science',
      },
    ]);
    expect(calls.keys[0]).toMatch(/.+/);
    // Never the old portal's misleading words.
    expect(screen.queryByText(/password Changed/i)).toBeNull();
    await waitFor(() => expect(screen.getByTestId('header-identity')).toHaveTextContent('Rahima Begum'));
  });

  it('a mobile another account has is named next to it, what was typed kept', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    profileServer('taken');
    const { user } = renderApp('/myprofile');
    const mobile = await screen.findByRole('textbox', { name: 'Mobile number' });
    await user.clear(mobile);
    await user.type(mobile, '01911000333{Enter}');
    expect(await screen.findByText('Another account already has this.')).toBeInTheDocument();
    expect(mobile).toHaveValue('01911000333');
    expect(screen.queryByText('Profile updated')).toBeNull();
  });

  it('in Bangla: the form and the saved message', async () => {
    await setLanguage('bn');
    fakeAuthServer(TEACHER).savedSignIn();
    profileServer();
    const { user } = renderApp('/myprofile');
    expect(await screen.findByRole('heading', { name: 'আমার প্রোফাইল সম্পাদনা', level: 1 })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'প্রোফাইল সংরক্ষণ করুন' }));
    expect(await screen.findByText('প্রোফাইল হালনাগাদ হয়েছে')).toBeInTheDocument();
  });

  it('a photo: a GIF is named and not sent; a PNG is uploaded and shows in the header', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const calls = profileServer();
    renderApp('/myprofile');
    expect(await screen.findByText('No photo yet: your initials are shown instead.')).toBeInTheDocument();
    const input = screen.getByTestId('photo-input');
    // Past the picker's filter (a phone's picker may offer anything): the flow names it.
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'me.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Choose a JPEG or PNG picture.')).toBeInTheDocument();
    expect(calls.photos).toEqual([]);

    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText('Photo saved')).toBeInTheDocument();
    expect(calls.photos).toEqual(['image/png']);
    expect(screen.getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', PHOTO);
    const menu = screen.getByRole('button', { name: 'Profile menu, RK' });
    await waitFor(() => expect(within(menu).getByTestId('avatar-photo')).toHaveAttribute('src', PHOTO));
  });

  it('the palette’s "Edit my profile" opens it', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    profileServer();
    server.use(http.get('/api/teacher/profile', () => HttpResponse.json(TEACHER_CARD)));
    const { user } = renderApp('/teacherprofile');
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('combobox'), 'Edit my profile');
    await user.click(await within(dialog).findByRole('option', { name: /Edit my profile/ }));
    await waitFor(() => expect(currentPath()).toBe('/myprofile'));
  });
});

// ---------------------------------------------------------------- homework marks

const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
const HW = {
  id: 9,
  school_info_id: 10,
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
  topic: 'Fractions',
  details: 'Exercise 3.2',
  issue_date: '2026-11-20',
  due_date: '2026-11-27',
  file_url: null,
  attachment_link: null,
  file_name: null,
  submitted: 1,
  students: 2,
};
const SUBMITTED: SubmissionRow = {
  student_id: 1,
  student_code: 'S-1',
  full_name: 'Arif Hossain',
  first_name: 'Arif',
  class_roll_no: 1,
  status: 'submitted',
  submission_id: 5,
  submission_time: '2026-11-21T10:00:00Z',
  file_url: '/api/homework/submission/file/5',
  file_name: 'a.txt',
  mark: null,
  feedback: null,
  marked_at: null,
};

describe('homework marks', () => {
  it('the teacher marks in the row: a mark out of range is named, Enter saves, "Mark saved"', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const posts: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/homework/teacher/submitlist', ({ request }) =>
        HttpResponse.json({
          rows: [
            SUBMITTED,
            {
              ...SUBMITTED,
              student_id: 2,
              student_code: 'S-2',
              full_name: 'Mita Rani',
              status: 'missing',
              submission_id: null,
              submission_time: null,
              file_url: null,
              file_name: null,
            },
          ],
          total: 2,
          limit: Number(query(request).limit),
          offset: 0,
          homework: HW,
        }),
      ),
      http.post('/api/homework_mark/update', async ({ request }) => {
        const body = (await request.json()) as { submission_id: number; mark: number; feedback: string };
        posts.push(body);
        return HttpResponse.json({
          ok: true,
          message: 'Mark saved',
          code: 'homework.mark_saved',
          ...body,
          marked_at: '2026-11-22T05:00:00.000Z',
          full_mark: 100,
        });
      }),
    );
    const { user } = renderApp('/homeworksubmitlist?homework=9');
    const mark = await screen.findByRole('textbox', { name: 'Mark for Arif Hossain' });
    // No answer, nothing to mark.
    expect(screen.queryByRole('textbox', { name: 'Mark for Mita Rani' })).toBeNull();
    await user.type(mark, '101{Enter}');
    expect(await screen.findByText('Enter a number from 0 to 100, with at most two decimals.')).toBeInTheDocument();
    expect(posts).toEqual([]);
    await user.clear(mark);
    await user.type(mark, '৮.৫');
    await user.type(screen.getByRole('textbox', { name: 'Feedback for Arif Hossain' }), 'Good diagram.{Enter}');
    expect(await screen.findByText('Mark saved')).toBeInTheDocument();
    expect(posts).toEqual([{ submission_id: 5, mark: 8.5, feedback: 'Good diagram.' }]);
  });

  it('an admin reads the marks, with no form', async () => {
    const { ADMIN } = await import('./helpers');
    fakeAuthServer(ADMIN).savedSignIn();
    server.use(
      http.get('/api/homework/teacher/submitlist', ({ request }) =>
        HttpResponse.json({
          rows: [{ ...SUBMITTED, mark: 8.5, feedback: 'Good diagram.', marked_at: '2026-11-22T05:00:00.000Z' }],
          total: 1,
          limit: Number(query(request).limit),
          offset: 0,
          homework: HW,
        }),
      ),
    );
    renderApp('/submitdetails?homework=9');
    expect(await screen.findByText('8.5 out of 100')).toBeInTheDocument();
    expect(screen.getByText('Good diagram.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Mark for Arif Hossain' })).toBeNull();
  });

  it('the student sees the mark and the feedback on their homework, in Bangla too', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const row: StudentHomeworkRow = {
      ...HW,
      submission: {
        id: 5,
        status: 'submitted',
        submission_time: '2026-11-21T10:00:00Z',
        file_url: '/api/homework/submission/file/5',
        file_name: 'a.txt',
        mark: 8.5,
        feedback: 'Good diagram.',
        marked_at: '2026-11-22T05:00:00.000Z',
      },
    };
    server.use(
      http.get('/api/homework/student', ({ request }) =>
        HttpResponse.json({ rows: [row], total: 1, limit: Number(query(request).limit ?? 20), offset: 0 }),
      ),
    );
    renderApp('/studenthomework');
    const note = await screen.findByTestId('homework-mark');
    expect(note).toHaveTextContent('8.5 out of 100');
    expect(note).toHaveTextContent('Good diagram.');
    await setLanguage('bn');
    await waitFor(() => expect(screen.getByTestId('homework-mark')).toHaveTextContent('৮.৫ ১০০-এর মধ্যে'));
  });
});
