/**
 * /marksheet: "Student Marks Sheet" (spec part 2 §Exams): filters Session, Exam Type and Student
 * Id (a student's own, filled in and fixed), hidden until Submit, the submitted filters in the
 * address. A student sees only their own marks, and only once the session's results are published
 * (the server refuses otherwise; this page says so plainly).
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { can } from '@/api/permissions';
import { examTypesQuery, markSheetQuery } from '@/api/exams';
import { defaultSession } from '@/api/lookups';
import { sessionsQuery } from '@/api/gradesheet-pdf';
import { EXAM_CODES, type MarkSheetRow } from '@/api/schemas/exams';
import { formatNumber, latinDigits, localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { useErrorText } from '@/i18n/errors';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { SelectField } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { StudentInView, type ViewedStudent } from '@/screens/guardians/student-in-view';
import { asApiError, EmptyState, ErrorState, Loading } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useSearchState } from '@/ui/use-search-state';

const DEFAULTS = { student_code: '', session_id: '', exam_name_id: '' };
const num = (v: string) => (/^\d+$/.test(v) ? Number(v) : undefined);

export default function MarksheetScreen() {
  const { userType } = useSignedIn();
  // A guardian reads a linked child's, the child chosen by `?student=`.
  if (!can(userType, 'page.guardian-dashboard')) return <Sheet child={null} />;
  return <StudentInView>{(s) => <Sheet child={s} />}</StudentInView>;
}

function Sheet({ child }: { child: ViewedStudent | null }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const errorText = useErrorText();
  const { profile, school } = useSignedIn();
  const schoolInfoId = child ? (child.school_info_id ?? undefined) : school?.id;
  // A student's profile names their code (a guardian's child's comes with the child): theirs is
  // the only sheet they may read.
  const ownCode = child ? child.student_code : profile.student_code;
  const [applied, apply] = useSearchState(DEFAULTS);
  const sessions = useQuery(sessionsQuery());
  const types = useQuery(examTypesQuery({ school_info_id: schoolInfoId }));
  const fallbackSession = sessions.data ? String(defaultSession(sessions.data)?.id ?? '') : '';
  const [draft, setDraft] = useState(applied);
  const [errors, setErrors] = useState<{ student_code?: string; session_id?: string }>({});
  const code = ownCode ?? draft.student_code;
  const sessionValue = draft.session_id || applied.session_id || fallbackSession;

  const shownCode = ownCode ?? applied.student_code;
  const shownSession = num(applied.session_id);
  const submitted = !!shownCode && shownSession !== undefined;
  const marks = useQuery({
    ...markSheetQuery({
      student_code: shownCode,
      session_id: shownSession ?? 0,
      exam_name_id: num(applied.exam_name_id),
      school_info_id: schoolInfoId,
    }),
    enabled: submitted,
    retry: false,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const studentCode = latinDigits(code.trim());
    const problems = {
      student_code: studentCode ? undefined : t('gradesheet.required'),
      session_id: sessionValue ? undefined : t('gradesheet.required'),
    };
    setErrors(problems);
    if (problems.student_code || problems.session_id) return;
    apply({
      student_code: ownCode !== null ? '' : studentCode,
      session_id: sessionValue,
      exam_name_id: draft.exam_name_id,
    });
  };

  const head = [
    t('gradesheet.markColumns.exam_name'),
    t('gradesheet.markColumns.subject_name'),
    t('gradesheet.markColumns.full_marks'),
    t('gradesheet.markColumns.marks_obtained'),
  ];
  const markText = (v: MarkSheetRow['marks_obtained']) =>
    v === 'absent'
      ? t('gradesheet.sheet.absent')
      : v === null
        ? t('gradesheet.sheet.notEntered')
        : formatNumber(v, lang);

  return (
    <>
      <PageHeader
        title={t('gradesheet.markSheetTitle')}
        kicker={child ? (child.school_name ?? undefined) : (school?.school_name ?? profile.school_name)}
      />
      <Card>
        <form className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end" onSubmit={submit} noValidate>
          <SelectField
            label={t('gradesheet.fields.session_id')}
            value={sessionValue}
            onChange={(v) => setDraft({ ...draft, session_id: v })}
            placeholder={t('gradesheet.chooseSession')}
            options={(sessions.data ?? []).map((s) => ({
              value: String(s.id),
              label: localDigits(s.session_year, lang),
            }))}
            error={errors.session_id ?? (sessions.isError ? errorText(sessions.error) : null)}
            required
          />
          <SelectField
            label={t('gradesheet.fields.exam_name_id')}
            value={draft.exam_name_id}
            onChange={(v) => setDraft({ ...draft, exam_name_id: v })}
            placeholder={t('gradesheet.allExamTypes')}
            options={(types.data ?? []).map((x) => ({ value: String(x.id), label: name('exam_types', x.exam_name) }))}
            error={types.isError ? errorText(types.error) : null}
          />
          <TextField
            label={t('gradesheet.fields.student_code')}
            value={code}
            onChange={(e) => setDraft({ ...draft, student_code: e.target.value })}
            readOnly={ownCode !== null}
            hint={ownCode !== null ? t('gradesheet.ownCode') : undefined}
            error={errors.student_code}
            autoComplete="off"
            required
          />
          <div>
            <Button type="submit" className="w-full sm:w-auto">
              {t('gradesheet.submit')}
            </Button>
          </div>
        </form>
      </Card>
      <div className="mt-6">
        {!submitted ? (
          <p className="text-sm text-slate-600">{t('gradesheet.chooseFirst')}</p>
        ) : marks.isPending ? (
          <Loading />
        ) : marks.isError ? (
          asApiError(marks.error).code === EXAM_CODES.notPublished ? (
            <Alert tone="info">{t('gradesheet.errors.not_published')}</Alert>
          ) : (
            <ErrorState
              error={marks.error}
              what={t('gradesheet.markSheetTitle')}
              onRetry={() => void marks.refetch()}
            />
          )
        ) : marks.data.length === 0 ? (
          <EmptyState>{t('gradesheet.noMarks')}</EmptyState>
        ) : (
          <Card
            title={`${marks.data[0].name} · ${name('classes', marks.data[0].class_name)} ${marks.data[0].section_default_name}`}
          >
            <DataTable cards caption={t('gradesheet.markTableLabel', { name: marks.data[0].name })} head={head}>
              {marks.data.map((r) => (
                <tr key={r.exam_info_id}>
                  <Td label={head[0]}>{name('exam_types', r.exam_name)}</Td>
                  <Td label={head[1]} className="font-medium text-slate-900">
                    {name('subjects', r.subject_name)}
                  </Td>
                  <Td label={head[2]}>{formatNumber(r.full_marks, lang)}</Td>
                  <Td label={head[3]} className="font-semibold text-slate-900">
                    {markText(r.marks_obtained)}
                  </Td>
                </tr>
              ))}
            </DataTable>
          </Card>
        )}
      </div>
    </>
  );
}
