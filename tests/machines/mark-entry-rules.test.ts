/**
 * The mark entry machine's rules as literal scenarios (the generated path tests are
 * mark-entry.machine.test.ts): how a typed mark is read, what a save sends, where Enter goes, and
 * each step of loading, reviewing, saving, failing and the offline queue, with literal oracles. Fast enough for a
 * mutation run (docs/testing.md, "Mutation testing").
 */
import type { MarkValue, StudentMarkSheet } from '@/api/schemas/exams';
import { ApiError } from '@/api/client';
import {
  ABSENT_TEXT,
  hasUnsavedMarks,
  isRetryable,
  markChanges,
  markProblems,
  markText,
  parseMark,
  refusedStudents,
  savedDrafts,
} from '@/machines/mark-entry.machine';
import {
  EXAM,
  LOCKED,
  LOCKED_SHEET,
  NOT_YOURS,
  OFFLINE,
  QUERY,
  REFUSED,
  row,
  SHEET,
  startMarkEntry,
  stateName,
  type Run,
} from './mark-entry-fixtures';

// ---- Enter in the sheet ---------------------------------------------------------------------------

describe('Enter in the sheet', () => {
  const THREE: StudentMarkSheet = {
    exam: EXAM,
    locked: false,
    rows: [row(1, 1, 'Arif Hossain', null), row(2, 2, 'Babul Mia', 12), row(3, 3, 'Chaity Das', null)],
  };
  async function opened() {
    const run = startMarkEntry();
    run.actor.send({ type: 'marks.search', query: QUERY });
    await run.settle('loadSheet', 'resolve', THREE);
    return run;
  }
  const at = (run: Run) => ({
    state: stateName(run.actor.getSnapshot().value),
    cursor: run.actor.getSnapshot().context.cursor,
  });

  it('goes down the sheet, and to the review from the last student', async () => {
    const run = await opened();
    run.actor.send({ type: 'marks.type', studentId: 1, text: '15' });
    run.actor.send({ type: 'marks.enter' });
    expect(at(run)).toEqual({ state: 'entering', cursor: 1 });
    run.actor.send({ type: 'marks.enter' });
    expect(at(run)).toEqual({ state: 'entering', cursor: 2 });
    run.actor.send({ type: 'marks.enter' });
    expect(at(run)).toEqual({ state: 'reviewing', cursor: 2 });
    run.actor.stop();
  });

  it('after a review found a bad mark, Enter on the fixed field goes to the review, not down the sheet', async () => {
    const run = await opened();
    run.actor.send({ type: 'marks.type', studentId: 1, text: '25' });
    run.actor.send({ type: 'marks.type', studentId: 3, text: '7' });
    run.actor.send({ type: 'marks.enter' });
    // The review is refused: the keyboard goes to the bad mark.
    expect(at(run)).toEqual({ state: 'entering', cursor: 0 });
    run.actor.send({ type: 'marks.type', studentId: 1, text: '15' });
    run.actor.send({ type: 'marks.enter' });
    expect(at(run)).toEqual({ state: 'reviewing', cursor: 0 });
    run.actor.stop();
  });

  it('when the review was asked for mid-sheet, Enter on the fixed field goes back there to go on filling', async () => {
    const run = await opened();
    run.actor.send({ type: 'marks.type', studentId: 1, text: '25' });
    run.actor.send({ type: 'marks.enter' });
    run.actor.send({ type: 'marks.enter' });
    // "Review changes" from Babul's field, above the last student.
    run.actor.send({ type: 'marks.focus', studentId: 2 });
    run.actor.send({ type: 'marks.review' });
    expect(at(run)).toEqual({ state: 'entering', cursor: 0 });
    run.actor.send({ type: 'marks.type', studentId: 1, text: '' });
    run.actor.send({ type: 'marks.type', studentId: 1, text: '15' });
    run.actor.send({ type: 'marks.enter' });
    expect(at(run)).toEqual({ state: 'entering', cursor: 1 });
    // Fixing is over: Enter is plain again.
    run.actor.send({ type: 'marks.enter' });
    expect(at(run)).toEqual({ state: 'entering', cursor: 2 });
    run.actor.send({ type: 'marks.focus', studentId: 1 });
    run.actor.send({ type: 'marks.enter' });
    expect(at(run)).toEqual({ state: 'entering', cursor: 1 });
    run.actor.stop();
  });

  it('when the review was asked for on the bad field itself, Enter after fixing goes to the next student', async () => {
    const run = await opened();
    run.actor.send({ type: 'marks.type', studentId: 1, text: '25' });
    run.actor.send({ type: 'marks.review' });
    run.actor.send({ type: 'marks.type', studentId: 1, text: '15' });
    run.actor.send({ type: 'marks.enter' });
    expect(at(run)).toEqual({ state: 'entering', cursor: 1 });
    run.actor.stop();
  });

  it('a refused save was reviewed: Enter on the field the server refused, once fixed, reviews again', async () => {
    const run = await opened();
    run.actor.send({ type: 'marks.type', studentId: 1, text: '15' });
    run.actor.send({ type: 'marks.type', studentId: 3, text: '9' });
    run.actor.send({ type: 'marks.review' });
    run.actor.send({ type: 'marks.confirm' });
    await run.settle(
      'saveMarks',
      'reject',
      new ApiError(400, 'validation', 'Marks Obtained is too high', { 'mark_update.0.mark_obtained': 'too high' }),
    );
    expect(at(run).state).toBe('entering');
    run.actor.send({ type: 'marks.focus', studentId: 1 });
    run.actor.send({ type: 'marks.type', studentId: 1, text: '14' });
    run.actor.send({ type: 'marks.enter' });
    expect(at(run)).toEqual({ state: 'reviewing', cursor: 0 });
    run.actor.stop();
  });

  it('a review opened and closed ends the fixing: Enter goes down the sheet again', async () => {
    const run = await opened();
    run.actor.send({ type: 'marks.type', studentId: 1, text: '25' });
    run.actor.send({ type: 'marks.type', studentId: 3, text: '7' });
    run.actor.send({ type: 'marks.review' });
    run.actor.send({ type: 'marks.type', studentId: 1, text: '15' });
    run.actor.send({ type: 'marks.enter' });
    expect(at(run)).toEqual({ state: 'reviewing', cursor: 0 });
    run.actor.send({ type: 'marks.cancel' });
    run.actor.send({ type: 'marks.enter' });
    expect(at(run)).toEqual({ state: 'entering', cursor: 1 });
    run.actor.stop();
  });

  it('while fixing, Enter stays on a field still wrong and then goes to the next wrong one', async () => {
    const run = await opened();
    run.actor.send({ type: 'marks.type', studentId: 1, text: '25' });
    run.actor.send({ type: 'marks.type', studentId: 3, text: '99' });
    run.actor.send({ type: 'marks.review' });
    expect(at(run)).toEqual({ state: 'entering', cursor: 0 });
    run.actor.send({ type: 'marks.type', studentId: 1, text: '21' });
    run.actor.send({ type: 'marks.enter' });
    expect(at(run)).toEqual({ state: 'entering', cursor: 0 });
    run.actor.send({ type: 'marks.type', studentId: 1, text: '18' });
    run.actor.send({ type: 'marks.enter' });
    expect(at(run)).toEqual({ state: 'entering', cursor: 2 });
    run.actor.send({ type: 'marks.type', studentId: 3, text: '9' });
    run.actor.send({ type: 'marks.enter' });
    expect(at(run)).toEqual({ state: 'reviewing', cursor: 2 });
    run.actor.stop();
  });
});

// ---- the pure helpers -------------------------------------------------------------------------

describe('reading a typed mark', () => {
  it('takes Latin and Bangla digits, blank as not entered, 0 as a real zero, and absent words', () => {
    expect(parseMark('15', 20)).toEqual({ ok: true, value: 15 });
    expect(parseMark(' ১৮ ', 20)).toEqual({ ok: true, value: 18 });
    expect(parseMark('১৯.৫', 20)).toEqual({ ok: true, value: 19.5 });
    expect(parseMark('0', 20)).toEqual({ ok: true, value: 0 });
    expect(parseMark('', 20)).toEqual({ ok: true, value: null });
    expect(parseMark('   ', 20)).toEqual({ ok: true, value: null });
    for (const word of ['a', 'A', 'ab', 'AB', 'absent', 'অ', 'অনুপস্থিত', ABSENT_TEXT])
      expect(parseMark(word, 20), word).toEqual({ ok: true, value: 'absent' });
    expect(parseMark('20', 20)).toEqual({ ok: true, value: 20 });
    expect(parseMark('.5', 20)).toEqual({ ok: true, value: 0.5 });
  });

  it('names what is wrong: above full marks, below 0, three decimals, not a mark', () => {
    expect(parseMark('20.01', 20)).toEqual({ ok: false, problem: 'above_full' });
    expect(parseMark('২১', 20)).toEqual({ ok: false, problem: 'above_full' });
    expect(parseMark('-1', 20)).toEqual({ ok: false, problem: 'negative' });
    expect(parseMark('1.234', 20)).toEqual({ ok: false, problem: 'decimals' });
    expect(parseMark('x', 20)).toEqual({ ok: false, problem: 'not_a_mark' });
    expect(parseMark('1 5', 20)).toEqual({ ok: false, problem: 'not_a_mark' });
    expect(parseMark('1e1', 20)).toEqual({ ok: false, problem: 'not_a_mark' });
  });

  it('maps the server’s refused fields to the students that were sent', () => {
    const sent = [
      { student_id: 7, mark_obtained: 15 as MarkValue },
      { student_id: 9, mark_obtained: 18 as MarkValue },
    ];
    expect(
      refusedStudents({ fields: { 'mark_update.1.mark_obtained': 'too high', mark_update: 'whole list' } }, sent),
    ).toEqual({ 9: 'too high' });
    expect(refusedStudents(new Error('x'), sent)).toEqual({});
  });
});

// ---- the helpers, with literal sheets ---------------------------------------------------------------

describe('the sheet’s fields, problems and changes', () => {
  const sheet: StudentMarkSheet = {
    exam: EXAM,
    locked: false,
    rows: [
      row(1, 1, 'Arif Hossain', null),
      row(2, 2, 'Babul Mia', 12),
      row(3, 3, 'Chaity Das', 'absent'),
      row(4, 4, 'Dipu Roy', 0),
    ],
  };

  it('shows a saved mark as its text: blank, the number, AB', () => {
    expect(markText(null)).toBe('');
    expect(markText(12.5)).toBe('12.5');
    expect(markText(0)).toBe('0');
    expect(markText('absent')).toBe('AB');
    expect(savedDrafts(sheet.rows)).toEqual({ 1: '', 2: '12', 3: 'AB', 4: '0' });
  });

  it('sends only what changed, in roll order; a cleared mark as null; a bad field not at all', () => {
    const drafts = { 1: '১৫', 2: '12', 3: '', 4: '25' };
    expect(markChanges({ sheet, drafts })).toEqual([
      { student_id: 1, mark_obtained: 15 },
      { student_id: 3, mark_obtained: null },
    ]);
    expect(markProblems({ sheet, drafts })).toEqual({ 4: 'above_full' });
    // A field never typed in counts as blank.
    expect(markChanges({ sheet, drafts: { 2: '12', 3: 'ab', 4: '0' } })).toEqual([]);
    expect(markProblems({ sheet, drafts: { 1: 'x', 2: '-2', 3: '1.125' } })).toEqual({
      1: 'not_a_mark',
      2: 'negative',
      3: 'decimals',
    });
    expect(markChanges({ sheet: null, drafts })).toEqual([]);
    expect(markProblems({ sheet: null, drafts })).toEqual({});
  });

  it('reads the edges of a mark', () => {
    expect(parseMark('20.00', 20)).toEqual({ ok: true, value: 20 });
    expect(parseMark('19.75', 20)).toEqual({ ok: true, value: 19.75 });
    expect(parseMark('5.', 20)).toEqual({ ok: true, value: 5 });
    expect(parseMark('১.২৫', 20)).toEqual({ ok: true, value: 1.25 });
    expect(parseMark('abs', 20)).toEqual({ ok: true, value: 'absent' });
    expect(parseMark('অনু', 20)).toEqual({ ok: true, value: 'absent' });
    expect(parseMark('abse', 20)).toEqual({ ok: false, problem: 'not_a_mark' });
    expect(parseMark('xab', 20)).toEqual({ ok: false, problem: 'not_a_mark' });
    expect(parseMark('-', 20)).toEqual({ ok: false, problem: 'not_a_mark' });
    expect(parseMark('-.5', 20)).toEqual({ ok: false, problem: 'negative' });
    expect(parseMark('- 3', 20)).toEqual({ ok: false, problem: 'negative' });
    expect(parseMark('-3x', 20)).toEqual({ ok: false, problem: 'not_a_mark' });
    expect(parseMark('3x', 20)).toEqual({ ok: false, problem: 'not_a_mark' });
    expect(parseMark('x3', 20)).toEqual({ ok: false, problem: 'not_a_mark' });
    expect(parseMark('1..5', 20)).toEqual({ ok: false, problem: 'not_a_mark' });
    expect(parseMark('.', 20)).toEqual({ ok: false, problem: 'not_a_mark' });
    expect(parseMark('0.5', 0)).toEqual({ ok: false, problem: 'above_full' });
  });

  it('retries the network and the server’s failures, not a refusal', () => {
    expect(isRetryable({ status: 0 })).toBe(true);
    expect(isRetryable(new Error('offline'))).toBe(true);
    expect(isRetryable({ status: 500 })).toBe(true);
    expect(isRetryable({ status: 503 })).toBe(true);
    expect(isRetryable({ status: 499 })).toBe(false);
    expect(isRetryable({ status: 400 })).toBe(false);
    expect(isRetryable({ status: 409 })).toBe(false);
  });

  it('names a refused field only when it points at a mark that was sent', () => {
    const sent = [
      { student_id: 7, mark_obtained: 15 as MarkValue },
      { student_id: 9, mark_obtained: 18 as MarkValue },
    ];
    expect(
      refusedStudents(
        { fields: { 'mark_update.0.mark_obtained': 'too high', 'mark_update.2.mark_obtained': 'no such', x: 'y' } },
        sent,
      ),
    ).toEqual({ 7: 'too high' });
    expect(refusedStudents({ fields: 'not an object' }, sent)).toEqual({});
    expect(refusedStudents(null, sent)).toEqual({});
    expect(refusedStudents({ fields: { 'xmark_update.1.mark_obtained': 'no' } }, sent)).toEqual({});
  });
});

// ---- the flow, step by step ------------------------------------------------------------------------

const TAKEN = '2026-11-26T04:30:00.000Z';

/** Student 1's 15 saved (student 2 keeps 12): the rows the server answers a save with. */
const ROWS_15 = [row(1, 1, 'Arif Hossain', 15), row(2, 2, 'Babul Mia', 12)];
/** The server's answer to a save of student 1's 15; `kept`: students whose newer marks stood. */
const savedAnswer = (kept?: number[]) => ({
  ok: true as const,
  message: '1 students Mark entry successful!!',
  code: 'exams.marks_saved',
  count: 1,
  rows: ROWS_15,
  ...(kept ? { kept } : {}),
});

/** Offline mode: student 1's 15 confirmed, the network lost, the device's queue holding it. */
async function queuedOffline(): Promise<Run> {
  const run = startMarkEntry({ offline: true });
  run.actor.send({ type: 'marks.search', query: QUERY });
  await run.settle('loadSheet', 'resolve', SHEET);
  run.actor.send({ type: 'marks.type', studentId: 1, text: '15' });
  run.actor.send({ type: 'marks.review' });
  run.actor.send({ type: 'marks.confirm' });
  await run.settle('saveMarks', 'reject', OFFLINE);
  await run.settle('queueMarks', 'resolve', undefined);
  return run;
}

describe('loading, entering, reviewing and saving', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(TAKEN));
  });
  afterEach(() => vi.useRealTimers());

  const snap = (run: Run) => run.actor.getSnapshot();
  async function entering(sheet: StudentMarkSheet = SHEET, offline = false) {
    const run = startMarkEntry({ offline });
    expect(stateName(snap(run).value)).toBe('filtering');
    run.actor.send({ type: 'marks.search', query: QUERY });
    expect(stateName(snap(run).value)).toBe('loading');
    expect(snap(run).hasTag('busy')).toBe(true);
    expect(run.calls.loadSheet).toEqual([QUERY]);
    await run.settle('loadSheet', 'resolve', sheet);
    return run;
  }
  async function confirmed(run: Run) {
    run.actor.send({ type: 'marks.type', studentId: 1, text: '15' });
    run.actor.send({ type: 'marks.review' });
    expect(stateName(snap(run).value)).toBe('reviewing');
    run.actor.send({ type: 'marks.confirm' });
    expect(stateName(snap(run).value)).toBe('saving');
    expect(snap(run).hasTag('busy')).toBe(true);
  }
  const saved = (rows: StudentMarkSheet['rows']) => ({
    ok: true as const,
    message: '1 students Mark entry successful!!',
    code: 'exams.marks_saved',
    count: 1,
    rows,
  });

  it('opens the sheet with the saved marks, the keyboard on the first student', async () => {
    const run = await entering();
    expect(stateName(snap(run).value)).toBe('entering');
    expect(snap(run).hasTag('busy')).toBe(false);
    expect(snap(run).context).toMatchObject({ drafts: { 1: '', 2: '12' }, cursor: 0, query: QUERY, sheet: SHEET });
    expect(hasUnsavedMarks(snap(run))).toBe(false);
    run.actor.send({ type: 'marks.clear' });
    expect(stateName(snap(run).value)).toBe('filtering');
    expect(snap(run).context).toMatchObject({ query: null, sheet: null, drafts: {} });
  });

  it('a published sheet opens read-only; a refused load can be tried again', async () => {
    const locked = await entering({ ...SHEET, locked: true });
    expect(stateName(snap(locked).value)).toBe('locked');
    expect(snap(locked).context.drafts).toEqual({ 1: '', 2: '12' });
    expect(snap(locked).can({ type: 'marks.type', studentId: 1, text: '1' })).toBe(false);

    const run = startMarkEntry();
    run.actor.send({ type: 'marks.search', query: QUERY });
    await run.settle('loadSheet', 'reject', NOT_YOURS);
    expect(stateName(snap(run).value)).toBe('loadFailed');
    expect(snap(run).context).toMatchObject({
      error: 'You do not teach this subject to this section.',
      errorCode: 'exams.not_yours',
    });
    run.actor.send({ type: 'marks.retry' });
    expect(stateName(snap(run).value)).toBe('loading');
    expect(snap(run).context).toMatchObject({ error: null, errorCode: null });
    expect(run.calls.loadSheet).toEqual([QUERY, QUERY]);
  });

  it('moves the keyboard: typing and focus go to that student, ↓ and ↑ stop at the ends; unknown students are ignored', async () => {
    const run = await entering();
    run.actor.send({ type: 'marks.prev' });
    expect(snap(run).context.cursor).toBe(0);
    run.actor.send({ type: 'marks.next' });
    run.actor.send({ type: 'marks.next' });
    expect(snap(run).context.cursor).toBe(1);
    run.actor.send({ type: 'marks.prev' });
    expect(snap(run).context.cursor).toBe(0);
    run.actor.send({ type: 'marks.type', studentId: 2, text: '13' });
    expect(snap(run).context.cursor).toBe(1);
    run.actor.send({ type: 'marks.focus', studentId: 1 });
    expect(snap(run).context.cursor).toBe(0);
    run.actor.send({ type: 'marks.type', studentId: 99, text: '5' });
    run.actor.send({ type: 'marks.focus', studentId: 99 });
    expect(snap(run).context).toMatchObject({ cursor: 0, drafts: { 1: '', 2: '13' } });
    expect(hasUnsavedMarks(snap(run))).toBe(true);
  });

  it('nothing to review without a change; a bad mark shows every problem and takes the keyboard to it', async () => {
    const run = await entering();
    run.actor.send({ type: 'marks.review' });
    expect(stateName(snap(run).value)).toBe('entering');
    expect(snap(run).context.showProblems).toBe(false);
    run.actor.send({ type: 'marks.type', studentId: 2, text: '25' });
    run.actor.send({ type: 'marks.focus', studentId: 1 });
    expect(hasUnsavedMarks(snap(run))).toBe(true);
    run.actor.send({ type: 'marks.review' });
    expect(stateName(snap(run).value)).toBe('entering');
    expect(snap(run).context).toMatchObject({ showProblems: true, cursor: 1, resumeAt: 0 });
    run.actor.send({ type: 'marks.undo' });
    expect(snap(run).context).toMatchObject({ drafts: { 1: '', 2: '12' }, showProblems: false, resumeAt: null });
  });

  it('saves after the review: the changes under one key; the sheet then holds the server’s marks', async () => {
    const run = await entering();
    await confirmed(run);
    const key = snap(run).context.saveKey;
    expect(key).toMatch(/\S{8,}/);
    expect(run.calls.saveMarks).toEqual([
      { exam_info_id: 501, subject_id: 21, mark_update: [{ student_id: 1, mark_obtained: 15 }], idempotencyKey: key },
    ]);
    expect(snap(run).context).toMatchObject({ enteredAt: TAKEN, sent: [{ student_id: 1, mark_obtained: 15 }] });
    const rows = [row(1, 1, 'Arif Hossain', 15), row(2, 2, 'Babul Mia', 12)];
    await run.settle('saveMarks', 'resolve', saved(rows));
    expect(stateName(snap(run).value)).toBe('saved');
    expect(snap(run).context).toMatchObject({ drafts: { 1: '15', 2: '12' }, showProblems: false, serverErrors: {} });
    expect(snap(run).context.sheet?.rows).toEqual(rows);
    expect(snap(run).context.result?.count).toBe(1);
    expect(run.calls.savedChanges).toBe(1);
    expect(hasUnsavedMarks(snap(run))).toBe(false);
    run.actor.send({ type: 'marks.edit' });
    expect(stateName(snap(run).value)).toBe('entering');
    expect(snap(run).context.result).toBeNull();
  });

  it('the review can be left; a second save gets a new key', async () => {
    const run = await entering();
    run.actor.send({ type: 'marks.type', studentId: 1, text: '15' });
    run.actor.send({ type: 'marks.review' });
    run.actor.send({ type: 'marks.cancel' });
    expect(stateName(snap(run).value)).toBe('entering');
    expect(snap(run).context.drafts).toEqual({ 1: '15', 2: '12' });
    run.actor.send({ type: 'marks.review' });
    run.actor.send({ type: 'marks.confirm' });
    const first = snap(run).context.saveKey;
    await run.settle('saveMarks', 'resolve', saved([row(1, 1, 'Arif Hossain', 15), row(2, 2, 'Babul Mia', 12)]));
    run.actor.send({ type: 'marks.edit' });
    run.actor.send({ type: 'marks.type', studentId: 2, text: '11' });
    run.actor.send({ type: 'marks.review' });
    run.actor.send({ type: 'marks.confirm' });
    expect(snap(run).context.saveKey).not.toBe(first);
    expect(run.calls.saveMarks[1].mark_update).toEqual([{ student_id: 2, mark_obtained: 11 }]);
  });

  it('a lost save keeps the marks; Try again sends the same list under the same key; Back returns to the sheet', async () => {
    for (const lost of [OFFLINE, { status: 502, code: 'server', message: 'Bad gateway' }]) {
      const run = await entering();
      await confirmed(run);
      const key = snap(run).context.saveKey;
      await run.settle('saveMarks', 'reject', lost);
      expect(stateName(snap(run).value)).toBe('failed');
      expect(snap(run).context).toMatchObject({ error: lost.message, errorCode: lost.code });
      expect(hasUnsavedMarks(snap(run))).toBe(true);
      run.actor.send({ type: 'marks.retry' });
      expect(stateName(snap(run).value)).toBe('saving');
      expect(snap(run).context.error).toBeNull();
      expect(run.calls.saveMarks.map((c) => [c.idempotencyKey, c.mark_update])).toEqual([
        [key, [{ student_id: 1, mark_obtained: 15 }]],
        [key, [{ student_id: 1, mark_obtained: 15 }]],
      ]);
      await run.settle('saveMarks', 'reject', lost);
      run.actor.send({ type: 'marks.back' });
      expect(stateName(snap(run).value)).toBe('entering');
      expect(snap(run).context).toMatchObject({ error: null, errorCode: null, drafts: { 1: '15', 2: '12' } });
    }
  });

  it('a refusal goes back to the sheet naming the field; typing there clears the server’s word', async () => {
    const run = await entering();
    await confirmed(run);
    await run.settle('saveMarks', 'reject', REFUSED);
    expect(stateName(snap(run).value)).toBe('entering');
    expect(snap(run).context).toMatchObject({
      serverErrors: { 1: 'The mark of S-1 must be at most 10 (the full marks).' },
      showProblems: true,
      resumeAt: 1,
      errorCode: 'invalid_input',
    });
    run.actor.send({ type: 'marks.type', studentId: 2, text: '12' });
    expect(Object.keys(snap(run).context.serverErrors)).toEqual(['1']);
    run.actor.send({ type: 'marks.type', studentId: 1, text: '9' });
    expect(snap(run).context.serverErrors).toEqual({});
  });

  it('results published meanwhile: the save is refused and the sheet turns read-only', async () => {
    const run = await entering();
    await confirmed(run);
    await run.settle('saveMarks', 'reject', LOCKED);
    expect(stateName(snap(run).value)).toBe('locked');
    expect(snap(run).context.sheet?.locked).toBe(true);
    expect(snap(run).context.errorCode).toBe('exams.locked');
    expect(hasUnsavedMarks(snap(run))).toBe(false);
  });
});

describe('offline: a lost save goes to the device’s queue', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(TAKEN));
  });
  afterEach(() => vi.useRealTimers());
  const snap = (run: Run) => run.actor.getSnapshot();

  async function queued() {
    vi.setSystemTime(new Date(TAKEN));
    const run = startMarkEntry({ offline: true });
    run.actor.send({ type: 'marks.search', query: QUERY });
    await run.settle('loadSheet', 'resolve', SHEET);
    run.actor.send({ type: 'marks.type', studentId: 1, text: '15' });
    run.actor.send({ type: 'marks.review' });
    run.actor.send({ type: 'marks.confirm' });
    const saveKey = snap(run).context.saveKey;
    vi.setSystemTime(new Date('2026-11-26T04:31:00.000Z'));
    await run.settle('saveMarks', 'reject', OFFLINE);
    expect(stateName(snap(run).value)).toBe('queueing');
    expect(snap(run).hasTag('busy')).toBe(true);
    const key = snap(run).context.saveKey!;
    expect(key).not.toBe(saveKey);
    expect(run.calls.queueMarks).toEqual([
      {
        key,
        takenAt: TAKEN,
        input: {
          exam_info_id: 501,
          subject_id: 21,
          mark_update: [{ student_id: 1, mark_obtained: 15 }],
          entered_at: TAKEN,
        },
        label: 'Monthly Class Test 3 · Mathematics · Six A',
      },
    ]);
    await run.settle('queueMarks', 'resolve', undefined);
    expect(stateName(snap(run).value)).toBe('queued');
    return { run, key };
  }

  it('a server failure is not queued: it waits for Try again', async () => {
    const run = startMarkEntry({ offline: true });
    run.actor.send({ type: 'marks.search', query: QUERY });
    await run.settle('loadSheet', 'resolve', SHEET);
    run.actor.send({ type: 'marks.type', studentId: 1, text: '15' });
    run.actor.send({ type: 'marks.review' });
    run.actor.send({ type: 'marks.confirm' });
    await run.settle('saveMarks', 'reject', { status: 500, code: 'server', message: 'Oops' });
    expect(stateName(snap(run).value)).toBe('failed');
    expect(run.calls.queueMarks).toEqual([]);
  });

  it('the device could not keep it either: Try again, as before', async () => {
    const run = startMarkEntry({ offline: true });
    run.actor.send({ type: 'marks.search', query: QUERY });
    await run.settle('loadSheet', 'resolve', SHEET);
    run.actor.send({ type: 'marks.type', studentId: 1, text: '15' });
    run.actor.send({ type: 'marks.review' });
    run.actor.send({ type: 'marks.confirm' });
    await run.settle('saveMarks', 'reject', OFFLINE);
    await run.settle('queueMarks', 'reject', new Error('The device is full.'));
    expect(stateName(snap(run).value)).toBe('failed');
    expect(snap(run).context.error).toBe('The device is full.');
  });

  it('the sync of another save is not this one’s; this one’s start, then saved', async () => {
    const { run, key } = await queued();
    run.actor.send({ type: 'marks.sync.start', key: 'other' });
    expect(stateName(snap(run).value)).toBe('queued');
    run.actor.send({ type: 'marks.sync.done', key: 'other', result: savedAnswer() });
    expect(stateName(snap(run).value)).toBe('queued');
    run.actor.send({ type: 'marks.sync.start', key });
    expect(stateName(snap(run).value)).toBe('syncing');
    expect(snap(run).hasTag('busy')).toBe(true);
    run.actor.send({ type: 'marks.sync.done', key, result: savedAnswer() });
    expect(stateName(snap(run).value)).toBe('synced');
    expect(snap(run).context).toMatchObject({ drafts: { 1: '15', 2: '12' }, error: null });
    expect(snap(run).context.sheet?.rows).toEqual(ROWS_15);
    expect(run.calls.savedChanges).toBe(1);
    run.actor.send({ type: 'marks.edit' });
    expect(stateName(snap(run).value)).toBe('entering');
  });

  it('an answer before the start counts too; newer marks kept are told apart', async () => {
    const { run, key } = await queued();
    run.actor.send({ type: 'marks.sync.done', key, result: savedAnswer([1]) });
    expect(stateName(snap(run).value)).toBe('kept');
    expect(snap(run).context.result?.kept).toEqual([1]);
    const again = await queued();
    again.run.actor.send({ type: 'marks.sync.done', key: again.key, result: savedAnswer([]) });
    expect(stateName(again.run.actor.getSnapshot().value)).toBe('synced');
  });

  it('a failed sync: the network again stays queued; published results conflict; another refusal is shown', async () => {
    const { run, key } = await queued();
    run.actor.send({ type: 'marks.sync.start', key });
    run.actor.send({ type: 'marks.sync.failed', key: 'other', code: 'network', message: 'x', retryable: true });
    expect(stateName(snap(run).value)).toBe('syncing');
    run.actor.send({ type: 'marks.sync.failed', key, code: 'network', message: 'No network', retryable: true });
    expect(stateName(snap(run).value)).toBe('queued');
    expect(snap(run).context).toMatchObject({ error: 'No network', errorCode: 'network' });
    run.actor.send({ type: 'marks.sync.failed', key, code: 'exams.locked', message: 'Locked', retryable: false });
    expect(stateName(snap(run).value)).toBe('conflict');
    expect(snap(run).context.sheet?.locked).toBe(true);
    run.actor.send({ type: 'marks.reopen' });
    expect(stateName(snap(run).value)).toBe('loading');

    const other = await queued();
    other.run.actor.send({
      type: 'marks.sync.failed',
      key: 'nope',
      code: 'invalid_input',
      message: 'No',
      retryable: false,
    });
    expect(stateName(other.run.actor.getSnapshot().value)).toBe('queued');
    other.run.actor.send({
      type: 'marks.sync.failed',
      key: other.key,
      code: 'invalid_input',
      message: 'No',
      retryable: false,
    });
    expect(stateName(other.run.actor.getSnapshot().value)).toBe('syncRefused');
    expect(other.run.actor.getSnapshot().context.error).toBe('No');
  });
});

// ---- every way out of each resting state, and the details the steps above leave open ----------------

describe('the ways out of each state', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(TAKEN));
  });
  afterEach(() => vi.useRealTimers());
  const snap = (run: Run) => run.actor.getSnapshot();
  const OTHER = { ...QUERY, section_id: 4 };

  /** Each state a teacher can rest in, reached the way a teacher reaches it. */
  const reach: Record<string, () => Promise<Run>> = {
    loading: async () => {
      const run = startMarkEntry();
      run.actor.send({ type: 'marks.search', query: QUERY });
      return run;
    },
    loadFailed: async () => {
      const run = await reach.loading();
      await run.settle('loadSheet', 'reject', NOT_YOURS);
      return run;
    },
    locked: async () => {
      const run = await reach.loading();
      await run.settle('loadSheet', 'resolve', LOCKED_SHEET);
      return run;
    },
    saved: async () => {
      const run = await reach.loading();
      await run.settle('loadSheet', 'resolve', SHEET);
      run.actor.send({ type: 'marks.type', studentId: 1, text: '15' });
      run.actor.send({ type: 'marks.review' });
      run.actor.send({ type: 'marks.confirm' });
      await run.settle('saveMarks', 'resolve', savedAnswer());
      return run;
    },
    queued: queuedOffline,
    syncing: async () => {
      const run = await reach.queued();
      run.actor.send({ type: 'marks.sync.start', key: snap(run).context.saveKey! });
      return run;
    },
    synced: async () => {
      const run = await reach.queued();
      run.actor.send({ type: 'marks.sync.done', key: snap(run).context.saveKey!, result: savedAnswer() });
      return run;
    },
    kept: async () => {
      const run = await reach.queued();
      run.actor.send({ type: 'marks.sync.done', key: snap(run).context.saveKey!, result: savedAnswer([2]) });
      return run;
    },
    conflict: async () => {
      const run = await reach.queued();
      const key = snap(run).context.saveKey!;
      run.actor.send({ type: 'marks.sync.failed', key, code: 'exams.locked', message: 'Locked', retryable: false });
      return run;
    },
    syncRefused: async () => {
      const run = await reach.queued();
      const key = snap(run).context.saveKey!;
      run.actor.send({ type: 'marks.sync.failed', key, code: 'invalid_input', message: 'No', retryable: false });
      return run;
    },
  };

  it.each(Object.keys(reach))('%s: Clear goes back to the filters, and a new search loads that sheet', async (name) => {
    const cleared = await reach[name]();
    expect(stateName(snap(cleared).value)).toBe(name);
    cleared.actor.send({ type: 'marks.clear' });
    expect(stateName(snap(cleared).value)).toBe('filtering');
    expect(snap(cleared).context).toMatchObject({ query: null, sheet: null, drafts: {} });

    const searched = await reach[name]();
    searched.actor.send({ type: 'marks.search', query: OTHER });
    expect(stateName(snap(searched).value)).toBe('loading');
    expect(snap(searched).context.query).toEqual(OTHER);
    expect(searched.calls.loadSheet.at(-1)).toEqual(OTHER);
  });

  it.each(['saved', 'synced', 'kept'])(
    '%s: Edit goes back to the sheet with the saved marks, the result put away',
    async (name) => {
      const run = await reach[name]();
      expect(snap(run).context.result).not.toBeNull();
      run.actor.send({ type: 'marks.edit' });
      expect(stateName(snap(run).value)).toBe('entering');
      expect(snap(run).context).toMatchObject({ result: null, drafts: { 1: '15', 2: '12' } });
    },
  );

  it.each(['conflict', 'syncRefused'])('%s: Reopen loads the same sheet again', async (name) => {
    const run = await reach[name]();
    run.actor.send({ type: 'marks.reopen' });
    expect(stateName(snap(run).value)).toBe('loading');
    expect(run.calls.loadSheet).toEqual([QUERY, QUERY]);
  });

  it('starts on the filters with nothing chosen and no problems shown', () => {
    const run = startMarkEntry();
    expect(stateName(snap(run).value)).toBe('filtering');
    expect(snap(run).context).toMatchObject({
      query: null,
      sheet: null,
      drafts: {},
      cursor: 0,
      showProblems: false,
      resumeAt: null,
      error: null,
      errorCode: null,
    });
  });

  it('a failure without a code (a plain message, a numeric code) has no code to show', async () => {
    for (const error of ['The server went away.', { status: 500, code: 500, message: 'Oops' }]) {
      const run = await reach.loading();
      await run.settle('loadSheet', 'reject', error);
      expect(stateName(snap(run).value)).toBe('loadFailed');
      expect(snap(run).context.errorCode).toBeNull();
    }
  });

  it('a lost save in a queue-less machine is a failure to try again, not queued', async () => {
    const run = await reach.loading();
    await run.settle('loadSheet', 'resolve', SHEET);
    run.actor.send({ type: 'marks.type', studentId: 1, text: '15' });
    run.actor.send({ type: 'marks.review' });
    run.actor.send({ type: 'marks.confirm' });
    await run.settle('saveMarks', 'reject', OFFLINE);
    expect(stateName(snap(run).value)).toBe('failed');
    expect(run.calls.queueMarks).toEqual([]);
  });
});

describe('the edges of reading marks and refusals', () => {
  it('a minus before any number is "below 0"; a minus inside text is not a mark', () => {
    for (const text of ['-12', '-1.25', '-.25', '-12.', '- 15'])
      expect(parseMark(text, 20), text).toEqual({ ok: false, problem: 'negative' });
    for (const text of ['x-3', '1-2', '-1.x'])
      expect(parseMark(text, 20), text).toEqual({ ok: false, problem: 'not_a_mark' });
    expect(parseMark('.25', 20)).toEqual({ ok: true, value: 0.25 });
  });

  it('a student whose field was never typed in has no problem', () => {
    const sheet: StudentMarkSheet = { exam: EXAM, locked: false, rows: [row(1, 1, 'Arif Hossain', null)] };
    expect(markProblems({ sheet, drafts: {} })).toEqual({});
    expect(markChanges({ sheet, drafts: {} })).toEqual([]);
  });

  it('a refused field past the tenth mark names the right student', () => {
    const sent = Array.from({ length: 13 }, (_, i) => ({ student_id: 100 + i, mark_obtained: 5 as MarkValue }));
    expect(refusedStudents({ fields: { 'mark_update.12.mark_obtained': 'too high' } }, sent)).toEqual({
      112: 'too high',
    });
  });
});

describe('another save’s news is not this one’s', () => {
  it('published results or newer marks kept for another queued save leave this one queued', async () => {
    const run = await queuedOffline();
    const state = () => stateName(run.actor.getSnapshot().value);
    expect(state()).toBe('queued');
    run.actor.send({
      type: 'marks.sync.failed',
      key: 'other',
      code: 'exams.locked',
      message: 'Locked',
      retryable: false,
    });
    expect(state()).toBe('queued');
    run.actor.send({
      type: 'marks.sync.done',
      key: 'other',
      result: savedAnswer([2]),
    });
    expect(state()).toBe('queued');
  });

  it('a click on a student’s field puts the keyboard there', async () => {
    const run = startMarkEntry();
    run.actor.send({ type: 'marks.search', query: QUERY });
    await run.settle('loadSheet', 'resolve', SHEET);
    expect(run.actor.getSnapshot().context.cursor).toBe(0);
    run.actor.send({ type: 'marks.focus', studentId: 2 });
    expect(run.actor.getSnapshot().context.cursor).toBe(1);
  });
});
