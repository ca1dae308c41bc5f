/**
 * The upload limits as a student meets them on the homework submit page (msw): the server's 429
 * (too many uploads this hour) and 413 (the answers' quota) are said in the user's language with
 * their numbers, and the chosen file stays chosen.
 */
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { StudentHomeworkRow } from '@/api/schemas/homework';
import { setLanguage } from '@/i18n/i18n';
import { fakeAuthServer, renderApp, server, STUDENT } from './helpers';

const ROW: StudentHomeworkRow = {
  id: 4,
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
  due_date: '2099-11-27',
  file_url: null,
  attachment_link: null,
  file_name: null,
  submitted: 3,
  students: 30,
  submission: null,
};

function refuseWith(status: number, error: Record<string, unknown>, headers: Record<string, string> = {}) {
  server.use(
    http.get('/api/homework/student/id', () => HttpResponse.json(ROW)),
    http.post('/api/homework/submit', () => HttpResponse.json({ error }, { status, headers })),
  );
}

async function submitAnswer() {
  const { user } = renderApp('/studenthomeworksubmit?homework=4');
  const input = await screen.findByLabelText(/Your file|আপনার ফাইল/);
  await user.upload(input, new File(['my answer'], 'answer.txt', { type: 'text/plain' }));
  await user.click(screen.getByRole('button', { name: /^(Submit|জমা দিন)$/ }));
}

const RATE = {
  code: 'upload.rate_limited',
  message: 'You have uploaded 30 files in the last hour, the most allowed. Try again in 42 minute(s).',
  params: { count: 30, minutes: 42 },
};
const QUOTA = {
  code: 'upload.quota_exceeded',
  message:
    'Your homework answers already take 49.5 MB of the 50 MB a student may keep: this file (2 MB) would pass it. ' +
    'Send a smaller file, or ask your school for more room.',
  params: { kept: 49.5, quota: 50, size: 2 },
};

afterEach(async () => {
  await setLanguage('en');
});

describe('upload limits on the submit page', () => {
  it('too many uploads this hour: the server’s words in English, the file kept', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    refuseWith(429, RATE, { 'retry-after': '2520' });
    await submitAnswer();
    expect(await screen.findByText(/You have uploaded 30 files in the last hour/)).toBeInTheDocument();
    expect(screen.getByText(/Try again in 42 minute\(s\)/)).toBeInTheDocument();
    expect(screen.getByText(/Chosen: answer\.txt/)).toBeInTheDocument();
  });

  it.each([
    ['too many uploads this hour', 429, RATE, /গত এক ঘণ্টায় আপনি (30|৩০)টি ফাইল আপলোড করেছেন.*(42|৪২) মিনিট পরে/],
    ['the answers’ quota', 413, QUOTA, /(50|৫০) MB-এর মধ্যে (49\.5|৪৯\.৫) MB নিয়েছে: এই ফাইলটি \((2|২) MB\)/],
  ])('%s: said in Bangla with its numbers', async (_name, status, error, bangla) => {
    await setLanguage('bn');
    fakeAuthServer(STUDENT).savedSignIn();
    refuseWith(status, error);
    await submitAnswer();
    expect(await screen.findByText(bangla)).toBeInTheDocument();
  });
});
