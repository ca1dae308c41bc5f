/**
 * /student-activity. A student: their activities this session, their role and marks,
 * and the Extra Curriculum (out of 5) the grade sheet takes from them. Teachers, school admins and
 * viewers: the school's activities of a session, paged; a participant panel per activity. The
 * school admin adds and deletes activities (naming a teacher in charge); the admin and the teacher
 * in charge record participation and marks (the activity-marks machine); everyone else reads.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import {
  activitiesQuery,
  activityKeys,
  deleteActivity,
  myActivitiesQuery,
  participantsQuery,
  saveActivity,
} from '@/api/eschool';
import { defaultSession, lookupSectionStudentsQuery, lookupSectionsQuery, lookupSessionsQuery } from '@/api/lookups';
import { teacherListQuery } from '@/api/people';
import { gradesheetKeys } from '@/api/exams';
import { can } from '@/api/permissions';
import { ACTIVITY_KINDS, ACTIVITY_PAGE, type ActivityKind, type ActivityRow } from '@/api/schemas/activities';
import { eschoolEn } from '@/i18n/areas/eschool.en';
import { useErrorText } from '@/i18n/errors';
import { formatNumber, localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { activityMarksMachine, changedRows, type MarkRow } from '@/machines/activity-marks.machine';
import { setupCrudMachine, type SetupAnswer, type SetupForm, type SetupSaveInput } from '@/machines/setup-crud.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { DeferredConfirmDialog } from '@/ui/confirm';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { SelectField } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { StudentInView } from '@/screens/guardians/student-in-view';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useToast } from '@/ui/toast';
import { useSearchState } from '@/ui/use-search-state';
import { useFlow } from '@/ui/use-flow';

const MESSAGES = eschoolEn.activities.messages;
type Col = keyof typeof eschoolEn.activities.cols;

function useSuccessText() {
  const { t } = useI18n();
  return (code: string | undefined, fallback: string) => {
    const key = (code ?? '').replace(/^activity\./, '');
    return key in MESSAGES ? t(`eschoolArea.activities.messages.${key as keyof typeof MESSAGES}`) : fallback;
  };
}

export default function Activities() {
  const { userType } = useSignedIn();
  // A student's own; a guardian's the child chosen by `?student=`.
  return can(userType, 'activity.student') ? (
    <StudentInView>{(s) => <MyActivities studentId={s.queryId} />}</StudentInView>
  ) : (
    <SchoolActivities />
  );
}

function MyActivities({ studentId }: { studentId: number | undefined }) {
  const { t, lang } = useI18n();
  const mine = useQuery(myActivitiesQuery(undefined, studentId));
  const c = (k: Col) => t(`eschoolArea.activities.cols.${k}`);
  return (
    <>
      <PageHeader
        title={t('eschoolArea.activities.title')}
        kicker={mine.data?.session_year ? localDigits(mine.data.session_year, lang) : null}
      />
      <p className="-mt-4 mb-4 text-sm text-slate-600">{t('eschoolArea.activities.studentIntro')}</p>
      <QueryState
        query={mine}
        what={t('eschoolArea.activities.what')}
        loadingLabel={t('eschoolArea.activities.loading')}
        empty={t('eschoolArea.activities.emptyMine')}
        isEmpty={(d) => d.rows.length === 0}
      >
        {(d) => (
          <>
            <Alert tone="info" className="mb-4">
              {d.extra_curriculum === null
                ? t('eschoolArea.activities.extraNone')
                : t('eschoolArea.activities.extra', { marks: formatNumber(d.extra_curriculum, lang) })}
            </Alert>
            <DataTable
              caption={t('eschoolArea.activities.myCaption')}
              cards
              minWidth="36rem"
              head={[c('name'), c('kind'), c('teacher'), c('role'), c('marks')]}
            >
              {d.rows.map((r) => (
                <tr key={r.id}>
                  <Td label={c('name')} className="font-semibold">
                    {r.name}
                  </Td>
                  <Td label={c('kind')}>{t(`eschoolArea.activities.kinds.${r.kind}`)}</Td>
                  <Td label={c('teacher')}>{r.teacher_name ?? '—'}</Td>
                  <Td label={c('role')}>{r.role || '—'}</Td>
                  <Td label={c('marks')}>
                    {r.marks === null
                      ? t('eschoolArea.activities.notMarked')
                      : `${formatNumber(r.marks, lang)} / ${formatNumber(r.full_marks, lang)}`}
                  </Td>
                </tr>
              ))}
            </DataTable>
          </>
        )}
      </QueryState>
    </>
  );
}

const DEFAULTS = { page: '1', session_id: '', activity: '' };
const BLANK: SetupForm = { name: '', kind: 'club', teacher_id: '', full_marks: '100', description: '' };

function SchoolActivities() {
  const { t, lang } = useI18n();
  const errorText = useErrorText();
  const successText = useSuccessText();
  const toast = useToast();
  const { userType, school } = useSignedIn();
  const isAdmin = can(userType, 'activity.write');
  const schoolInfoId = can(userType, 'school.viewer-links') ? school?.id : undefined;
  const [f, setF] = useSearchState(DEFAULTS);
  const page = Math.max(1, Number(f.page) || 1);
  const limit = ACTIVITY_PAGE.defaultLimit;
  const sessions = useQuery(lookupSessionsQuery());
  const sessionId = f.session_id ? Number(f.session_id) : sessions.data ? defaultSession(sessions.data)?.id : undefined;
  const list = useQuery({
    ...activitiesQuery({ school_info_id: schoolInfoId, session_id: sessionId, limit, offset: (page - 1) * limit }),
    enabled: sessionId !== undefined,
  });
  const teachers = useQuery({ ...teacherListQuery({ limit: 500, offset: 0 }), enabled: isAdmin });
  const [state, send] = useFlow(setupCrudMachine, {
    invalidates: [activityKeys.all],
    on: 'savedChanges',
    provide: {
      actors: {
        save: fromPromise<SetupAnswer, SetupSaveInput>(({ input }) =>
          saveActivity({
            id: input.id,
            body: {
              session_id: sessionId ?? 0,
              name: input.form.name,
              kind: input.form.kind as ActivityKind,
              teacher_id: input.form.teacher_id ? Number(input.form.teacher_id) : undefined,
              full_marks: Number(input.form.full_marks),
              description: input.form.description,
            },
          }),
        ),
        remove: fromPromise<SetupAnswer, { id: number }>(({ input }) => deleteActivity(input.id)),
      },
    },
    input: {
      blank: BLANK,
      check: (form) => {
        const e: Record<string, string> = {};
        if (!form.name.trim()) e.name = t('eschoolArea.eschool.problems.required');
        const n = Number(form.full_marks);
        if (!/^\d+$/.test(form.full_marks) || n < 1 || n > 1000) e.full_marks = '1–1000';
        return e;
      },
    },
  });
  const ctx = state.context;
  useEffect(() => {
    if (ctx.feedback?.tone === 'success') toast.show(successText(ctx.feedback.code, ctx.feedback.text), 'success');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ctx.feedback?.seq]);
  const chosen = list.data?.rows.find((r) => String(r.id) === f.activity) ?? null;
  const c = (k: Col) => t(`eschoolArea.activities.cols.${k}`);

  return (
    <>
      <PageHeader title={t('eschoolArea.activities.title')} kicker={school?.school_name ?? null} />
      <p className="-mt-4 mb-4 text-sm text-slate-600">{t('eschoolArea.activities.staffIntro')}</p>
      <div className="mb-4 max-w-xs">
        <SelectField
          label={t('eschoolArea.activities.session')}
          value={sessionId ? String(sessionId) : ''}
          onChange={(v) => setF({ session_id: v, page: '1', activity: '' })}
          options={(sessions.data ?? []).map((s) => ({
            value: String(s.id),
            label: localDigits(s.session_year, lang),
          }))}
        />
      </div>
      {isAdmin ? (
        <Card title={t('eschoolArea.activities.newActivity')} className="mb-6">
          <form
            noValidate
            className="grid gap-4 sm:grid-cols-2"
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'setup.submit' });
            }}
          >
            {ctx.error ? (
              <Alert tone="error" className="sm:col-span-2">
                {errorText(ctx.error)}
              </Alert>
            ) : null}
            <TextField
              label={t('eschoolArea.activities.form.name')}
              value={ctx.form.name}
              maxLength={120}
              required
              error={ctx.fieldErrors.name}
              onChange={(e) => send({ type: 'setup.change', field: 'name', value: e.target.value })}
            />
            <SelectField
              label={t('eschoolArea.activities.form.kind')}
              value={ctx.form.kind}
              onChange={(v) => send({ type: 'setup.change', field: 'kind', value: v })}
              options={ACTIVITY_KINDS.map((k) => ({ value: k, label: t(`eschoolArea.activities.kinds.${k}`) }))}
            />
            <SelectField
              label={t('eschoolArea.activities.form.teacher')}
              value={ctx.form.teacher_id}
              placeholder={t('eschoolArea.activities.form.noTeacher')}
              onChange={(v) => send({ type: 'setup.change', field: 'teacher_id', value: v })}
              error={ctx.fieldErrors.teacher_id}
              options={(teachers.data?.rows ?? []).map((tr) => ({
                value: String(tr.id),
                label: `${tr.full_name} (${tr.initial})`,
              }))}
            />
            <TextField
              type="number"
              inputMode="numeric"
              label={t('eschoolArea.activities.form.fullMarks')}
              value={ctx.form.full_marks}
              required
              error={ctx.fieldErrors.full_marks}
              onChange={(e) => send({ type: 'setup.change', field: 'full_marks', value: e.target.value })}
            />
            <TextField
              className="sm:col-span-2"
              label={t('eschoolArea.activities.form.description')}
              value={ctx.form.description}
              maxLength={1000}
              onChange={(e) => send({ type: 'setup.change', field: 'description', value: e.target.value })}
            />
            <div className="sm:col-span-2">
              <Button type="submit" disabled={state.hasTag('busy') || !sessionId}>
                {t('eschoolArea.activities.form.save')}
              </Button>
            </div>
          </form>
        </Card>
      ) : null}
      <QueryState
        query={list}
        what={t('eschoolArea.activities.what')}
        loadingLabel={t('eschoolArea.activities.loading')}
        empty={t('eschoolArea.activities.empty')}
        isEmpty={(d) => d.total === 0}
      >
        {(d) => (
          <>
            <DataTable
              caption={t('eschoolArea.activities.caption')}
              cards
              minWidth="48rem"
              head={[c('name'), c('kind'), c('teacher'), c('fullMarks'), c('participants'), c('actions')]}
            >
              {d.rows.map((r) => (
                <tr key={r.id}>
                  <Td label={c('name')} className="font-semibold">
                    {r.name}
                  </Td>
                  <Td label={c('kind')}>{t(`eschoolArea.activities.kinds.${r.kind}`)}</Td>
                  <Td label={c('teacher')}>{r.teacher_name ?? '—'}</Td>
                  <Td label={c('fullMarks')}>{formatNumber(r.full_marks, lang)}</Td>
                  <Td label={c('participants')}>
                    {`${formatNumber(r.participants, lang)} (${formatNumber(r.marked, lang)} ✓)`}
                  </Td>
                  <Td label={c('actions')}>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        variant="secondary"
                        aria-label={t(
                          r.can_record ? 'eschoolArea.activities.recordLabel' : 'eschoolArea.activities.openLabel',
                          {
                            name: r.name,
                          },
                        )}
                        onClick={() => setF({ activity: String(r.id) })}
                      >
                        {t(r.can_record ? 'eschoolArea.activities.record' : 'eschoolArea.activities.open')}
                      </Button>
                      {isAdmin ? (
                        <Button
                          variant="secondary"
                          aria-label={t('eschoolArea.activities.delLabel', { name: r.name })}
                          onClick={() => send({ type: 'setup.delete', row: { id: r.id, label: r.name } })}
                        >
                          {t('eschoolArea.activities.del')}
                        </Button>
                      ) : null}
                    </div>
                  </Td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageSize={limit}
              total={d.total}
              onPage={(p) => setF({ page: String(p) })}
              label={t('eschoolArea.activities.pages')}
            />
          </>
        )}
      </QueryState>
      {chosen ? (
        <Participants
          key={chosen.id}
          activity={chosen}
          schoolInfoId={schoolInfoId}
          onClose={() => setF({ activity: '' })}
        />
      ) : null}
      <DeferredConfirmDialog
        open={state.hasTag('confirm')}
        title={t('eschoolArea.activities.delTitle')}
        tone="danger"
        busy={state.hasTag('busy')}
        confirmLabel={t('eschoolArea.activities.delYes')}
        cancelLabel={t('eschoolArea.activities.delNo')}
        onConfirm={() => send({ type: 'setup.confirm' })}
        onCancel={() => send({ type: 'setup.cancel' })}
      >
        {t('eschoolArea.activities.delBody', { name: ctx.pendingDelete?.label ?? '' })}
      </DeferredConfirmDialog>
    </>
  );
}

function Participants({
  activity,
  schoolInfoId,
  onClose,
}: {
  activity: ActivityRow;
  schoolInfoId?: number;
  onClose: () => void;
}) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const errorText = useErrorText();
  const successText = useSuccessText();
  const toast = useToast();
  // One page holds a whole club or team; the server's maximum.
  const participants = useQuery(participantsQuery(activity.id, { limit: 200, offset: 0, school: schoolInfoId }));
  // Activity marks count in the grade sheet (docs/DOMAIN.md): both are read again.
  const [state, send] = useFlow(activityMarksMachine, {
    invalidates: [activityKeys.all, gradesheetKeys.all],
    on: 'saved',
    input: { activityId: activity.id, fullMarks: activity.full_marks },
  });
  const ctx = state.context;
  // Each participant's class (as the server names it) and section, shown in the user's language.
  const names = useMemo(() => new Map<number, { className: string; section: string }>(), []);
  useEffect(() => {
    if (!participants.data) return;
    const rows: MarkRow[] = participants.data.rows.map((r) => {
      names.set(r.student_id, { className: r.class_name, section: r.section_default_name });
      return {
        studentId: r.student_id,
        name: r.name,
        code: r.student_code,
        role: r.role,
        marks: r.marks === null ? '' : String(r.marks),
      };
    });
    send({ type: 'marks.load', rows });
  }, [participants.data, send, names]);
  useEffect(() => {
    if (ctx.feedback) toast.show(successText(ctx.feedback.code, ctx.feedback.text), 'success');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ctx.feedback?.seq]);

  const [sectionId, setSectionId] = useState('');
  const [studentId, setStudentId] = useState('');
  const sections = useQuery({ ...lookupSectionsQuery(), enabled: activity.can_record });
  const pupils = useQuery({
    ...lookupSectionStudentsQuery({ class_id: 0, section_id: Number(sectionId), session_id: activity.session_id }),
    enabled: activity.can_record && !!sectionId,
  });
  const busy = state.hasTag('busy');
  const dirty = changedRows(ctx).length > 0 || ctx.removed.length > 0;
  const c = (k: Col) => t(`eschoolArea.activities.cols.${k}`);
  const placeOf = (studentId: number) => {
    const where = names.get(studentId);
    return where ? `${name('classes', where.className)} ${where.section}` : '';
  };
  const problem = (p: string | undefined) =>
    p === 'format' || p === 'over' ? t(`eschoolArea.activities.marks.problems.${p}`) : undefined;

  return (
    <Card title={t('eschoolArea.activities.marks.title', { name: activity.name })} className="mt-6">
      <p className="mb-3 text-sm text-slate-600">
        {activity.can_record
          ? t('eschoolArea.activities.marks.outOf', { full: formatNumber(activity.full_marks, lang) })
          : t('eschoolArea.activities.marks.readOnly')}
      </p>
      {ctx.error ? (
        <Alert tone="error" className="mb-3">
          {errorText(ctx.error)}
        </Alert>
      ) : null}
      {activity.can_record ? (
        <div className="mb-4 grid gap-3 sm:grid-cols-3 sm:items-end">
          <SelectField
            label={t('eschoolArea.activities.marks.addSection')}
            value={sectionId}
            placeholder={t('eschoolArea.activities.marks.chooseSection')}
            onChange={(v) => {
              setSectionId(v);
              setStudentId('');
            }}
            options={(sections.data ?? []).map((s) => ({
              value: String(s.id),
              label: `${name('classes', s.class_name)} ${s.section_default_name}`,
            }))}
          />
          <SelectField
            label={t('eschoolArea.activities.marks.student')}
            value={studentId}
            placeholder={t('eschoolArea.activities.marks.chooseStudent')}
            disabled={!sectionId}
            onChange={setStudentId}
            options={(pupils.data ?? []).map((p) => ({
              value: String(p.student_id),
              label: `${formatNumber(p.class_roll_no, lang)}. ${p.full_name}`,
              disabled: ctx.rows.some((r) => r.studentId === p.student_id),
            }))}
          />
          <Button
            variant="secondary"
            disabled={!studentId || busy}
            onClick={() => {
              const p = pupils.data?.find((x) => String(x.student_id) === studentId);
              if (!p) return;
              const section = sections.data?.find((s) => String(s.id) === sectionId);
              if (section)
                names.set(p.student_id, { className: section.class_name, section: section.section_default_name });
              send({ type: 'marks.add', row: { studentId: p.student_id, name: p.full_name, code: p.student_code } });
              setStudentId('');
            }}
          >
            {t('eschoolArea.activities.marks.add')}
          </Button>
        </div>
      ) : null}
      <QueryState
        query={participants}
        loadingLabel={t('eschoolArea.activities.loading')}
        empty={t('eschoolArea.activities.marks.empty')}
        isEmpty={() => ctx.rows.length === 0}
      >
        {() => (
          <DataTable
            caption={t('eschoolArea.activities.marks.caption', { name: activity.name })}
            cards
            minWidth="40rem"
            head={[
              c('student'),
              c('classSection'),
              c('role'),
              c('marks'),
              ...(activity.can_record ? [c('actions')] : []),
            ]}
          >
            {ctx.rows.map((r) => (
              <tr key={r.studentId}>
                <Td label={c('student')} className="font-semibold">
                  {`${r.name} (${r.code})`}
                </Td>
                <Td label={c('classSection')}>{placeOf(r.studentId)}</Td>
                <Td label={c('role')}>
                  {activity.can_record ? (
                    <TextField
                      label={`${c('role')}: ${r.name}`}
                      className="[&_label]:sr-only"
                      value={r.role}
                      maxLength={80}
                      onChange={(e) =>
                        send({ type: 'marks.set', studentId: r.studentId, field: 'role', value: e.target.value })
                      }
                    />
                  ) : (
                    r.role || '—'
                  )}
                </Td>
                <Td label={c('marks')}>
                  {activity.can_record ? (
                    <TextField
                      label={`${c('marks')}: ${r.name}`}
                      className="[&_label]:sr-only"
                      inputMode="decimal"
                      value={r.marks}
                      error={problem(ctx.rowErrors[r.studentId])}
                      onChange={(e) =>
                        send({ type: 'marks.set', studentId: r.studentId, field: 'marks', value: e.target.value })
                      }
                    />
                  ) : r.marks === '' ? (
                    t('eschoolArea.activities.notMarked')
                  ) : (
                    formatNumber(Number(r.marks), lang)
                  )}
                </Td>
                {activity.can_record ? (
                  <Td label={c('actions')}>
                    <Button
                      variant="secondary"
                      disabled={busy}
                      aria-label={t('eschoolArea.activities.marks.removeLabel', { name: r.name })}
                      onClick={() => send({ type: 'marks.remove', studentId: r.studentId })}
                    >
                      {t('eschoolArea.activities.marks.remove')}
                    </Button>
                  </Td>
                ) : null}
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
      <div className="mt-4 flex flex-wrap gap-3">
        {activity.can_record ? (
          <Button disabled={busy || !dirty} onClick={() => send({ type: 'marks.save' })}>
            {busy ? t('eschoolArea.activities.marks.saving') : t('eschoolArea.activities.marks.save')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onClose}>
          {t('eschoolArea.activities.marks.back')}
        </Button>
      </div>
    </Card>
  );
}
