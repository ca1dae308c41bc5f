/**
 * The mark entry machine's rules as literal scenarios (the generated path tests are
 * mark-entry.machine.test.ts): where Enter goes, and how a typed mark is read. Fast enough for a
 * mutation run (docs/testing.md, "Mutation testing").
 */
import type { MarkValue, StudentMarkSheet } from '@/api/schemas/exams';
import { ApiError } from '@/api/client';
import { ABSENT_TEXT, parseMark, refusedStudents } from '@/machines/mark-entry.machine';
import { EXAM, QUERY, row, startMarkEntry, stateName, type Run } from './mark-entry-fixtures';

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
