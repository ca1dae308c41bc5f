/**
 * The filters of /teacherevaluation and /teachermark (spec part 2 §Exams: Session, Exam Type,
 * Class, Section, Subject), kept in the address so Back, reload and a shared link return to the
 * same sheet. Classes, sections and subjects are offered only where an exam exists that the caller
 * may mark: for a teacher, what they teach (the server lists a teacher only those exams).
 */
import type { FormEvent, ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ExamInfoRow } from '@/api/schemas/exams';
import { examTypesQuery } from '@/api/exams';
import { defaultSession } from '@/api/lookups';
import { examChoices, markableExamsQuery, markEntrySessionsQuery } from '@/api/mark-entry';
import type { MarkEntryQuery } from '@/machines/mark-entry.machine';
import { Button } from '@/ui/button';
import { SelectField } from '@/ui/select';
import { EmptyState, ErrorState, Loading } from '@/ui/status';
import { useSearchState } from '@/ui/use-search-state';
import { loadExamTypesKept, loadMarkableExamsKept, loadSessionsKept } from '@/offline/marks';
import { localDigits } from '@/i18n/digits';
import { useI18n } from '@/i18n/i18n';
import { useNames, type NameKind } from '@/i18n/names';

const DEFAULTS = { session_id: '', exam_name_id: '', class_id: '', section_id: '', subject_id: '' };
export type MarkFilterField = keyof typeof DEFAULTS;

/** A new class clears the section and subject; a new section the subject. */
const CLEARS: Record<MarkFilterField, MarkFilterField[]> = {
  session_id: [],
  exam_name_id: [],
  class_id: ['section_id', 'subject_id'],
  section_id: ['subject_id'],
  subject_id: [],
};

export function useMarkFilters() {
  const [params, setParams] = useSearchState(DEFAULTS);
  // Offline: what the filters need is kept on the device as it is read, and read from
  // there when the network fails, so a sheet opened while online opens again with no network.
  const sessions = useQuery({ ...markEntrySessionsQuery(), queryFn: loadSessionsKept, networkMode: 'offlineFirst' });
  const types = useQuery({ ...examTypesQuery(), queryFn: loadExamTypesKept, networkMode: 'offlineFirst' });
  const sessionId = Number(params.session_id) || defaultSession(sessions.data ?? [])?.id || 0;
  const examTypeId = Number(params.exam_name_id) || 0;
  const classId = Number(params.class_id) || 0;
  const sectionId = Number(params.section_id) || 0;
  const subjectId = Number(params.subject_id) || 0;
  const exams = useQuery({
    ...markableExamsQuery({ session_id: sessionId, exam_name_id: examTypeId }),
    queryFn: () => loadMarkableExamsKept({ session_id: sessionId, exam_name_id: examTypeId }),
    networkMode: 'offlineFirst',
    enabled: sessionId > 0 && examTypeId > 0,
  });
  const choices = examChoices(exams.data ?? [], { class_id: classId, section_id: sectionId });
  // The five filters name one exam of the list, or none yet.
  const exam: ExamInfoRow | null =
    exams.data?.find(
      (e) =>
        e.session_id === sessionId &&
        e.exam_name_id === examTypeId &&
        e.class_id === classId &&
        e.section_id === sectionId &&
        e.subject_id === subjectId,
    ) ?? null;
  const query: MarkEntryQuery | null = exam
    ? {
        session_id: sessionId,
        exam_name_id: examTypeId,
        class_id: classId,
        section_id: sectionId,
        subject_id: subjectId,
      }
    : null;
  // Once the exams are known, a filter naming what is not among them counts as not chosen.
  const known = (id: number, list: { id: number }[]) => (list.some((c) => c.id === id) ? String(id) : '');
  const values: Record<MarkFilterField, string> = {
    session_id: sessionId ? String(sessionId) : '',
    exam_name_id: params.exam_name_id,
    class_id: exams.data ? known(classId, choices.classes) : params.class_id,
    section_id: exams.data ? known(sectionId, choices.sections) : params.section_id,
    subject_id: exams.data ? known(subjectId, choices.subjects) : params.subject_id,
  };
  const set = (field: MarkFilterField, value: string) => {
    const patch: Partial<typeof DEFAULTS> = { [field]: value };
    for (const f of CLEARS[field]) patch[f] = '';
    setParams(patch);
  };
  return { values, set, setParams, sessions, types, exams, choices, exam, query };
}

export type MarkFilters = ReturnType<typeof useMarkFilters>;

export function MarkFiltersForm({
  filters,
  disabled = false,
  submitLabel,
  onSubmit,
  children,
}: {
  filters: MarkFilters;
  disabled?: boolean;
  /** The button that opens the sheet; without it the sheet shows as soon as the exam is chosen. */
  submitLabel?: string;
  onSubmit: () => void;
  children?: ReactNode;
}) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const { values, set, sessions, types, exams, choices, query } = filters;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (query) onSubmit();
  };
  const option = (c: { id: number; name: string }) => ({ value: String(c.id), label: c.name });
  const named = (kind: NameKind) => (c: { id: number; name: string }) => ({
    value: String(c.id),
    label: name(kind, c.name),
  });
  const chosenTypeAndSession = values.session_id !== '' && values.exam_name_id !== '';
  return (
    <form onSubmit={submit} aria-label={t('markEntry.filters.label')} noValidate>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <SelectField
          label={t('markEntry.filters.session_id')}
          value={values.session_id}
          onChange={(v) => set('session_id', v)}
          placeholder={t('markEntry.filters.chooseSession')}
          options={(sessions.data ?? []).map((s) => ({
            value: String(s.id),
            label: localDigits(s.session_year, lang),
          }))}
          disabled={disabled}
        />
        <SelectField
          label={t('markEntry.filters.exam_name_id')}
          value={values.exam_name_id}
          onChange={(v) => set('exam_name_id', v)}
          placeholder={t('markEntry.filters.chooseExamType')}
          options={(types.data ?? []).map((x) => ({ value: String(x.id), label: name('exam_types', x.exam_name) }))}
          disabled={disabled}
        />
        <SelectField
          label={t('markEntry.filters.class_id')}
          value={values.class_id}
          onChange={(v) => set('class_id', v)}
          placeholder={t('markEntry.filters.chooseClass')}
          options={choices.classes.map(named('classes'))}
          disabled={disabled || !chosenTypeAndSession}
        />
        <SelectField
          label={t('markEntry.filters.section_id')}
          value={values.section_id}
          onChange={(v) => set('section_id', v)}
          placeholder={t('markEntry.filters.chooseSection')}
          options={choices.sections.map(option)}
          disabled={disabled || values.class_id === ''}
        />
        <SelectField
          label={t('markEntry.filters.subject_id')}
          value={values.subject_id}
          onChange={(v) => set('subject_id', v)}
          placeholder={t('markEntry.filters.chooseSubject')}
          options={choices.subjects.map(named('subjects'))}
          disabled={disabled || values.section_id === ''}
        />
      </div>
      {sessions.isError ? (
        <div className="mt-3">
          <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
        </div>
      ) : null}
      {types.isError ? (
        <div className="mt-3">
          <ErrorState error={types.error} onRetry={() => void types.refetch()} />
        </div>
      ) : null}
      {chosenTypeAndSession && exams.isPending ? <Loading label={t('markEntry.filters.loadingExams')} /> : null}
      {exams.isError ? (
        <div className="mt-3">
          <ErrorState error={exams.error} what={t('markEntry.filters.exams')} onRetry={() => void exams.refetch()} />
        </div>
      ) : null}
      {exams.data && exams.data.length === 0 ? (
        <div className="mt-3">
          <EmptyState>{t('markEntry.filters.noExams')}</EmptyState>
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {submitLabel ? (
          <Button type="submit" disabled={disabled || !query}>
            {submitLabel}
          </Button>
        ) : null}
        {!query && !disabled ? <p className="text-sm text-slate-600">{t('markEntry.filters.pickAll')}</p> : null}
        {children}
      </div>
    </form>
  );
}
