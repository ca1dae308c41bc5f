/**
 * Pieces of the subject registration screen: a 44 px checkbox row, the success toast and the
 * error text of the server's refusals in the user's language (with the subject and student the
 * server named), and the two registration lists.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/api/client';
import { REGISTRATION_PAGE, type RegistrationRow } from '@/api/schemas/subject-registration';
import { registrationListQuery } from '@/api/subject-registration';
import type { Feedback } from '@/machines/subject-registration.machine';
import { useErrorText } from '@/i18n/errors';
import { useI18n } from '@/i18n/i18n';
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
    <label className="flex min-h-11 cursor-pointer items-center gap-3">
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

/** The server's refusal in the user's language: its own words in English, the catalogue's otherwise. */
export function useRegistrationErrorText() {
  const { t, lang } = useI18n();
  const errorText = useErrorText();
  return (error: unknown): string => {
    if (lang !== 'en' && error instanceof ApiError && error.code.startsWith(PREFIX)) {
      const key = `registration.errors.${error.code.slice(PREFIX.length)}`;
      const text = t(key as never, { subject: error.fields?.subject ?? '', student: error.fields?.student ?? '' });
      if (text && text !== key) return text;
    }
    return errorText(error);
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
  const { t } = useI18n();
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
                  <Td label={head.session}>{row.session_year}</Td>
                  <Td label={head.className}>{row.class_name}</Td>
                  <Td label={head.group}>{row.division_name ?? '—'}</Td>
                  <Td label={head.section}>{row.section_default_name}</Td>
                  <Td label={head.student} className="font-semibold text-slate-900">
                    {row.student_code}
                  </Td>
                  <Td label={head.name}>{row.full_name}</Td>
                  <Td label={head.subject}>{row.subject_name}</Td>
                  <Td label={head.actions}>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        variant="secondary"
                        disabled={busy}
                        aria-label={t('registration.lists.delete', {
                          subject: row.subject_name,
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
