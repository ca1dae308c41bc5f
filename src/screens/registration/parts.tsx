/**
 * Pieces of the subject registration screen: a 44 px checkbox row, the success toast and the
 * error text of the server's refusals in the user's language (with the subject and student the
 * server named), and the two registration lists: the subjects one row per student with their
 * subjects (each removable), the 4th subjects one row per registration.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/api/client';
import {
  REGISTRATION_PAGE,
  REGISTRATION_STUDENT_PAGE,
  type RegistrationRow,
  type RegistrationStudentRow,
} from '@/api/schemas/subject-registration';
import { registrationListQuery, registrationStudentsQuery } from '@/api/subject-registration';
import { formatNumber, localDigits } from '@/i18n/format';
import type { Feedback } from '@/machines/subject-registration.machine';
import { translateError } from '@/i18n/errors';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { Button } from '@/ui/button';
import { Card } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useToast } from '@/ui/toast';
import { useSearchState } from '@/ui/use-search-state';

const PREFIX = 'subject_registration.';

/** A checkbox with its label, the whole row a 44 px target. */
export function CheckRow({
  checked,
  onChange,
  label,
  disabled,
  children,
}: {
  checked: boolean;
  onChange: () => void;
  label: string;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <label className="flex min-h-11 min-w-11 cursor-pointer items-center gap-3">
      <input
        type="checkbox"
        className="h-5 w-5 shrink-0 accent-indigo-700"
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        aria-label={label}
      />
      {children}
    </label>
  );
}

/**
 * The server's refusal in the user's language: its own words in English, the catalogue's otherwise
 * (src/i18n/errors.ts), with the subject and student the server named in its fields.
 */
export function useRegistrationErrorText() {
  useI18n(); // the texts follow the language
  const { name } = useNames();
  return (error: unknown): string => {
    const fields = error instanceof ApiError ? error.fields : undefined;
    // The server names the subject as the school wrote it (English).
    return translateError(error, {
      values: { subject: name('subjects', fields?.subject), student: fields?.student ?? '' },
    });
  };
}

/** A success from the server, once per answer, in the user's language. */
export function useFeedbackToast(feedback: Feedback | null) {
  const toast = useToast();
  const { t } = useI18n();
  const shown = useRef(0);
  useEffect(() => {
    if (!feedback || feedback.seq === shown.current) return;
    shown.current = feedback.seq;
    const name = feedback.code.startsWith(PREFIX) ? feedback.code.slice(PREFIX.length) : '';
    const key = `registration.success.${name}`;
    const text = t(key as never);
    toast.show(text && text !== key ? text : feedback.text, 'success');
  }, [feedback, toast, t]);
}

/** One of the two registration lists, filtered by the chosen session and section, paged in the URL. */
export function RegistrationList({
  fourth,
  sessionId,
  sectionId,
  onDelete,
  busy,
}: {
  fourth: boolean;
  sessionId: number;
  sectionId: number;
  onDelete: (row: RegistrationRow) => void;
  busy: boolean;
}) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const pageKey = fourth ? 'fp' : 'sp';
  const [params, setParams] = useSearchState({ [pageKey]: '1' } as Record<string, string>);
  const page = Math.max(1, Number(params[pageKey]) || 1);
  const size = REGISTRATION_PAGE.defaultLimit;
  const list = useQuery(
    registrationListQuery(fourth, {
      session_id: sessionId || undefined,
      section_id: sectionId || undefined,
      limit: size,
      offset: (page - 1) * size,
    }),
  );
  const head = {
    session: t('registration.lists.head.session'),
    className: t('registration.lists.head.className'),
    group: t('registration.lists.head.group'),
    section: t('registration.lists.head.section'),
    student: t('registration.lists.head.student'),
    name: t('registration.lists.head.name'),
    subject: t('registration.lists.head.subject'),
    actions: t('registration.lists.head.actions'),
  };
  return (
    <Card title={t(fourth ? 'registration.lists.fourthCard' : 'registration.lists.subjectsCard')}>
      <QueryState
        query={list}
        what={t(fourth ? 'registration.lists.fourthWhat' : 'registration.lists.subjectsWhat')}
        loadingLabel={t('registration.lists.loading')}
        empty={t('registration.lists.empty')}
        isEmpty={(d) => d.total === 0}
      >
        {(data) => (
          <>
            <DataTable
              cards
              caption={t(fourth ? 'registration.lists.fourthCaption' : 'registration.lists.subjectsCaption')}
              head={[
                head.session,
                head.className,
                head.group,
                head.section,
                head.student,
                head.name,
                head.subject,
                head.actions,
              ]}
            >
              {data.rows.map((row) => (
                <tr key={row.id}>
                  <Td label={head.session}>{localDigits(row.session_year, lang)}</Td>
                  <Td label={head.className}>{name('classes', row.class_name)}</Td>
                  <Td label={head.group}>{row.division_name ?? '—'}</Td>
                  <Td label={head.section}>{row.section_default_name}</Td>
                  <Td label={head.student} className="font-semibold text-slate-900">
                    {row.student_code}
                  </Td>
                  <Td label={head.name}>{row.full_name}</Td>
                  <Td label={head.subject}>{name('subjects', row.subject_name)}</Td>
                  <Td label={head.actions}>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        variant="secondary"
                        disabled={busy}
                        aria-label={t('registration.lists.delete', {
                          subject: name('subjects', row.subject_name),
                          student: row.student_code,
                        })}
                        onClick={() => onDelete(row)}
                      >
                        {t('common.delete')}
                      </Button>
                    </div>
                  </Td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageSize={size}
              total={data.total}
              onPage={(p) => setParams({ [pageKey]: String(p) })}
              label={t('registration.lists.pages')}
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}

/**
 * "Subject Registration Details": one row per student (roll, name, id, class) with the subjects
 * registered for them as a wrapping list, each with its own remove button (a 44 px target, named
 * "Delete <subject> of <student>"; the screen asks "Are you sure to delete?" first). Nothing is a
 * table column, so at 360 px the subjects wrap and no button is clipped. Paged by student, in the URL.
 */
export function StudentRegistrationList({
  sessionId,
  sectionId,
  onDelete,
  busy,
}: {
  sessionId: number;
  sectionId: number;
  onDelete: (row: RegistrationRow) => void;
  busy: boolean;
}) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const [params, setParams] = useSearchState({ sp: '1' });
  const page = Math.max(1, Number(params.sp) || 1);
  const size = REGISTRATION_STUDENT_PAGE.defaultLimit;
  const list = useQuery(
    registrationStudentsQuery({
      session_id: sessionId || undefined,
      section_id: sectionId || undefined,
      limit: size,
      offset: (page - 1) * size,
    }),
  );
  const asRow = (student: RegistrationStudentRow, subject: RegistrationStudentRow['subjects'][number]) => {
    const { subjects: _s, ...rest } = student;
    return { ...rest, ...subject };
  };
  return (
    <Card title={t('registration.lists.subjectsCard')}>
      <QueryState
        query={list}
        what={t('registration.lists.subjectsWhat')}
        loadingLabel={t('registration.lists.loading')}
        empty={t('registration.lists.empty')}
        isEmpty={(d) => d.total === 0}
      >
        {(data) => (
          <>
            <ul aria-label={t('registration.lists.subjectsCaption')} className="divide-y divide-slate-100">
              {data.rows.map((student) => (
                <li
                  key={`${student.session_id}-${student.student_id}`}
                  aria-label={`${student.full_name}, ${student.student_code}`}
                  className="py-3"
                >
                  <p className="font-semibold break-words text-slate-900">
                    {t('registration.lists.roll', { roll: formatNumber(student.class_roll_no, lang) })} ·{' '}
                    {student.full_name} <span className="font-normal text-slate-600">({student.student_code})</span>
                  </p>
                  <p className="text-sm text-slate-600">
                    {[
                      localDigits(student.session_year, lang),
                      `${name('classes', student.class_name)} ${student.section_default_name}`,
                      student.division_name,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  <ul
                    aria-label={t('registration.lists.subjectsOf', { student: student.student_code })}
                    className="mt-2 flex flex-wrap gap-2"
                  >
                    {student.subjects.map((subject) => (
                      <li
                        key={subject.id}
                        className="inline-flex max-w-full items-center rounded-full bg-slate-100 pl-3 text-sm text-slate-900"
                      >
                        <span className="min-w-0 break-words">{name('subjects', subject.subject_name)}</span>
                        <button
                          type="button"
                          disabled={busy}
                          title={t('common.delete')}
                          aria-label={t('registration.lists.delete', {
                            subject: name('subjects', subject.subject_name),
                            student: student.student_code,
                          })}
                          onClick={() => onDelete(asRow(student, subject))}
                          className="ml-1 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50"
                        >
                          <span aria-hidden="true">✕</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pageSize={size}
              total={data.total}
              onPage={(p) => setParams({ sp: String(p) })}
              label={t('registration.lists.studentPages')}
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}
