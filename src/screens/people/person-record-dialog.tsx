/**
 * A person's record, opened from the admin's student or teacher list (docs/DOMAIN.md, Records):
 * the edit form (the add form's fields; a student's new section or roll counts from a date), "Mark
 * as left" (date, reason, note, then a confirmation saying what happens), "Reactivate", and a
 * student's transfer certificate and testimonial in English and Bangla. The flow is the
 * person-record machine; a save invalidates the lists and the record.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { peopleListKeys, personFormLookupsQuery, type PersonFormLookups, type PersonKind } from '@/api/people';
import { downloadCertificate, personRecordQuery, recordKeys } from '@/api/people-records';
import { schoolToday } from '@/api/school-time';
import { BLOOD_GROUPS } from '@/api/schemas/people';
import {
  LEAVE_REASONS,
  type CertificateKind,
  type StudentRecord,
  type TeacherRecord,
} from '@/api/schemas/people-records';
import { MISSING_FIELD, REQUIRED_FIELDS, type PersonForm } from '@/machines/person-form.machine';
import { personRecordMachine } from '@/machines/person-record.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { DeferredConfirmDialog } from '@/ui/confirm';
import { DateField } from '@/ui/date-field';
import { SimpleDialog } from '@/ui/dialog';
import { TextField } from '@/ui/field';
import { SelectField } from '@/ui/select';
import { QueryState } from '@/ui/status';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useFlow } from '@/ui/use-flow';
import { useErrorText } from '@/i18n/errors';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';

export interface RecordPerson {
  kind: PersonKind;
  id: number;
  name: string;
}

/** The dialog for one person; closed when `person` is null. */
export function PersonRecordDialog({ person, onClose }: { person: RecordPerson | null; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <SimpleDialog
      open={person !== null}
      onClose={onClose}
      title={
        person
          ? t(person.kind === 'student' ? 'records.edit.studentTitle' : 'records.edit.teacherTitle', {
              name: person.name,
            })
          : ''
      }
      wide
    >
      {person ? <PersonRecordLoader key={`${person.kind}-${person.id}`} person={person} /> : null}
    </SimpleDialog>
  );
}

function PersonRecordLoader({ person }: { person: RecordPerson }) {
  const { t } = useI18n();
  const record = useQuery(personRecordQuery(person.kind, person.id));
  const lookups = useQuery({ ...personFormLookupsQuery(), enabled: person.kind === 'student' });
  return (
    <QueryState query={record} what={t('records.edit.what')} loadingLabel={t('records.edit.loading')}>
      {(data) =>
        person.kind === 'student' ? (
          <QueryState query={lookups} what={t('records.edit.what')} loadingLabel={t('records.edit.loading')}>
            {(l) => <PersonRecordPanel person={person} record={data} lookups={l} />}
          </QueryState>
        ) : (
          <PersonRecordPanel person={person} record={data} lookups={null} />
        )
      }
    </QueryState>
  );
}

const STUDENT_TEXT = [
  ['student_code'],
  ['first_name'],
  ['middle_name'],
  ['last_name'],
  ['mobile_no', 'tel'],
  ['email', 'email'],
  ['father_name'],
  ['father_phone_number', 'tel'],
  ['mother_name'],
  ['mother_phone_number', 'tel'],
  ['present_address'],
  ['permanent_address'],
] as const;
const TEACHER_TEXT = [
  ['teacher_code'],
  ['title'],
  ['first_name'],
  ['middle_name'],
  ['last_name'],
  ['initial'],
  ['mobile', 'tel'],
  ['email', 'email'],
  ['designation'],
  ['department'],
  ['mpo_status'],
  ['index_no'],
  ['subject_code'],
] as const;

/** The record as the form's text values. */
export function formOfRecord(record: StudentRecord | TeacherRecord): PersonForm {
  const form: PersonForm = {};
  for (const [k, v] of Object.entries(record)) {
    if (typeof v === 'string') form[k] = v;
    else if (typeof v === 'number' && k !== 'id') form[k] = String(v);
  }
  if ('enrolment' in record && record.enrolment) {
    const e = record.enrolment;
    form.class_id = String(e.class_id);
    form.section_id = String(e.section_id);
    form.group_id = e.group_id ? String(e.group_id) : '';
    form.class_roll_no = String(e.class_roll_no);
  }
  return form;
}

function PersonRecordPanel({
  person,
  record,
  lookups,
}: {
  person: RecordPerson;
  record: StudentRecord | TeacherRecord;
  lookups: PersonFormLookups | null;
}) {
  const { t, lang } = useI18n();
  const { name: localName } = useNames();
  const errorText = useErrorText();
  const today = schoolToday();
  const [state, send] = useFlow(personRecordMachine, {
    invalidates: [peopleListKeys.lists, recordKeys.all],
    on: 'savedChanges',
    input: {
      kind: person.kind,
      id: person.id,
      name: person.name,
      form: formOfRecord(record),
      leftOn: record.left?.date ?? null,
      today,
    },
  });
  const { form, pristine, leave, error, notice, leftOn } = state.context;
  const busy = state.hasTag('busy');
  const editing = state.hasTag('form');
  const leaving = state.hasTag('leave');
  const [download, setDownload] = useState<{ tone: 'error'; text: string } | null>(null);
  useUnsavedChanges(editing && JSON.stringify(form) !== JSON.stringify(pristine), t('records.edit.unsaved'));

  const label = (field: string) => t(`people.form.fields.${field}` as never) as string;
  const fieldError = (field: string) => {
    const message = error?.fields[field];
    if (!message) return null;
    return message === MISSING_FIELD ? t('people.form.required') : message;
  };
  const topError = error && !Object.keys(error.fields).length ? errorText(error.code ? error : error.message) : null;
  const set = (field: string) => (value: string) => send({ type: 'record.field', field, value });
  const setLeave = (field: 'date' | 'reason' | 'note') => (value: string) =>
    send({ type: 'record.leaveField', field, value });
  const left = leftOn !== null;
  const reason = record.left?.reason;

  const getCertificate = async (kind: CertificateKind, l: 'en' | 'bn') => {
    setDownload(null);
    try {
      await downloadCertificate(kind, person.id, l);
    } catch (err) {
      setDownload({ tone: 'error', text: errorText(err) });
    }
  };

  const classes = lookups
    ? [...new Map(lookups.sections.map((s) => [s.class_id, s.class_name])).entries()].map(([id, name]) => ({
        value: String(id),
        label: localName('classes', name),
      }))
    : [];
  const sections = lookups?.sections.filter((s) => String(s.class_id) === form.class_id) ?? [];
  const required = REQUIRED_FIELDS[person.kind];

  const noticeText =
    notice === 'saved'
      ? t('records.edit.saved')
      : notice === 'moved'
        ? t('records.edit.movedSaved', { date: localDigits(form.effective_date || today, lang) })
        : notice === 'deactivated'
          ? t('records.deactivate.done', { name: person.name })
          : notice === 'reactivated'
            ? t('records.reactivate.done', { name: person.name })
            : null;

  const submitEdit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'record.save' });
  };
  const submitLeave = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'record.submit' });
  };

  return (
    <div className="space-y-4">
      {left ? (
        <p>
          <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
            {t('records.list.inactiveSince', { date: localDigits(leftOn, lang) })}
            {reason && notice !== 'deactivated' ? ` · ${t(`records.deactivate.reasons.${reason}`)}` : ''}
          </span>
        </p>
      ) : null}
      {noticeText ? (
        <Alert tone="success" className="mb-2">
          {noticeText}
        </Alert>
      ) : null}
      {topError && !state.hasTag('confirm') ? <Alert tone="error">{topError}</Alert> : null}
      {download ? <Alert tone={download.tone}>{download.text}</Alert> : null}

      {state.hasTag('view') ? (
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => send({ type: 'record.edit' })}>{t('records.actions.edit')}</Button>
          {left ? (
            <Button variant="secondary" onClick={() => send({ type: 'record.reactivate' })} disabled={busy}>
              {t('records.actions.reactivate')}
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => send({ type: 'record.leave' })}>
              {t('records.actions.deactivate')}
            </Button>
          )}
        </div>
      ) : null}

      {state.hasTag('view') && person.kind === 'student' ? (
        <section aria-labelledby="record-certificates" className="space-y-2">
          <h3 id="record-certificates" className="font-semibold text-slate-900">
            {t('records.actions.tc')} · {t('records.actions.testimonial')}
          </h3>
          <div className="flex flex-wrap gap-2">
            {left
              ? (['en', 'bn'] as const).map((l) => (
                  <Button
                    key={`tc-${l}`}
                    variant="ghost"
                    aria-label={`${t('records.actions.tcFor', { name: person.name })} ${l === 'en' ? 'English' : 'বাংলা'}`}
                    onClick={() => void getCertificate('tc', l)}
                  >
                    {t('records.actions.tc')} ({l === 'en' ? 'English' : 'বাংলা'})
                  </Button>
                ))
              : null}
            {(['en', 'bn'] as const).map((l) => (
              <Button
                key={`tm-${l}`}
                variant="ghost"
                aria-label={`${t('records.actions.testimonialFor', { name: person.name })} ${l === 'en' ? 'English' : 'বাংলা'}`}
                onClick={() => void getCertificate('testimonial', l)}
              >
                {t('records.actions.testimonial')} ({l === 'en' ? 'English' : 'বাংলা'})
              </Button>
            ))}
          </div>
        </section>
      ) : null}

      {editing ? (
        <form onSubmit={submitEdit} noValidate className="space-y-4" aria-label={t('records.actions.edit')}>
          {person.kind === 'student' && lookups ? (
            <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              <legend className="mb-2 font-semibold">{t('people.form.enrolment')}</legend>
              <SelectField
                label={label('class_id')}
                value={form.class_id ?? ''}
                onChange={(v) => {
                  set('class_id')(v);
                  set('section_id')('');
                }}
                placeholder={t('people.form.choose')}
                options={classes}
                error={fieldError('class_id')}
                required
              />
              <SelectField
                label={label('section_id')}
                value={form.section_id ?? ''}
                onChange={set('section_id')}
                placeholder={t('people.form.choose')}
                options={sections.map((s) => ({ value: String(s.id), label: s.section_default_name }))}
                error={fieldError('section_id')}
                required
              />
              <SelectField
                label={label('group_id')}
                value={form.group_id ?? ''}
                onChange={set('group_id')}
                placeholder={t('people.form.choose')}
                options={lookups.groups.map((g) => ({ value: String(g.id), label: g.division_name }))}
                error={fieldError('group_id')}
              />
              <TextField
                label={label('class_roll_no')}
                value={form.class_roll_no ?? ''}
                onChange={(e) => set('class_roll_no')(e.target.value)}
                inputMode="numeric"
                error={fieldError('class_roll_no')}
                required
              />
              <DateField
                label={t('records.edit.effectiveDate')}
                value={form.effective_date || today}
                onChange={set('effective_date')}
                max={today}
                hint={t('records.edit.effectiveHint')}
                error={fieldError('effective_date')}
              />
            </fieldset>
          ) : null}
          <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <legend className="mb-2 font-semibold">{t('people.form.personal')}</legend>
            {(person.kind === 'student' ? STUDENT_TEXT : TEACHER_TEXT).map(([field, type]) => (
              <TextField
                key={field}
                label={label(field)}
                value={form[field] ?? ''}
                onChange={(e) => set(field)(e.target.value)}
                type={type ?? 'text'}
                inputMode={type}
                hint={type === 'tel' ? t('people.form.mobileHint') : undefined}
                error={fieldError(field)}
                required={required.includes(field)}
              />
            ))}
            <DateField
              label={label('dob')}
              value={form.dob ?? ''}
              onChange={set('dob')}
              min="1900-01-01"
              max={today}
              error={fieldError('dob')}
            />
            <SelectField
              label={label('blood_group')}
              value={form.blood_group ?? ''}
              onChange={set('blood_group')}
              placeholder={t('people.form.choose')}
              options={BLOOD_GROUPS.map((b) => ({ value: b, label: b }))}
              error={fieldError('blood_group')}
            />
          </fieldset>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy}>
              {busy ? t('records.edit.saving') : t('records.edit.save')}
            </Button>
            <Button variant="secondary" onClick={() => send({ type: 'record.cancel' })} disabled={busy}>
              {t('records.edit.cancel')}
            </Button>
          </div>
        </form>
      ) : null}

      {leaving ? (
        <form
          onSubmit={submitLeave}
          noValidate
          className="space-y-3"
          aria-label={t('records.deactivate.title', { name: person.name })}
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <DateField
              label={t('records.deactivate.date')}
              value={leave.date}
              onChange={setLeave('date')}
              max={today}
              error={fieldError('date')}
              required
            />
            <SelectField
              label={t('records.deactivate.reason')}
              value={leave.reason}
              onChange={setLeave('reason')}
              placeholder={t('people.form.choose')}
              options={LEAVE_REASONS.map((r) => ({ value: r, label: t(`records.deactivate.reasons.${r}`) }))}
              error={fieldError('reason')}
              required
            />
            <TextField
              label={t('records.deactivate.note')}
              value={leave.note}
              onChange={(e) => setLeave('note')(e.target.value)}
              error={fieldError('note')}
              className="sm:col-span-2"
            />
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy}>
              {t('records.deactivate.submit')}
            </Button>
            <Button variant="secondary" onClick={() => send({ type: 'record.cancel' })} disabled={busy}>
              {t('records.deactivate.cancel')}
            </Button>
          </div>
        </form>
      ) : null}

      {person.kind === 'student' && 'changes' in record && record.changes.length ? (
        <section aria-labelledby="record-history">
          <h3 id="record-history" className="font-semibold text-slate-900">
            {t('records.edit.history')}
          </h3>
          <ul className="list-disc ps-5 text-sm">
            {record.changes.map((c, i) => (
              <li key={i}>
                {t('records.edit.historyRow', {
                  date: localDigits(c.effective_on, lang),
                  from: localDigits(String(c.from_roll_no), lang),
                  to: localDigits(String(c.to_roll_no), lang),
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <DeferredConfirmDialog
        open={state.hasTag('confirm')}
        title={leaving ? t('records.deactivate.confirmTitle') : t('records.reactivate.confirmTitle')}
        confirmLabel={
          busy
            ? t('records.deactivate.working')
            : leaving
              ? t('records.deactivate.confirm')
              : t('records.reactivate.confirm')
        }
        tone={leaving ? 'danger' : 'default'}
        busy={busy}
        onConfirm={() => send({ type: 'record.confirm' })}
        onCancel={() => send({ type: 'record.cancel' })}
      >
        <p>
          {leaving
            ? t(person.kind === 'student' ? 'records.deactivate.confirmStudent' : 'records.deactivate.confirmTeacher', {
                name: person.name,
                date: localDigits(leave.date, lang),
              })
            : t('records.reactivate.confirmBody', { name: person.name })}
        </p>
      </DeferredConfirmDialog>
    </div>
  );
}
