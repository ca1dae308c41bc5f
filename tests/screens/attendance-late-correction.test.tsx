/**
 * A correction kept on the phone that reaches the school after the teacher's correction window
 * (the school's clock decides, not the phone's `taken_at`): the school refuses it with 409
 * `attendance.correction_window_closed`. The phone never says it was saved: the item stays,
 * marked with why, in the user's language, and the teacher is told the admin corrects it.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setLanguage } from '@/i18n/i18n';
import { enqueue, queuedItems, resetOfflineStoreForTests, setOfflineUser } from '@/offline/store';
import { fakeAuthServer, renderApp, server, TEACHER, TEACHER_CARD } from './helpers';

const ITEM = {
  kind: 'attendance' as const,
  key: 'late-correction-1',
  takenAt: '2026-11-23T03:00:00.000Z',
  label: 'P1 · Mathematics · Six A, 2026-11-22',
  input: {
    routine_id: 11,
    date: '2026-11-22',
    attendance: [{ student_id: 101, attendance_status: 0 as const }],
    taken_at: '2026-11-23T03:00:00.000Z',
    time: '09:00:00',
  },
};

const LATE = {
  error: {
    code: 'attendance.correction_window_closed',
    message:
      'Attendance of 22-11-2026 was already taken, and a teacher may correct it only within 1 school day after the class. This correction reached the school after that (the school’s clock decides, not the phone’s), so it was not applied. Ask the school admin to correct it.',
    fields: { date: 'x' },
  },
};

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetOfflineStoreForTests();
  server.use(
    http.get('/api/routine/teacher', () => HttpResponse.json([])),
    http.get('/api/routine/teacher/today', () => HttpResponse.json([])),
    http.get('/api/teacher/profile', () => HttpResponse.json(TEACHER_CARD)),
    http.post('/api/attendance/student', () => HttpResponse.json(LATE, { status: 409 })),
  );
});
afterEach(() => setLanguage('en'));

async function queueLateCorrection() {
  fakeAuthServer(TEACHER).savedSignIn();
  setOfflineUser(`${TEACHER.user_type}:${TEACHER.user_code}`);
  await enqueue(ITEM);
}

describe('a queued correction refused for arriving after the window', () => {
  it('stays on the phone, with the school’s reason and who corrects it', async () => {
    await queueLateCorrection();
    renderApp('/teacher-admin');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not accepted by the school: P1 · Mathematics · Six A, 2026-11-22.');
    expect(alert).toHaveTextContent('the school’s clock decides, not the phone’s');
    expect(alert).toHaveTextContent('Ask the school admin to correct it');
    expect(screen.queryByText(/Attendance (saved|corrected)/)).not.toBeInTheDocument();
    await waitFor(async () =>
      expect(await queuedItems()).toEqual([
        expect.objectContaining({ key: ITEM.key, refused: expect.objectContaining({ code: LATE.error.code }) }),
      ]),
    );
  });

  it('says why in Bangla', async () => {
    await setLanguage('bn');
    await queueLateCorrection();
    renderApp('/teacher-admin');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'এই পিরিয়ডের হাজিরা আগেই নেওয়া হয়েছিল, আর এই সংশোধন শিক্ষকের সংশোধনের সময় পেরিয়ে যাওয়ার পরে স্কুলে পৌঁছেছে (স্কুলের ঘড়ি অনুযায়ী, ফোনের নয়), তাই এটি গ্রহণ করা হয়নি।',
    );
    expect(alert).not.toHaveTextContent('Attendance of');
  });
});
