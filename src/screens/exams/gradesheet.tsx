/**
 * /gradesheet (students, teachers, school admins, viewers) and /viewevaluation (viewers, the
 * chosen school): "Student Id", "Session", Submit; the sheet stays hidden until Submit, and the
 * submitted filters live in the address (reload and Back show the same sheet). A student's own
 * code is filled in and fixed. Print (only the sheet reaches the paper) and Download PDF; the
 * staff and viewers also download a whole section's sheets, one a page.
 */
import { useState, type FormEvent } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { can } from '@/api/permissions';
import { gradesheetQuery, publicationQuery } from '@/api/exams';
import { EXAM_CODES } from '@/api/schemas/exams';
import { defaultSession } from '@/api/lookups';
import {
  downloadGradesheetPdf,
  downloadSectionGradesheetPdf,
  sectionsQuery,
  sessionsQuery,
} from '@/api/gradesheet-pdf';
import { localDigits, latinDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { useErrorText } from '@/i18n/errors';
import { Alert } from '@/ui/alert';
import { useDownload } from '@/ui/use-download';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { SelectField } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { StudentInView, type ViewedStudent } from '@/screens/guardians/student-in-view';
import { asApiError, ErrorState, Loading } from '@/ui/status';
import { useSearchState } from '@/ui/use-search-state';
import type { ScreenProps } from '@/routes';
import { GradesheetView } from './gradesheet-sheet';

const DEFAULTS = { student_code: '', session_id: '' };
const num = (v: string) => (/^\d+$/.test(v) ? Number(v) : undefined);

export default function GradesheetScreen(props: Partial<ScreenProps>) {
  const { userType } = useSignedIn();
  // A guardian reads a linked child's, the child chosen by `?student=`.
  if (!can(userType, 'page.guardian-dashboard')) return <Sheet {...props} child={null} />;
  return <StudentInView>{(s) => <Sheet {...props} child={s} />}</StudentInView>;
}

function Sheet({ route, child }: Partial<ScreenProps> & { child: ViewedStudent | null }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const errorText = useErrorText();
  const { profile, userType, school } = useSignedIn();
  const schoolInfoId = child ? (child.school_info_id ?? undefined) : school?.id;
  // A student's profile names their code (a guardian's child's comes with the child): theirs is
  // the only sheet they may read.
  const ownCode = child ? child.student_code : profile.student_code;
  const [applied, apply] = useSearchState(DEFAULTS);
  const sessions = useQuery(sessionsQuery());
  // A student can read only published results: their form starts on the newest session that has
  // them (last year's, until this year's are out), not on one that would only say "not yet".
  const published = useQueries({
    queries: (ownCode !== null ? (sessions.data ?? []) : []).map((s) => ({
      ...publicationQuery({ session_id: s.id, school_info_id: schoolInfoId }),
      retry: false,
    })),
  });
  // Up to this year's: a later year published ahead of time has no results to show yet.
  const thisYear = Number(sessions.data?.find((s) => s.current)?.session_year ?? Infinity);
  const newestPublished = [...(sessions.data ?? [])]
    .reverse()
    .filter((s) => Number(s.session_year) <= thisYear)
    .find((s) => published.some((p) => p.data?.session_id === s.id && p.data.published));
  const fallbackSession = newestPublished
    ? String(newestPublished.id)
    : sessions.data
      ? String(defaultSession(sessions.data)?.id ?? '')
      : '';
  const [draft, setDraft] = useState({ student_code: applied.student_code, session_id: applied.session_id });
  const [errors, setErrors] = useState<{ student_code?: string; session_id?: string }>({});
  const code = ownCode ?? draft.student_code;
  const sessionValue = draft.session_id || applied.session_id || fallbackSession;

  const shownCode = ownCode ?? applied.student_code;
  const shownSession = num(applied.session_id);
  const submitted = !!shownCode && shownSession !== undefined;
  const query = { student_code: shownCode, session_id: shownSession ?? 0, school_info_id: schoolInfoId };
  const sheet = useQuery({ ...gradesheetQuery(query), enabled: submitted, retry: false });

  const pdf = useDownload();
  const sectionPdf = useDownload();
  const canSection = can(userType, 'exam.gradesheet-section-pdf');
  const sections = useQuery({ ...sectionsQuery(schoolInfoId), enabled: canSection });
  const [sectionId, setSectionId] = useState('');
  const [sectionError, setSectionError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = { student_code: latinDigits(code.trim()), session_id: sessionValue };
    const problems = {
      student_code: next.student_code ? undefined : t('gradesheet.required'),
      session_id: next.session_id ? undefined : t('gradesheet.required'),
    };
    setErrors(problems);
    if (problems.student_code || problems.session_id) return;
    apply({ student_code: ownCode !== null ? '' : next.student_code, session_id: next.session_id });
  };

  const title = route?.path === '/viewevaluation' ? t('gradesheet.viewerTitle') : t('gradesheet.gradeSheetTitle');
  const sessionOptions = (sessions.data ?? []).map((s) => ({
    value: String(s.id),
    label: localDigits(s.session_year, lang),
  }));

  return (
    <>
      <PageHeader
        title={title}
        kicker={child ? (child.school_name ?? undefined) : (school?.school_name ?? profile.school_name)}
      />
      <Card>
        <form className="grid gap-4 sm:grid-cols-3 sm:items-end" onSubmit={submit} noValidate>
          <TextField
            label={t('gradesheet.fields.student_code')}
            value={code}
            onChange={(e) => setDraft({ ...draft, student_code: e.target.value })}
            readOnly={ownCode !== null}
            hint={ownCode === null ? undefined : child ? t('gradesheet.childCode') : t('gradesheet.ownCode')}
            error={errors.student_code}
            autoComplete="off"
            required
          />
          <SelectField
            label={t('gradesheet.fields.session_id')}
            value={sessionValue}
            onChange={(v) => setDraft({ ...draft, session_id: v })}
            placeholder={t('gradesheet.chooseSession')}
            options={sessionOptions}
            error={errors.session_id ?? (sessions.isError ? errorText(sessions.error) : null)}
            required
          />
          <div className={errors.student_code || errors.session_id || ownCode !== null ? 'sm:self-center' : ''}>
            <Button type="submit" className="w-full sm:w-auto">
              {t('gradesheet.submit')}
            </Button>
          </div>
        </form>
      </Card>

      <div className="mt-6 space-y-4">
        {!submitted ? (
          <p className="text-sm text-slate-600">{t('gradesheet.chooseFirst')}</p>
        ) : sheet.isPending ? (
          <Loading />
        ) : sheet.isError ? (
          asApiError(sheet.error).code === EXAM_CODES.notPublished ? (
            <Alert tone="info">{t('gradesheet.errors.not_published')}</Alert>
          ) : (
            <ErrorState
              error={sheet.error}
              what={t('gradesheet.gradeSheetTitle')}
              onRetry={() => void sheet.refetch()}
            />
          )
        ) : (
          <>
            <div className="flex flex-wrap gap-3 print:hidden">
              <Button variant="secondary" onClick={() => window.print()}>
                {t('gradesheet.print')}
              </Button>
              <Button
                disabled={pdf.busy}
                aria-busy={pdf.busy || undefined}
                onClick={() =>
                  void pdf.run(() =>
                    downloadGradesheetPdf({
                      student_code: shownCode,
                      session_id: shownSession!,
                      school_info_id: schoolInfoId,
                      lang,
                    }),
                  )
                }
              >
                {pdf.busy ? t('gradesheet.downloading') : t('gradesheet.downloadPdf')}
              </Button>
            </div>
            {pdf.error ? (
              <Alert tone="error" title={t('gradesheet.downloadFailed')}>
                {pdf.error}
              </Alert>
            ) : null}
            <GradesheetView sheet={sheet.data} />
          </>
        )}
      </div>

      {canSection ? (
        <Card title={t('gradesheet.sectionPdfTitle')} className="mt-6 print:hidden">
          <p className="mb-3 text-sm text-slate-600">{t('gradesheet.sectionPdfHint')}</p>
          <form
            className="grid gap-4 sm:grid-cols-3 sm:items-end"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!sectionId || !sessionValue) {
                setSectionError(t('gradesheet.required'));
                return;
              }
              setSectionError(null);
              void sectionPdf.run(() =>
                downloadSectionGradesheetPdf({
                  section_id: Number(sectionId),
                  session_id: Number(sessionValue),
                  school_info_id: schoolInfoId,
                  lang,
                }),
              );
            }}
          >
            <SelectField
              label={t('gradesheet.fields.section_id')}
              value={sectionId}
              onChange={setSectionId}
              placeholder={t('gradesheet.chooseSection')}
              options={(sections.data ?? []).map((s) => ({
                value: String(s.id),
                label: `${name('classes', s.class_name)} · ${s.section_default_name}`,
              }))}
              error={sectionError ?? (sections.isError ? errorText(sections.error) : null)}
              required
            />
            <p className="text-sm text-slate-700">
              {t('gradesheet.fields.session_id')}: {sessionOptions.find((o) => o.value === sessionValue)?.label ?? '–'}
            </p>
            <div>
              <Button type="submit" variant="secondary" disabled={sectionPdf.busy} className="w-full sm:w-auto">
                {sectionPdf.busy ? t('gradesheet.downloading') : t('gradesheet.downloadSectionPdf')}
              </Button>
            </div>
          </form>
          {sectionPdf.error ? (
            <Alert tone="error" title={t('gradesheet.downloadFailed')} className="mt-3">
              {sectionPdf.error}
            </Alert>
          ) : null}
        </Card>
      ) : null}
    </>
  );
}
