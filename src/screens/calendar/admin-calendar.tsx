/**
 * /academic-calender: the school admin's Academic Calender (spec part 2, Academic calendar): the
 * month or the list, "Add Calender", the "Update Calender" modal and delete after "Are you sure to
 * delete?". The flow is the calendar machine, provided once with `createActorContext`; the screen
 * renders its states and sends its events, and reads the list with TanStack Query.
 */
import { useEffect, useState } from 'react';
import { createActorContext } from '@xstate/react';
import { calendarKeys } from '@/api/calendar';
import { CALENDAR_TYPES, type CalendarType } from '@/api/schemas/calendar';
import { schoolToday } from '@/api/school-time';
import { calendarMachine, isDirty, type CalendarField } from '@/machines/calendar.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { DateField } from '@/ui/date-field';
import { SimpleDialog } from '@/ui/dialog';
import { TextField } from '@/ui/field';
import { PageHeader, Card } from '@/ui/page';
import { SelectField } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { useToast } from '@/ui/toast';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useErrorText } from '@/i18n/errors';
import { i18n, useI18n } from '@/i18n/i18n';
import { CalendarBody, CalendarToolbar, formatRange, useCalendarFilters } from './calendar-views';
import { useFlowLogic } from '@/ui/use-flow';

export const CalendarFlow = createActorContext(calendarMachine);
const useFlow = CalendarFlow.useSelector;
const useSend = () => CalendarFlow.useActorRef().send;

export default function AdminCalendarScreen() {
  const { profile } = useSignedIn();
  const { t } = useI18n();
  const [input] = useState(() => ({ today: schoolToday() }));
  const logic = useFlowLogic(calendarMachine, { invalidates: [calendarKeys.all], on: 'savedChanges' });
  return (
    <CalendarFlow.Provider logic={logic} options={{ input }}>
      <PageHeader kicker={profile.school_name} title={t('calendar.title')} />
      <AdminCalendar />
    </CalendarFlow.Provider>
  );
}

function AdminCalendar() {
  const { t } = useI18n();
  const send = useSend();
  const [filters] = useCalendarFilters();
  const busy = useFlow((s) => s.hasTag('busy'));
  const canAdd = useFlow((s) => s.can({ type: 'calendar.add' }));
  useFeedbackToast();
  return (
    <Card>
      <CalendarToolbar filters={filters}>
        <Button className="ml-auto" disabled={!canAdd} onClick={() => send({ type: 'calendar.add' })}>
          {t('calendar.add')}
        </Button>
      </CalendarToolbar>
      <CalendarBody
        reader="school"
        filters={filters}
        actions={{
          busy,
          onEdit: (entry) => send({ type: 'calendar.edit', entry }),
          onDelete: (entry) => send({ type: 'calendar.delete', entry }),
        }}
      />
      <EntryDialog />
      <DeleteDialog />
    </Card>
  );
}

/** The server's message after a save or delete (in the user's language when the code is known). */
function useFeedbackToast() {
  const feedback = useFlow((s) => s.context.feedback);
  const toast = useToast();
  const { lang } = useI18n();
  const errorText = useErrorText();
  useEffect(() => {
    if (!feedback) return;
    const key = feedback.code?.startsWith('calendar.') ? `calendar.success.${feedback.code.slice(9)}` : null;
    const text =
      feedback.tone === 'error'
        ? errorText({ code: feedback.code, message: feedback.text })
        : lang !== 'en' && key && i18n.exists(key)
          ? i18n.t(key as never)
          : feedback.text;
    toast.show(text, feedback.tone);
    // Shown once per message, not again when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feedback, toast]);
}

function EntryDialog() {
  const { t } = useI18n();
  const send = useSend();
  const open = useFlow((s) => s.hasTag('form'));
  const form = useFlow((s) => s.context.form);
  const fieldErrors = useFlow((s) => s.context.fieldErrors);
  const error = useFlow((s) => s.context.error);
  const saving = useFlow((s) => s.hasTag('form') && s.hasTag('busy'));
  const errorText = useErrorText();
  const dirty = useFlow((s) => s.hasTag('form') && isDirty(s.context));
  useUnsavedChanges(dirty, t('calendar.unsaved'));
  const change = (field: CalendarField, value: string) => send({ type: 'calendar.change', field, value });
  // A refusal with a code of its own (a holiday entered twice) is said in the user's language.
  const fieldError = (f: string) =>
    fieldErrors[f] && error?.code?.startsWith('calendar.') && error.fields[f] === fieldErrors[f]
      ? errorText(error)
      : (fieldErrors[f] ?? null);
  const otherError = error && Object.keys(error.fields).length === 0 ? errorText(error) : null;
  return (
    <SimpleDialog
      open={open}
      onClose={() => (saving ? undefined : send({ type: 'calendar.cancel' }))}
      title={form.id === null ? t('calendar.add') : t('calendar.update')}
      focusFirstField
      footer={
        <Button type="submit" form="calendar-entry-form" disabled={saving} aria-busy={saving || undefined}>
          {saving ? t('calendar.saving') : t('common.submit')}
        </Button>
      }
    >
      <form
        id="calendar-entry-form"
        noValidate
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'calendar.submit' });
        }}
      >
        {otherError ? <Alert tone="error">{otherError}</Alert> : null}
        <SelectField
          label={t('calendar.fields.type')}
          value={form.type}
          onChange={(v) => change('type', v as CalendarType)}
          options={CALENDAR_TYPES.map((ty) => ({ value: ty, label: t(`calendar.types.${ty}`) }))}
          error={fieldError('type')}
          disabled={saving}
        />
        <TextField
          label={t('calendar.fields.topics')}
          value={form.topics}
          onChange={(e) => change('topics', e.target.value)}
          error={fieldError('topics')}
          maxLength={200}
          required
          disabled={saving}
        />
        <DateField
          label={t('calendar.fields.date')}
          value={form.date}
          onChange={(v) => change('date', v)}
          error={fieldError('date')}
          required
          disabled={saving}
        />
        <DateField
          label={t('calendar.fields.end_date')}
          value={form.end_date}
          onChange={(v) => change('end_date', v)}
          error={fieldError('end_date')}
          hint={t('calendar.endDateHint')}
          min={form.date || undefined}
          disabled={saving}
        />
        <TextField
          label={t('calendar.fields.details')}
          value={form.details}
          onChange={(e) => change('details', e.target.value)}
          error={fieldError('details')}
          maxLength={2000}
          disabled={saving}
        />
      </form>
    </SimpleDialog>
  );
}

function DeleteDialog() {
  const { t, lang } = useI18n();
  const send = useSend();
  const pending = useFlow((s) => s.context.pendingDelete);
  const open = useFlow((s) => s.hasTag('confirm'));
  const deleting = useFlow((s) => s.hasTag('confirm') && s.hasTag('busy'));
  return (
    <ConfirmDialog
      open={open}
      tone="danger"
      title={t('calendar.deleteQuestion')}
      confirmLabel={deleting ? t('calendar.deleting') : t('common.delete')}
      busy={deleting}
      onConfirm={() => send({ type: 'calendar.confirm' })}
      onCancel={() => send({ type: 'calendar.cancel' })}
    >
      {pending ? (
        <p>{t('calendar.deleteWhat', { topics: pending.topics, date: formatRange(pending, lang, t as never) })}</p>
      ) : null}
    </ConfirmDialog>
  );
}
