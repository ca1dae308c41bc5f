/**
 * /add-student and /add-teacher: the spec's form (with a mobile input and a real date
 * of birth; a student is enrolled in the same step), the one-time password shown once, the list
 * (newest first, searchable, paged, exported to CSV), and the bulk import.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  fetchStudentList,
  fetchTeacherList,
  peopleKeys,
  peopleListKeys,
  personListQuery,
  personFormLookupsQuery,
  resetPassword,
  type PersonFormLookups,
  type PersonKind,
} from '@/api/people';
import { BLOOD_GROUPS, PEOPLE_MESSAGES } from '@/api/schemas/people';
import { RecordDeleteButton, useRecordDelete } from '@/screens/deletes/record-delete';
import { MISSING_FIELD, personFormMachine, REQUIRED_FIELDS } from '@/machines/person-form.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { useConfirm } from '@/ui/confirm';
import { DateField } from '@/ui/date-field';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { SelectField } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useSearchState } from '@/ui/use-search-state';
import { useErrorText } from '@/i18n/errors';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { downloadCsv } from './csv';
import { GuardiansDialog, type GuardianStudent } from './guardians-panel';
import { ImportPanel } from './import-panel';
import { PromotePanel } from './promote-panel';
import { IdCardsPanel } from './id-cards';
import { PersonRecordDialog, type RecordPerson } from './person-record-dialog';
import { useFlow } from '@/ui/use-flow';
import { useRegisterCommands, type Command } from '@/ui/commands';
import { can } from '@/api/permissions';

const PAGE_SIZE = 20;

const TEXT_FIELDS: Record<PersonKind, { field: string; type?: string; inputMode?: 'tel' | 'email' }[]> = {
  student: [
    { field: 'student_code' },
    { field: 'first_name' },
    { field: 'middle_name' },
    { field: 'last_name' },
    { field: 'mobile_no', type: 'tel', inputMode: 'tel' },
    { field: 'email', type: 'email', inputMode: 'email' },
    { field: 'father_name' },
    { field: 'father_phone_number', type: 'tel', inputMode: 'tel' },
    { field: 'mother_name' },
    { field: 'mother_phone_number', type: 'tel', inputMode: 'tel' },
    { field: 'present_address' },
    { field: 'permanent_address' },
  ],
  teacher: [
    { field: 'teacher_code' },
    { field: 'title' },
    { field: 'first_name' },
    { field: 'middle_name' },
    { field: 'last_name' },
    { field: 'initial' },
    { field: 'mobile', type: 'tel', inputMode: 'tel' },
    { field: 'email', type: 'email', inputMode: 'email' },
    { field: 'designation' },
    { field: 'department' },
    { field: 'mpo_status' },
    { field: 'index_no' },
    { field: 'subject_code' },
  ],
};

export function PersonAdmin({ kind }: { kind: PersonKind }) {
  const { t } = useI18n();
  const { profile } = useSignedIn();
  const lookups = useQuery({ ...personFormLookupsQuery(), enabled: kind === 'student' });
  return (
    <>
      <PageHeader
        kicker={profile.school_name}
        title={kind === 'student' ? t('people.form.studentTitle') : t('people.form.teacherTitle')}
      />
      <div className="space-y-6">
        {kind === 'student' ? (
          <QueryState query={lookups} what={t('people.list.what')} loadingLabel={t('people.list.loading')}>
            {(data) => <PersonFormCard kind={kind} lookups={data} />}
          </QueryState>
        ) : (
          <PersonFormCard kind={kind} lookups={null} />
        )}
        <PersonList kind={kind} />
        <ImportPanel kind={kind} />
        {kind === 'student' && lookups.data ? <PromotePanel lookups={lookups.data} /> : null}
        {kind === 'student' && lookups.data ? <IdCardsPanel sections={lookups.data.sections} /> : null}
      </div>
    </>
  );
}

function PersonFormCard({ kind, lookups }: { kind: PersonKind; lookups: PersonFormLookups | null }) {
  const { t, lang } = useI18n();
  const { name: localName } = useNames();
  const errorText = useErrorText();
  const current = lookups?.sessions.find((s) => s.current) ?? null;
  const [state, send] = useFlow(personFormMachine, {
    invalidates: [peopleListKeys.lists],
    on: 'savedChanges',
    input: { kind, defaults: current ? { session_id: String(current.id) } : {} },
  });
  const { form, pristine, error, created } = state.context;
  const busy = state.hasTag('busy');
  useUnsavedChanges(JSON.stringify(form) !== JSON.stringify(pristine), t('people.form.unsaved'));
  const label = (field: string) => t(`people.form.fields.${field}` as never) as string;
  const fieldError = (field: string) => {
    const message = error?.fields[field];
    if (!message) return null;
    if (message === MISSING_FIELD) return t('people.form.required');
    // The server's name rule (src/api/csv.ts), said in the user's language.
    if (message.endsWith(PEOPLE_MESSAGES.formulaName)) return t('people.form.formulaName');
    return message;
  };
  const set = (field: string) => (value: string) => send({ type: 'person.field', field, value });
  const required = REQUIRED_FIELDS[kind];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'person.submit' });
  };
  const sections = lookups?.sections.filter((s) => String(s.class_id) === form.class_id) ?? [];
  const classes = lookups
    ? [...new Map(lookups.sections.map((s) => [s.class_id, s.class_name])).entries()].map(([id, name]) => ({
        value: String(id),
        label: localName('classes', name),
      }))
    : [];
  const topError = error && !Object.keys(error.fields).length ? errorText(error.cause ?? error.message) : null;
  if (state.hasTag('created') && created) {
    const successKey = `people.success.${created.code.replace(/^people\./, '')}`;
    return (
      <Card title={t('people.created.title')}>
        <Alert tone="success" className="mb-3">
          {t(successKey as never)}
        </Alert>
        <p className="mb-3 text-sm">{t('people.created.body', { name: created.user_code, code: created.user_code })}</p>
        <p className="mb-4 text-lg">
          {t('people.created.password')}: <code className="font-mono font-bold">{created.initial_password}</code>
        </p>
        <Button onClick={() => send({ type: 'person.dismiss' })}>{t('people.created.done')}</Button>
      </Card>
    );
  }
  return (
    <Card title={kind === 'student' ? t('people.form.studentTitle') : t('people.form.teacherTitle')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {topError ? <Alert tone="error">{topError}</Alert> : null}
        {kind === 'student' && lookups ? (
          <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <legend className="mb-2 font-semibold">{t('people.form.enrolment')}</legend>
            <SelectField
              label={label('session_id')}
              value={form.session_id ?? ''}
              onChange={set('session_id')}
              options={lookups.sessions.map((s) => ({ value: String(s.id), label: localDigits(s.session_year, lang) }))}
              error={fieldError('session_id')}
            />
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
          </fieldset>
        ) : null}
        <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="mb-2 font-semibold">{t('people.form.personal')}</legend>
          {TEXT_FIELDS[kind].map(({ field, type, inputMode }) => (
            <TextField
              key={field}
              label={label(field)}
              value={form[field] ?? ''}
              onChange={(e) => set(field)(e.target.value)}
              type={type ?? 'text'}
              inputMode={inputMode}
              hint={inputMode === 'tel' ? t('people.form.mobileHint') : undefined}
              error={fieldError(field)}
              required={required.includes(field)}
            />
          ))}
          <DateField
            label={label('dob')}
            value={form.dob ?? ''}
            onChange={set('dob')}
            min="1900-01-01"
            max={new Date().toISOString().slice(0, 10)}
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
          {kind === 'student' && lookups ? (
            <SelectField
              label={label('gender_id')}
              value={form.gender_id ?? ''}
              onChange={set('gender_id')}
              placeholder={t('people.form.choose')}
              options={lookups.genders.map((g) => ({ value: String(g.id), label: g.name }))}
              error={fieldError('gender_id')}
            />
          ) : null}
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? t('people.form.saving') : t('people.form.submit')}
          </Button>
          <Button variant="secondary" onClick={() => send({ type: 'person.reset' })} disabled={busy}>
            {t('people.form.clear')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function PersonList({ kind }: { kind: PersonKind }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const errorText = useErrorText();
  const ask = useConfirm();
  const [params, setParams] = useSearchState({ q: '', page: '1', inactive: '' });
  const [recordOf, setRecordOf] = useState<RecordPerson | null>(null);
  const [exporting, setExporting] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [guardiansOf, setGuardiansOf] = useState<GuardianStudent | null>(null);
  const page = Math.max(1, Number(params.page) || 1);
  const q = {
    q: params.q || undefined,
    // docs/DOMAIN.md, Records: people who left only when the admin asks for them.
    ...(params.inactive === '1' ? { include_inactive: 'true' as const } : {}),
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  };
  const list = useQuery(personListQuery(kind, q));
  // The palette's action for this list (docs/DOMAIN.md, Records): show or hide the people who left.
  const showingInactive = params.inactive === '1';
  const inactiveCommands = useMemo(
    (): Command[] => [
      {
        id: `records:inactive-${kind}`,
        label: t(showingInactive ? 'records.palette.hideInactive' : 'records.palette.showInactive'),
        keywords: ['inactive', 'left', 'deactivated'],
        group: 'Actions',
        visible: (c) => can(c.userType, 'people.update'),
        perform: () => setParams({ inactive: showingInactive ? '' : '1', page: '1' }, { replace: true }),
      },
    ],
    [kind, showingInactive, setParams, t],
  );
  useRegisterCommands(inactiveCommands);
  // Deleting a record made by mistake (docs/DOMAIN.md, "Deleting"): src/screens/deletes.
  const deletes = useRecordDelete([peopleKeys.all]);
  const head =
    kind === 'student'
      ? [
          t('people.list.studentId'),
          t('people.list.studentName'),
          t('people.list.class'),
          t('people.list.section'),
          t('people.list.roll'),
          t('people.list.mobile'),
          t('people.list.email'),
          t('people.list.resetPassword'),
          t('guardians.admin.action'),
          t('records.actions.column'),
        ]
      : [
          t('people.list.teacherId'),
          t('people.list.teacherName'),
          t('people.list.mobile'),
          t('people.list.designation'),
          t('people.list.email'),
          t('people.list.resetPassword'),
          t('records.actions.column'),
        ];
  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows: string[][] = [];
      for (let offset = 0; ; offset += 500) {
        const part =
          kind === 'student'
            ? await fetchStudentList({ q: q.q, limit: 500, offset })
            : await fetchTeacherList({ q: q.q, limit: 500, offset });
        for (const r of part.rows) {
          rows.push(
            'student_code' in r
              ? [r.student_code, r.full_name, r.mobile_no, r.email]
              : [r.teacher_code, r.full_name, r.mobile, r.designation, r.email],
          );
        }
        if (offset + 500 >= part.total) break;
      }
      await downloadCsv(`${kind}s.csv`, [
        kind === 'student'
          ? ['student_code', 'full_name', 'mobile_no', 'email']
          : ['teacher_code', 'full_name', 'mobile', 'designation', 'email'],
        ...rows,
      ]);
    } catch (err) {
      setNotice({ tone: 'error', text: errorText(err) });
    } finally {
      setExporting(false);
    }
  };
  const reset = async (code: string, name: string) => {
    if (!(await ask({ title: t('people.list.resetPassword'), body: t('people.list.resetQuestion', { name }) }))) return;
    try {
      const res = await resetPassword(code);
      setNotice({
        tone: 'success',
        text: t('people.list.resetDone', { code: res.user_code, password: res.initial_password }),
      });
    } catch (err) {
      setNotice({ tone: 'error', text: errorText(err) });
    }
  };
  return (
    <Card title={kind === 'student' ? t('people.list.studentTitle') : t('people.list.teacherTitle')}>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <TextField
          label={t('people.list.search')}
          type="search"
          value={params.q}
          onChange={(e) => setParams({ q: e.target.value, page: '1' }, { replace: true })}
          className="min-w-[16rem] flex-1"
        />
        <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>
          {exporting ? t('people.list.exporting') : t('people.list.exportCsv')}
        </Button>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={params.inactive === '1'}
            onChange={(e) => setParams({ inactive: e.target.checked ? '1' : '', page: '1' }, { replace: true })}
          />
          {t('records.list.showInactive')}
        </label>
      </div>
      {notice ? (
        <Alert tone={notice.tone} className="mb-3">
          {notice.text}
        </Alert>
      ) : null}
      {deletes.element}
      <QueryState
        query={list}
        what={t('people.list.what')}
        loadingLabel={t('people.list.loading')}
        empty={params.q ? t('people.list.noMatch', { q: params.q }) : t('people.list.empty')}
        isEmpty={(data) => data.rows.length === 0}
      >
        {(data) => (
          <>
            <p className="mb-2 text-sm text-slate-600">{t('people.list.count', { count: data.total })}</p>
            <DataTable caption={head.join(', ')} cards head={head}>
              {data.rows.map((r) =>
                'student_code' in r ? (
                  <tr key={r.id}>
                    <Td label={head[0]}>{r.student_code}</Td>
                    <Td label={head[1]}>
                      {r.full_name}
                      <InactiveBadge leftOn={r.left_on} />
                    </Td>
                    {/* Where the student is placed (latest enrolment), to check an import or admission. */}
                    <Td label={head[2]}>
                      {r.class_name ? name('classes', r.class_name) : t('people.list.notEnrolled')}
                    </Td>
                    <Td label={head[3]}>{r.section_default_name ?? '—'}</Td>
                    <Td label={head[4]}>
                      {r.class_roll_no != null ? localDigits(String(r.class_roll_no), lang) : '—'}
                    </Td>
                    <Td label={head[5]}>{localDigits(r.mobile_no, lang)}</Td>
                    <Td label={head[6]}>{r.email}</Td>
                    <Td label={head[7]}>
                      <Button variant="ghost" onClick={() => void reset(r.student_code, r.full_name)}>
                        {t('people.list.resetPassword')}
                      </Button>
                      <RecordDeleteButton
                        deletes={deletes}
                        kind="student"
                        id={r.id}
                        label={`${r.full_name} (${r.student_code})`}
                      />
                    </Td>
                    <Td label={head[8]}>
                      <Button
                        variant="ghost"
                        aria-label={t('guardians.admin.actionFor', { name: r.full_name })}
                        onClick={() => setGuardiansOf({ id: r.id, name: r.full_name })}
                      >
                        {t('guardians.admin.action')}
                      </Button>
                    </Td>
                    <Td label={head[9]}>
                      <Button
                        variant="ghost"
                        aria-label={t('records.actions.editFor', { name: r.full_name })}
                        onClick={() => setRecordOf({ kind: 'student', id: r.id, name: r.full_name })}
                      >
                        {t('records.actions.edit')}
                      </Button>
                    </Td>
                  </tr>
                ) : (
                  <tr key={r.id}>
                    <Td label={head[0]}>{r.teacher_code}</Td>
                    <Td label={head[1]}>
                      {r.full_name}
                      <InactiveBadge leftOn={r.left_on} />
                    </Td>
                    <Td label={head[2]}>{localDigits(r.mobile, lang)}</Td>
                    <Td label={head[3]}>{r.designation}</Td>
                    <Td label={head[4]}>{r.email}</Td>
                    <Td label={head[5]}>
                      <Button variant="ghost" onClick={() => void reset(r.teacher_code, r.full_name)}>
                        {t('people.list.resetPassword')}
                      </Button>
                      <RecordDeleteButton
                        deletes={deletes}
                        kind="teacher"
                        id={r.id}
                        label={`${r.full_name} (${r.teacher_code})`}
                      />
                    </Td>
                    <Td label={head[6]}>
                      <Button
                        variant="ghost"
                        aria-label={t('records.actions.editFor', { name: r.full_name })}
                        onClick={() => setRecordOf({ kind: 'teacher', id: r.id, name: r.full_name })}
                      >
                        {t('records.actions.edit')}
                      </Button>
                    </Td>
                  </tr>
                ),
              )}
            </DataTable>
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onPage={(p) => setParams({ page: String(p) })}
              label={t('people.list.pages')}
            />
          </>
        )}
      </QueryState>
      {kind === 'student' ? <GuardiansDialog student={guardiansOf} onClose={() => setGuardiansOf(null)} /> : null}
      <PersonRecordDialog person={recordOf} onClose={() => setRecordOf(null)} />
    </Card>
  );
}

/** docs/DOMAIN.md, Records: a person who left, shown when the admin lists them too. */
function InactiveBadge({ leftOn }: { leftOn?: string | null }) {
  const { t, lang } = useI18n();
  if (!leftOn) return null;
  return (
    <span
      className="ms-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
      title={t('records.list.inactiveSince', { date: localDigits(leftOn, lang) })}
    >
      {t('records.list.inactive')}
    </span>
  );
}
