/**
 * Mark entry offline, against a mock API with fake-indexeddb fresh for each test: a
 * sheet opened while online is kept on the device and opens again with no network; a save the
 * network fails is kept on the phone ("Saved on this phone, will send when online") with its
 * time the teacher saved (entered_at) and a key of its own, and back online the queue sends it under
 * that key and the page says the school has the marks; marks someone changed after entered_at
 * stand, and the page says how many and which (never that all were saved); results published
 * meanwhile (409 exams.locked) are shown with what to do.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ExamInfoRow, ExamMarkBody, StudentMarkRow } from '@/api/schemas/exams';
import { queuedItems, resetOfflineStoreForTests } from '@/offline/store';
import { fakeAuthServer, renderApp, server, TEACHER } from './helpers';

const SLOW = { timeout: 5000 };
const MATH_A: ExamInfoRow = {
  id: 501,
  session_id: 2,
  session_year: '2026',
  exam_name_id: 33,
  exam_name: 'Monthly Class Test 3',
  kind: 'class_test',
  class_id: 6,
  class_name: 'Six',
  section_id: 3,
  section_default_name: 'A',
  subject_id: 21,
  subject_name: 'Mathematics',
  teacher_id: 41,
  initial: 'RK',
  full_marks: 20,
  converted_marks: 20,
  exam_date: '2026-11-24',
};
const ROWS: StudentMarkRow[] = [
  { student_id: 1, student_code: 'S-1', name: 'Arif Hossain', class_roll_no: 1, mark_id: null, marks_obtained: null },
  { student_id: 2, student_code: 'S-2', name: 'Babul Mia', class_roll_no: 2, mark_id: 902, marks_obtained: 12 },
];
const URL_A = '/teacherevaluation?exam_name_id=33&class_id=6&section_id=3&subject_id=21';
const field = (name: string, roll: number) =>
  screen.getByRole('textbox', { name: `Marks Obtained of ${name}, roll ${roll}` });

/** The exam reads, answering or (network: false) dropped as with no network. */
function examReads(network = true) {
  const down = () => HttpResponse.error();
  server.use(
    http.get('/api/session', () =>
      network ? HttpResponse.json([{ id: 2, session_year: '2026', current: true }]) : down(),
    ),
    http.get('/api/exam_name', () =>
      network
        ? HttpResponse.json([{ id: 33, exam_name: 'Monthly Class Test 3', kind: 'class_test', sort_order: 3 }])
        : down(),
    ),
    http.get('/api/exam_info', () =>
      network ? HttpResponse.json({ rows: [MATH_A], total: 1, limit: 100, offset: 0 }) : down(),
    ),
    http.get('/api/student_mark', () =>
      network ? HttpResponse.json({ exam: MATH_A, locked: false, rows: ROWS }) : down(),
    ),
  );
}

/** POST /api/exam_mark: what it answers, and what it was sent with. */
function marksEndpoint(answer: 'network' | 'saved' | 'locked' | 'kept') {
  const posts: { key: string | null; body: ExamMarkBody }[] = [];
  server.use(
    http.post('/api/exam_mark', async ({ request }) => {
      const body = (await request.json()) as ExamMarkBody;
      posts.push({ key: request.headers.get('idempotency-key'), body });
      if (answer === 'network') return HttpResponse.error();
      if (answer === 'locked')
        return HttpResponse.json(
          {
            error: {
              code: 'exams.locked',
              message:
                'The results of this session are published and marks are locked. The school admin can unlock them.',
            },
          },
          { status: 409 },
        );
      if (answer === 'kept') {
        // The admin changed Babul's mark to 14 after the teacher entered 13: 14 stands; Arif's 9 was saved.
        const rows = ROWS.map((r) =>
          r.student_id === 1 ? { ...r, mark_id: 901, marks_obtained: 9 } : { ...r, marks_obtained: 14 },
        );
        return HttpResponse.json({
          ok: true,
          message:
            '1 students Mark entry successful!! 1 marks were changed by someone else after you entered them; their marks stand.',
          code: 'exams.marks_kept',
          count: 1,
          rows,
          kept: [2],
        });
      }
      const rows = ROWS.map((r) => (r.student_id === 1 ? { ...r, mark_id: 901, marks_obtained: 9 } : r));
      return HttpResponse.json({
        ok: true,
        message: '1 students Mark entry successful!!',
        code: 'exams.marks_saved',
        count: 1,
        rows,
      });
    }),
  );
  return posts;
}

async function enterAndSave(user: ReturnType<typeof renderApp>['user']) {
  await user.type(field('Arif Hossain', 1), '9');
  await user.click(screen.getByRole('button', { name: 'Review changes' }));
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Save these marks?' })).getByRole('button', {
      name: 'Save marks',
    }),
  );
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetOfflineStoreForTests();
});

describe('mark entry offline', () => {
  it('keeps the open sheet on the phone and opens it from there with no network', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    examReads(true);
    const first = renderApp(URL_A);
    await screen.findByRole('table', { name: 'Marks Entry Sheet' }, SLOW);
    // Kept as it was opened: give IndexedDB its turn, then go offline and open the page again.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    first.unmount();
    examReads(false);
    renderApp(URL_A);
    await screen.findByRole('table', { name: 'Marks Entry Sheet' }, SLOW);
    expect(field('Babul Mia', 2)).toHaveValue('12');
  });

  it('queues a save the network fails, shows it saved on the phone, and sends it under its key when online', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    examReads(true);
    const lost = marksEndpoint('network');
    const { user } = renderApp(URL_A);
    await screen.findByRole('table', { name: 'Marks Entry Sheet' }, SLOW);
    await enterAndSave(user);
    expect(
      await screen.findByRole('heading', { name: 'Saved on this phone, will send when online.' }, SLOW),
    ).toBeInTheDocument();
    // The banner above every screen counts it; no success was claimed.
    expect(
      await screen.findByText('Saved on this phone, will send when online: 1 item (attendance or marks).'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Mark entry successful/)).toBeNull();
    const [item] = await queuedItems();
    // Queued with the moment the teacher saved, under a key of its own (another body than the lost
    // request's, which carried no entered_at).
    expect(lost[0].body).toEqual({
      exam_info_id: 501,
      subject_id: 21,
      mark_update: [{ student_id: 1, mark_obtained: 9 }],
    });
    expect(item).toMatchObject({
      kind: 'marks',
      input: {
        exam_info_id: 501,
        subject_id: 21,
        mark_update: [{ student_id: 1, mark_obtained: 9 }],
        entered_at: item.takenAt,
      },
    });
    expect(item.key).not.toBe(lost[0].key);
    expect(Date.parse(item.takenAt)).toBeLessThanOrEqual(Date.now());

    const sent = marksEndpoint('saved');
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('heading', { name: 'Sent: the school has these marks.' }, SLOW)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0].key).toBe(item.key);
    expect(sent[0].body).toEqual(item.input);
    await waitFor(async () => expect(await queuedItems()).toEqual([]));
  });

  it('marks someone changed after the phone entry stand: the page says how many and which, not that all were saved', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    examReads(true);
    marksEndpoint('network');
    const { user } = renderApp(URL_A);
    await screen.findByRole('table', { name: 'Marks Entry Sheet' }, SLOW);
    await user.type(field('Arif Hossain', 1), '9');
    await user.clear(field('Babul Mia', 2));
    await user.type(field('Babul Mia', 2), '13');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Save these marks?' })).getByRole('button', {
        name: 'Save marks',
      }),
    );
    await screen.findByRole('heading', { name: 'Saved on this phone, will send when online.' }, SLOW);
    const sent = marksEndpoint('kept');
    act(() => void window.dispatchEvent(new Event('online')));
    expect(
      await screen.findByRole(
        'heading',
        {
          name: 'Sent, but 1 of your marks was not saved: someone else changed it after you entered it on this phone, and their mark stands. Your other marks were saved.',
        },
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(sent[0].body.entered_at).toEqual(expect.any(String));
    expect(screen.queryByText('Sent: the school has these marks.')).toBeNull();
    // The kept student is named with the mark that stands; the saved one is not.
    const waiting = screen.getByRole('table', { name: 'Marks waiting on this phone' });
    const babul = within(waiting).getByRole('row', { name: /Babul Mia/ });
    expect(within(babul).getByText('Not saved: 14 (changed later) stands')).toBeInTheDocument();
    const arif = within(waiting).getByRole('row', { name: /Arif Hossain/ });
    expect(within(arif).queryByText(/Not saved/)).toBeNull();
    // The banner above every screen says the same.
    expect(
      await screen.findByText(
        'Monthly Class Test 3 · Mathematics · Six A: sent, but 1 mark was changed by someone else after you entered it; their mark stands. Your other marks were saved.',
      ),
    ).toBeInTheDocument();
    // Back to the sheet: it holds the marks as the school has them.
    await user.click(screen.getByRole('button', { name: 'Change these marks' }));
    expect(await screen.findByRole('textbox', { name: 'Marks Obtained of Babul Mia, roll 2' })).toHaveValue('14');
  });

  it('results published meanwhile: the queued marks are refused as locked, with what to do', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    examReads(true);
    marksEndpoint('network');
    const { user } = renderApp(URL_A);
    await screen.findByRole('table', { name: 'Marks Entry Sheet' }, SLOW);
    await enterAndSave(user);
    await screen.findByRole('heading', { name: 'Saved on this phone, will send when online.' }, SLOW);
    marksEndpoint('locked');
    act(() => void window.dispatchEvent(new Event('online')));
    expect(
      await screen.findByRole('heading', { name: /Not saved: the results of this session were published/ }, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByText(/Ask the school admin to unlock them, then enter these marks again/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open the sheet again' })).toBeInTheDocument();
  });
});
