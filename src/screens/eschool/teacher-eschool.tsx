/**
 * /teacher-eschool: the teacher's online classes, or a school admin's whole school's,
 * with the editor (schedule, change) and cancelling after a confirmation. What may be scheduled
 * comes from the routine (GET /api/eschool/options): a teacher's own sections and subjects; an
 * admin's every routine entry with its teacher. The flow is the online-class editor machine.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { eschoolKeys, onlineClassOptionsQuery, onlineClassesQuery } from '@/api/eschool';
import { ESCHOOL_PAGE, type OnlineClassRow } from '@/api/schemas/eschool';
import { schoolToday } from '@/api/school-time';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { useErrorText } from '@/i18n/errors';
import { onlineClassEditorMachine, optionKey, type OnlineClassForm } from '@/machines/online-class-editor.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { DeferredConfirmDialog } from '@/ui/confirm';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { SelectField } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { useToast } from '@/ui/toast';
import { useSearchState } from '@/ui/use-search-state';
import { can } from '@/api/permissions';
import { eschoolEn } from '@/i18n/areas/eschool.en';
import { OnlineClassTable, classWhen } from './class-table';
import { useFlow } from '@/ui/use-flow';

const DEFAULTS = { page: '1' };
const MESSAGES = eschoolEn.eschool.messages;
const PROBLEMS = eschoolEn.eschool.problems;

export default function TeacherEschool() {
  const { t, lang } = useI18n();
  const { name: nameOf } = useNames();
  const errorText = useErrorText();
  const toast = useToast();
  const { userType } = useSignedIn();
  // A school admin sees and manages the school's; a teacher their own (the server decides too).
  const isAdmin = can(userType, 'activity.write');
  const [f, setF] = useSearchState(DEFAULTS);
  const page = Math.max(1, Number(f.page) || 1);
  const limit = ESCHOOL_PAGE.defaultLimit;
  const list = useQuery(onlineClassesQuery({ limit, offset: (page - 1) * limit }));
  const options = useQuery(onlineClassOptionsQuery());
  const [state, send] = useFlow(onlineClassEditorMachine, {
    invalidates: [eschoolKeys.all],
    on: 'saved',
    input: { today: schoolToday() },
  });
  const ctx = state.context;
  const busy = state.hasTag('busy');
  const formOpen = state.hasTag('form');

  useEffect(() => {
    if (ctx.feedback) toast.show(successText(ctx.feedback.code, ctx.feedback.text), 'success');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ctx.feedback?.seq]);

  const successText = (code: string, fallback: string) =>
    code.replace(/^eschool\./, '') in MESSAGES
      ? t(`eschoolArea.eschool.messages.${code.replace(/^eschool\./, '') as keyof typeof MESSAGES}`)
      : fallback;
  const problem = (field: string) => {
    const p = ctx.fieldErrors[field];
    if (!p) return null;
    return p in PROBLEMS ? t(`eschoolArea.eschool.problems.${p as keyof typeof PROBLEMS}`) : p;
  };
  const field = (name: keyof OnlineClassForm) => ({
    value: ctx.form[name],
    onChange: (e: { target: { value: string } }) => send({ type: 'eschool.field', field: name, value: e.target.value }),
  });
  const optionRows = options.data ?? [];
  const label = (r: OnlineClassRow) =>
    `${nameOf('subjects', r.subject_name)}, ${nameOf('classes', r.class_name)} ${r.section_default_name}, ${classWhen(r, lang)}`;

  return (
    <>
      <PageHeader title={t('eschoolArea.eschool.manageTitle')}>
        {!formOpen ? (
          <Button onClick={() => send({ type: 'eschool.new' })} disabled={!optionRows.length}>
            {t('eschoolArea.eschool.newClass')}
          </Button>
        ) : null}
      </PageHeader>
      <p className="-mt-4 mb-4 text-sm text-slate-600">
        {t(isAdmin ? 'eschoolArea.eschool.adminIntro' : 'eschoolArea.eschool.manageIntro')}
      </p>
      {options.isSuccess && !optionRows.length ? (
        <Alert tone="info" className="mb-4">
          {t('eschoolArea.eschool.noOptions')}
        </Alert>
      ) : null}
      {ctx.error && !formOpen ? (
        <Alert tone="error" className="mb-4">
          {errorText(ctx.error)}
        </Alert>
      ) : null}
      {formOpen ? (
        <Card title={t(ctx.editId ? 'eschoolArea.eschool.formEdit' : 'eschoolArea.eschool.formNew')} className="mb-6">
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'eschool.submit' });
            }}
            className="grid gap-4 sm:grid-cols-2"
          >
            {ctx.error ? (
              <Alert tone="error" className="sm:col-span-2">
                {errorText(ctx.error)}
              </Alert>
            ) : null}
            <SelectField
              className="sm:col-span-2"
              label={t('eschoolArea.eschool.fields.option')}
              placeholder={t('eschoolArea.eschool.fields.optionPlaceholder')}
              value={ctx.form.option}
              onChange={(v) => send({ type: 'eschool.field', field: 'option', value: v })}
              error={problem('subject_id') ?? problem('section_id') ?? problem('teacher_id')}
              required
              options={optionRows.map((o) => ({
                value: optionKey(o),
                label: `${nameOf('classes', o.class_name)} ${o.section_default_name}: ${nameOf('subjects', o.subject_name)}${isAdmin ? ` (${o.teacher_name})` : ''}`,
              }))}
            />
            <TextField
              type="date"
              label={t('eschoolArea.eschool.fields.date')}
              required
              error={problem('date')}
              {...field('date')}
            />
            <TextField
              type="time"
              label={t('eschoolArea.eschool.fields.start_time')}
              required
              error={problem('start_time')}
              {...field('start_time')}
            />
            <TextField
              type="number"
              inputMode="numeric"
              min={5}
              max={300}
              label={t('eschoolArea.eschool.fields.duration_minutes')}
              required
              error={problem('duration_minutes')}
              {...field('duration_minutes')}
            />
            <TextField
              type="url"
              label={t('eschoolArea.eschool.fields.meeting_url')}
              hint={t('eschoolArea.eschool.fields.meetingHint')}
              placeholder="https://"
              required
              error={problem('meeting_url')}
              {...field('meeting_url')}
            />
            <TextField
              className="sm:col-span-2"
              label={t('eschoolArea.eschool.fields.topic')}
              maxLength={200}
              error={problem('topic')}
              {...field('topic')}
            />
            <div className="flex flex-wrap gap-3 sm:col-span-2">
              <Button type="submit" disabled={busy}>
                {busy ? t('eschoolArea.eschool.saving') : t('eschoolArea.eschool.save')}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => send({ type: 'eschool.close' })}>
                {t('eschoolArea.eschool.close')}
              </Button>
            </div>
          </form>
        </Card>
      ) : null}
      <QueryState
        query={list}
        what={t('eschoolArea.eschool.what')}
        loadingLabel={t('eschoolArea.eschool.loading')}
        empty={t('eschoolArea.eschool.emptyManage')}
        isEmpty={(d) => d.total === 0}
      >
        {(data) => (
          <>
            <OnlineClassTable
              rows={data.rows}
              showTeacher={isAdmin}
              actions={(r) =>
                r.cancelled || r.status === 'ended' ? null : (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      disabled={formOpen || busy}
                      aria-label={t('eschoolArea.eschool.editLabel', {
                        subject: nameOf('subjects', r.subject_name),
                        date: classWhen(r, lang),
                      })}
                      onClick={() => send({ type: 'eschool.edit', row: r })}
                    >
                      {t('eschoolArea.eschool.edit')}
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={formOpen || busy}
                      aria-label={t('eschoolArea.eschool.cancelLabel', {
                        subject: nameOf('subjects', r.subject_name),
                        date: classWhen(r, lang),
                      })}
                      onClick={() => send({ type: 'eschool.cancel-class', id: r.id, label: label(r) })}
                    >
                      {t('eschoolArea.eschool.cancel')}
                    </Button>
                  </div>
                )
              }
            />
            <Pagination
              page={page}
              pageSize={limit}
              total={data.total}
              onPage={(p) => setF({ page: String(p) })}
              label={t('eschoolArea.eschool.pages')}
            />
          </>
        )}
      </QueryState>
      <DeferredConfirmDialog
        open={state.hasTag('confirm')}
        title={t('eschoolArea.eschool.confirmTitle')}
        tone="danger"
        busy={busy}
        confirmLabel={t('eschoolArea.eschool.confirmYes')}
        cancelLabel={t('eschoolArea.eschool.confirmNo')}
        onConfirm={() => send({ type: 'eschool.confirm' })}
        onCancel={() => send({ type: 'eschool.back' })}
      >
        {t('eschoolArea.eschool.confirmBody', { label: ctx.pending?.label ?? '' })}
      </DeferredConfirmDialog>
    </>
  );
}
