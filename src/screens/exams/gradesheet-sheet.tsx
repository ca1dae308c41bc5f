/**
 * The grade sheet as the spec lays it out (part 2 §Exams, marks, grade sheet): school name and
 * address; ID, Name, Session, Class, Section (and the class roll); the per-subject table (Monthly
 * Class Test average 20%, Half Yearly and Final Sub and MCQ, Converted (half+final)/2 70%,
 * Attendance 5%, Extra Curriculum 5%, Total 100%, Grade, Grade Point), with what each subject was
 * graded on (Out of, Percentage) and a note when that is below 100 (@/api/gradesheet-basis); the
 * Yearly Calculation computed by the server; teacher and head comment and signature boxes.
 *
 * Phones (below Tailwind's `sm`, 640 px): the twelve-column table cannot fit, so each subject is a
 * card with its total, out of, percentage, grade and grade point in view and its exam marks under
 * them; from `sm` up, and always on paper, the table (./gradesheet-print.css).
 */
import { useId } from 'react';
import { basisNotes, type BasisNote } from '@/api/gradesheet-basis';
import type { Gradesheet, GradesheetSubject } from '@/api/schemas/exams';
import { formatNumber, localDigits } from '@/i18n/format';
import { useI18n, type Language } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import './gradesheet-print.css';

/** The id of the printed element: ./gradesheet-print.css shows it alone on paper. */
export const PRINT_ID = 'gradesheet-print';

function num(value: number, lang: Language, decimals?: number) {
  return decimals === undefined
    ? formatNumber(value, lang, { maximumFractionDigits: 2 })
    : formatNumber(value, lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

const th =
  'border border-slate-300 bg-slate-100 px-2 py-1.5 text-center align-middle text-xs font-semibold text-slate-800';
const td = 'border border-slate-300 px-2 py-1.5 text-center tabular-nums';

export function GradesheetView({ sheet }: { sheet: Gradesheet }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const captionId = useId();
  const s = (key: string) => t(`gradesheet.sheet.${key}` as never);
  const part = (v: GradesheetSubject['final_exam_sub']) =>
    v === 'absent' ? s('absent') : v === null ? s('notEntered') : num(v, lang);
  const address = [...new Set([...sheet.address.split(', '), sheet.address_division].filter(Boolean))].join(', ');
  const info: [string, string][] = [
    [s('id'), sheet.student_code],
    [s('name'), sheet.name],
    [s('session'), localDigits(sheet.session_year, lang)],
    [s('class'), name('classes', sheet.class_name)],
    [s('section'), sheet.section_default_name],
    [s('roll'), formatNumber(sheet.class_roll_no, lang)],
  ];
  const percent = (v: number) => t('gradesheet.sheet.percentValue', { value: num(v, lang) });
  const attendance = (sub: GradesheetSubject) =>
    sheet.attendance_rate === null ? s('notEntered') : num(sub.attendance_marks, lang);
  const noteText = (n: BasisNote) =>
    n.key === 'basisAllOn'
      ? t('gradesheet.sheet.basisAllOn', { maximum: num(n.maximum, lang) })
      : n.key === 'basisExample'
        ? t('gradesheet.sheet.basisExample', {
            subject: name('subjects', n.subject),
            total: num(n.total, lang),
            maximum: num(n.maximum, lang),
            percentage: num(n.percentage, lang),
            grade: n.grade,
          })
        : s(n.key);
  const notes = basisNotes(sheet);
  const yearly: [string, string][] = [
    [s('totalMarks'), num(sheet.total_marks, lang)],
    [s('totalGradePoint'), num(sheet.total_grade_point, lang, 2)],
    [s('gpa'), num(sheet.gpa, lang, 2)],
    [s('letterGrade'), sheet.grade],
    [s('result'), sheet.grade === 'F' ? s('failed') : s('passed')],
    [
      s('position'),
      sheet.position === null
        ? s('notEntered')
        : t('gradesheet.sheet.positionOf', {
            position: formatNumber(sheet.position, lang),
            size: formatNumber(sheet.section_size, lang),
          }),
    ],
  ];
  return (
    <article
      id={PRINT_ID}
      aria-label={t('gradesheet.tableLabel', { name: sheet.name })}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <header className="text-center">
        <h2 className="text-xl font-bold text-slate-900 sm:text-2xl">{sheet.school_name}</h2>
        {address ? <p className="text-sm text-slate-600">{address}</p> : null}
        <p className="mt-2 inline-block rounded-full border border-slate-400 bg-slate-50 px-4 py-1 font-semibold text-slate-900">
          {s('title')} · {localDigits(sheet.session_year, lang)}
        </p>
        {!sheet.published ? (
          <p className="mt-2 text-sm font-semibold text-red-800">{t('gradesheet.notPublishedNote')}</p>
        ) : null}
      </header>

      <dl className="mt-4 grid grid-cols-1 gap-px overflow-hidden rounded-lg border border-slate-300 bg-slate-300 text-sm sm:grid-cols-3">
        {info.map(([label, value]) => (
          <div key={label} className="flex bg-white">
            <dt className="w-24 shrink-0 bg-slate-100 px-3 py-2 font-semibold text-slate-800">{label}</dt>
            <dd className="px-3 py-2 text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      <div
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
        className="gs-table mt-5 overflow-x-auto rounded focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600 max-sm:hidden"
      >
        <table className="w-full border-collapse text-sm" style={{ minWidth: '58rem' }}>
          <caption id={captionId} className="sr-only">
            {t('gradesheet.tableLabel', { name: sheet.name })}
          </caption>
          <thead>
            <tr>
              <th scope="col" rowSpan={2} className={`${th} text-left`}>
                {s('subject')}
              </th>
              <th scope="col" rowSpan={2} className={th}>
                {s('monthlyClassTest')}
                <br />
                <span className="font-normal">({s('average20')})</span>
              </th>
              <th scope="colgroup" colSpan={2} className={th}>
                {s('halfYearly')}
              </th>
              <th scope="colgroup" colSpan={2} className={th}>
                {s('finalExam')}
              </th>
              <th scope="col" rowSpan={2} className={th}>
                {s('converted')}
                <br />
                <span className="font-normal">{s('convertedNote')}</span>
              </th>
              <th scope="col" rowSpan={2} className={th}>
                {s('attendance')}
                <br />
                <span className="font-normal">({s('percent5')})</span>
              </th>
              <th scope="col" rowSpan={2} className={th}>
                {s('extraCurriculum')}
                <br />
                <span className="font-normal">({s('percent5')})</span>
              </th>
              <th scope="col" rowSpan={2} className={th}>
                {s('totalMarks')}
                <br />
                <span className="font-normal">({s('percent100')})</span>
              </th>
              <th scope="col" rowSpan={2} className={th}>
                {s('outOf')}
              </th>
              <th scope="col" rowSpan={2} className={th}>
                {s('percentage')}
              </th>
              <th scope="col" rowSpan={2} className={th}>
                {s('grade')}
              </th>
              <th scope="col" rowSpan={2} className={th}>
                {s('gradePoint')}
              </th>
            </tr>
            <tr>
              <th scope="col" className={th} aria-label={`${s('halfYearly')} ${s('sub')}`}>
                {s('sub')}
              </th>
              <th scope="col" className={th} aria-label={`${s('halfYearly')} ${s('mcq')}`}>
                {s('mcq')}
              </th>
              <th scope="col" className={th} aria-label={`${s('finalExam')} ${s('sub')}`}>
                {s('sub')}
              </th>
              <th scope="col" className={th} aria-label={`${s('finalExam')} ${s('mcq')}`}>
                {s('mcq')}
              </th>
            </tr>
          </thead>
          <tbody>
            {sheet.subjects.map((sub) => (
              <tr key={sub.subject_id} className="even:bg-slate-50">
                <th scope="row" className="border border-slate-300 px-2 py-1.5 text-left font-medium text-slate-900">
                  {name('subjects', sub.subject_name)}
                  {sub.is_fourth_subject ? (
                    <span className="ml-1 text-xs font-normal text-slate-600">({s('fourthSubject')})</span>
                  ) : null}
                </th>
                <td className={td}>{num(sub.monthly_class_test_average, lang)}</td>
                <td className={td}>{part(sub.half_yearly_exam_sub)}</td>
                <td className={td}>{part(sub.half_yearly_exam_mcq)}</td>
                <td className={td}>{part(sub.final_exam_sub)}</td>
                <td className={td}>{part(sub.final_exam_mcq)}</td>
                <td className={td}>{num(sub.converted, lang)}</td>
                <td className={td}>{attendance(sub)}</td>
                <td className={td}>{num(sub.extra_curriculum, lang)}</td>
                <td className={`${td} font-semibold`}>{num(sub.total, lang)}</td>
                <td className={td}>{num(sub.maximum, lang)}</td>
                <td className={td}>{percent(sub.percentage)}</td>
                <td className={`${td} font-semibold ${sub.grade === 'F' ? 'text-red-800' : ''}`}>{sub.grade}</td>
                <td className={`${td} font-semibold`}>{num(sub.gradePoint, lang, 2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {sheet.subjects.length ? (
        <ul aria-label={s('bySubject')} className="gs-cards mt-5 space-y-3 sm:hidden">
          {sheet.subjects.map((sub) => (
            <li
              key={sub.subject_id}
              aria-label={name('subjects', sub.subject_name)}
              className="rounded-lg border border-slate-300"
            >
              <div className="flex items-start justify-between gap-3 border-b border-slate-300 bg-slate-100 px-3 py-2">
                <h3 className="font-semibold text-slate-900">
                  {name('subjects', sub.subject_name)}
                  {sub.is_fourth_subject ? (
                    <span className="ml-1 text-xs font-normal text-slate-600">({s('fourthSubject')})</span>
                  ) : null}
                </h3>
              </div>
              <dl className="grid grid-cols-3 gap-x-2 gap-y-2 px-3 py-2 text-sm">
                {(
                  [
                    [s('obtained'), num(sub.total, lang)],
                    [s('outOf'), num(sub.maximum, lang)],
                    [s('percentage'), percent(sub.percentage)],
                    [s('grade'), sub.grade],
                    [s('gradePoint'), num(sub.gradePoint, lang, 2)],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label}>
                    <dt className="text-xs text-slate-600">{label}</dt>
                    <dd
                      className={`font-semibold tabular-nums ${label === s('grade') && sub.grade === 'F' ? 'text-red-800' : 'text-slate-900'}`}
                    >
                      {value}
                    </dd>
                  </div>
                ))}
              </dl>
              <details className="border-t border-slate-200 px-3 py-2 text-sm">
                <summary className="min-h-11 cursor-pointer py-2 text-slate-800">{s('byExam')}</summary>
                <dl className="grid grid-cols-2 gap-x-3 gap-y-1 pb-1">
                  {(
                    [
                      [`${s('monthlyClassTest')} (${s('average20')})`, num(sub.monthly_class_test_average, lang)],
                      [`${s('halfYearly')} ${s('sub')}`, part(sub.half_yearly_exam_sub)],
                      [`${s('halfYearly')} ${s('mcq')}`, part(sub.half_yearly_exam_mcq)],
                      [`${s('finalExam')} ${s('sub')}`, part(sub.final_exam_sub)],
                      [`${s('finalExam')} ${s('mcq')}`, part(sub.final_exam_mcq)],
                      [`${s('converted')} ${s('convertedNote')}`, num(sub.converted, lang)],
                      [`${s('attendance')} (${s('percent5')})`, attendance(sub)],
                      [`${s('extraCurriculum')} (${s('percent5')})`, num(sub.extra_curriculum, lang)],
                    ] as const
                  ).map(([label, value]) => (
                    <div key={label} className="contents">
                      <dt className="text-slate-600">{label}</dt>
                      <dd className="text-right tabular-nums text-slate-900">{value}</dd>
                    </div>
                  ))}
                </dl>
              </details>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{t('gradesheet.noSubjects')}</p>
      )}
      {notes.length ? <p className="mt-2 text-sm text-slate-700">{notes.map(noteText).join(' ')}</p> : null}

      <section aria-labelledby={`${captionId}-yearly`} className="mt-5 max-w-md">
        <h3
          id={`${captionId}-yearly`}
          className="rounded-t-lg border border-slate-300 bg-slate-100 px-3 py-2 text-center font-semibold text-slate-900"
        >
          {s('yearly')}
        </h3>
        <dl className="divide-y divide-slate-300 rounded-b-lg border border-t-0 border-slate-300 text-sm">
          {yearly.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 px-3 py-2">
              <dt className="text-slate-700">{label}</dt>
              <dd className="font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {[s('teacherComment'), s('headComment')].map((label) => (
          <section key={label} aria-label={label} className="flex min-h-36 flex-col rounded-lg border border-slate-300">
            <h3 className="border-b border-slate-300 bg-slate-100 px-3 py-2 text-sm font-semibold text-slate-900">
              {label}
            </h3>
            <div className="flex-1" />
            <div className="flex justify-between gap-4 px-3 pb-2 pt-8 text-xs text-slate-600">
              <span className="w-24 border-t border-slate-500 pt-1 text-center">{s('date')}</span>
              <span className="w-40 border-t border-slate-500 pt-1 text-center">{s('signature')}</span>
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}
