/**
 * /subjectregistration (spec part 2 §Subject registration): filters (session, class, group,
 * section; kept in the address), then the section's students, the class's subjects and the 4th
 * subjects, each with boxes and select-all; Save registers every ticked student for every ticked
 * subject and the 4th subject. Below, the two registration lists ("Subject Registration Details"
 * and the 4th subject's) with Delete after "Are you sure to delete?" (the machine can also edit a
 * student's registration by id; the screen offers no Edit yet). The flow is the
 * subject registration machine; the success message is the server's answer, shown once it came.
 * At 360 px the tables become cards and the lists' rows too.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { defaultSession } from '@/api/lookups';
import type { RegistrationRow } from '@/api/schemas/subject-registration';
import { registrationLookupsQuery, subjectRegistrationKeys } from '@/api/subject-registration';
import { filtersComplete, subjectRegistrationMachine, type FilterField } from '@/machines/subject-registration.machine';
import { formatNumber, localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { DeferredConfirmDialog } from '@/ui/confirm';
import { Card, PageHeader } from '@/ui/page';
import { SelectField } from '@/ui/select';
import { EmptyState, ErrorState, Loading } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useToast } from '@/ui/toast';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useSearchState } from '@/ui/use-search-state';
import {
  CheckRow,
  RegistrationList,
  StudentRegistrationList,
  useFeedbackToast,
  useRegistrationErrorText,
} from './parts';
import { useFlowLogic } from '@/ui/use-flow';

export const Registration = createActorContext(subjectRegistrationMachine);

const URL_KEYS: Record<FilterField, string> = {
  session_id: 'session',
  class_id: 'class',
  group_id: 'group',
  section_id: 'section',
};
const num = (v: string) => (/^\d+$/.test(v) ? Number(v) : 0);

export default function SubjectRegistration() {
  const { t } = useI18n();
  const [params] = useSearchState({ session: '', class: '', group: '', section: '' });
  // The address's filters start the flow (a bookmarked or reloaded page searches again).
  const input = useMemo(
    () => ({
      filters: {
        session_id: num(params.session),
        class_id: num(params.class),
        group_id: num(params.group),
        section_id: num(params.section),
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const logic = useFlowLogic(subjectRegistrationMachine, {
    invalidates: [subjectRegistrationKeys.all],
    on: ['saved', 'deleted'],
  });
  return (
    <>
      <PageHeader title={t('registration.title')} />
      <Registration.Provider logic={logic} options={{ input }}>
        <div className="grid gap-6">
          <Filters />
          <Tables />
          <Lists />
        </div>
        <DeleteDialog />
      </Registration.Provider>
    </>
  );
}

function Filters() {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const actor = Registration.useActorRef();
  const filters = Registration.useSelector((s) => s.context.filters);
  const canSearch = Registration.useSelector((s) => s.can({ type: 'registration.search' }));
  const busy = Registration.useSelector((s) => s.hasTag('busy'));
  const [, setParams] = useSearchState({ session: '', class: '', group: '', section: '' });
  const lookups = useQuery(registrationLookupsQuery());

  const change = (field: FilterField, value: number) => {
    actor.send({ type: 'filter.change', field, value });
    const patch: Record<string, string> = { [URL_KEYS[field]]: value ? String(value) : '' };
    if (field === 'class_id') patch.section = '';
    setParams(patch, { replace: true });
  };

  // The current session by default; a complete filter from the address searches at once.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !lookups.data) return;
    started.current = true;
    if (!filters.session_id) {
      const s = defaultSession(lookups.data.sessions);
      if (s) change('session_id', s.id);
    } else if (filtersComplete(filters)) actor.send({ type: 'registration.search' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lookups.data]);

  if (lookups.isError) return <ErrorState error={lookups.error} onRetry={() => void lookups.refetch()} />;
  const sections = lookups.data?.sections ?? [];
  const classes = [...new Map(sections.map((s) => [s.class_id, s.class_name])).entries()];
  return (
    <Card title={t('registration.filtersCard')}>
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'registration.search' });
        }}
      >
        <SelectField
          label={t('registration.fields.session_id')}
          value={filters.session_id ? String(filters.session_id) : ''}
          onChange={(v) => change('session_id', num(v))}
          placeholder={t('registration.chooseSession')}
          options={(lookups.data?.sessions ?? []).map((s) => ({
            value: String(s.id),
            label: localDigits(s.session_year, lang),
          }))}
          disabled={busy}
          required
        />
        <SelectField
          label={t('registration.fields.class_id')}
          value={filters.class_id ? String(filters.class_id) : ''}
          onChange={(v) => change('class_id', num(v))}
          placeholder={t('registration.chooseClass')}
          options={classes.map(([id, className]) => ({ value: String(id), label: name('classes', className) }))}
          disabled={busy}
          required
        />
        <SelectField
          label={t('registration.fields.group_id')}
          value={filters.group_id ? String(filters.group_id) : ''}
          onChange={(v) => change('group_id', num(v))}
          placeholder={t('registration.allGroups')}
          options={(lookups.data?.groups ?? []).map((g) => ({ value: String(g.id), label: g.division_name }))}
          disabled={busy}
        />
        <SelectField
          label={t('registration.fields.section_id')}
          value={filters.section_id ? String(filters.section_id) : ''}
          onChange={(v) => change('section_id', num(v))}
          placeholder={t('registration.chooseSection')}
          options={sections
            .filter((s) => s.class_id === filters.class_id)
            .map((s) => ({ value: String(s.id), label: s.section_default_name }))}
          disabled={busy || !filters.class_id}
          required
        />
        <div className="flex items-end">
          <Button type="submit" disabled={!canSearch || busy} className="w-full">
            {t('registration.search')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function Tables() {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const actor = Registration.useActorRef();
  const state = Registration.useSelector((s) => s);
  const errorText = useRegistrationErrorText();
  const c = state.context;
  const busy = state.hasTag('busy');
  const ready = state.hasTag('ready');
  const dirty = ready && (c.selectedStudents.length > 0 || c.selectedSubjects.length > 0 || c.fourth !== null);
  useUnsavedChanges(dirty);
  useFeedbackToast(c.feedback);

  if (state.hasTag('filtering')) return <Alert tone="info">{t('registration.needFilters')}</Alert>;
  if (state.hasTag('loading')) return <Loading label={t('registration.loadingTables')} />;
  if (state.hasTag('loadFailed'))
    return (
      <ErrorState
        error={c.error}
        what={t('registration.tablesWhat')}
        onRetry={() => actor.send({ type: 'registration.retry' })}
      />
    );

  const optional = c.subjects.filter((s) => s.optional);
  const allStudents = c.students.length > 0 && c.students.every((s) => c.selectedStudents.includes(s.id));
  const allSubjects = c.subjects.length > 0 && c.subjects.every((s) => c.selectedSubjects.includes(s.id));
  const editing = c.editId !== null ? c.students.find((s) => s.id === c.selectedStudents[0]) : undefined;
  const failed = state.hasTag('failed');
  return (
    <form
      noValidate
      className="grid gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'registration.save' });
      }}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card title={t('registration.students.card')}>
          {c.students.length === 0 ? (
            <EmptyState>{t('registration.students.empty')}</EmptyState>
          ) : (
            <>
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <CheckRow
                  checked={allStudents}
                  onChange={() => actor.send({ type: 'select-all.students' })}
                  label={t('registration.students.selectAll')}
                  disabled={busy}
                >
                  <span className="text-sm font-semibold">{t('registration.students.selectAll')}</span>
                </CheckRow>
                <p className="text-sm text-slate-600" aria-live="polite">
                  {t('registration.students.chosen', {
                    count: c.selectedStudents.length,
                    n: formatNumber(c.selectedStudents.length, lang),
                  })}
                </p>
              </div>
              <DataTable
                cards
                caption={t('registration.students.caption')}
                head={[
                  '',
                  t('registration.students.head.id'),
                  t('registration.students.head.name'),
                  t('registration.students.head.roll'),
                  t('registration.students.head.group'),
                ]}
              >
                {c.students.map((s) => (
                  <tr key={s.id}>
                    <Td label={t('registration.students.selectAll')}>
                      <CheckRow
                        checked={c.selectedStudents.includes(s.id)}
                        onChange={() => actor.send({ type: 'toggle.student', id: s.id })}
                        label={t('registration.students.select', { name: `${s.student_code} ${s.full_name}` })}
                        disabled={busy}
                      />
                    </Td>
                    <Td label={t('registration.students.head.id')} className="font-semibold text-slate-900">
                      {s.student_code}
                    </Td>
                    <Td label={t('registration.students.head.name')}>{s.full_name}</Td>
                    <Td label={t('registration.students.head.roll')}>{formatNumber(s.class_roll_no, lang)}</Td>
                    <Td label={t('registration.students.head.group')}>{s.division_name ?? '—'}</Td>
                  </tr>
                ))}
              </DataTable>
            </>
          )}
        </Card>
        <div className="grid content-start gap-6">
          <Card title={t('registration.subjects.card')}>
            {c.subjects.length === 0 ? (
              <EmptyState>{t('registration.subjects.empty')}</EmptyState>
            ) : (
              <>
                <CheckRow
                  checked={allSubjects}
                  onChange={() => actor.send({ type: 'select-all.subjects' })}
                  label={t('registration.subjects.selectAll')}
                  disabled={busy}
                >
                  <span className="text-sm font-semibold">{t('registration.subjects.selectAll')}</span>
                </CheckRow>
                <p className="text-sm text-slate-600" aria-live="polite">
                  {t('registration.subjects.chosen', {
                    count: c.selectedSubjects.length,
                    n: formatNumber(c.selectedSubjects.length, lang),
                  })}
                </p>
                <DataTable
                  cards
                  minWidth="20rem"
                  caption={t('registration.subjects.caption')}
                  head={['', t('registration.subjects.head.name'), t('registration.subjects.head.group')]}
                >
                  {c.subjects.map((s) => (
                    <tr key={s.id}>
                      <Td label={t('registration.subjects.selectAll')}>
                        <CheckRow
                          checked={c.selectedSubjects.includes(s.id)}
                          onChange={() => actor.send({ type: 'toggle.subject', id: s.id })}
                          label={t('registration.subjects.select', { name: name('subjects', s.subject_name) })}
                          disabled={busy}
                        />
                      </Td>
                      <Td label={t('registration.subjects.head.name')}>
                        {name('subjects', s.subject_name)}{' '}
                        <span className="text-slate-500">({localDigits(s.subject_code, lang)})</span>
                      </Td>
                      <Td label={t('registration.subjects.head.group')}>
                        {s.division_name ?? t('registration.subjects.forEveryone')}
                      </Td>
                    </tr>
                  ))}
                </DataTable>
              </>
            )}
          </Card>
          <Card title={t('registration.fourth.card')}>
            <p className="mb-2 text-sm text-slate-600">{t('registration.fourth.hint')}</p>
            {optional.length === 0 ? (
              <EmptyState>{t('registration.fourth.empty')}</EmptyState>
            ) : (
              <DataTable
                cards
                minWidth="20rem"
                caption={t('registration.fourth.caption')}
                head={['', t('registration.subjects.head.name'), t('registration.subjects.head.group')]}
              >
                {optional.map((s) => (
                  <tr key={s.id}>
                    <Td label={t('registration.fourth.card')}>
                      <CheckRow
                        checked={c.fourth === s.id}
                        onChange={() => actor.send({ type: 'toggle.fourth', id: s.id })}
                        label={t('registration.fourth.select', { name: name('subjects', s.subject_name) })}
                        disabled={busy}
                      />
                    </Td>
                    <Td label={t('registration.subjects.head.name')}>{name('subjects', s.subject_name)}</Td>
                    <Td label={t('registration.subjects.head.group')}>
                      {s.division_name ?? t('registration.subjects.forEveryone')}
                    </Td>
                  </tr>
                ))}
              </DataTable>
            )}
          </Card>
        </div>
      </div>
      {editing ? <Alert tone="info">{t('registration.editing', { student: editing.student_code })}</Alert> : null}
      {failed && c.error ? <Alert tone="error">{errorText(c.error)}</Alert> : null}
      <div>
        <Button type="submit" disabled={!state.can({ type: 'registration.save' })} className="w-full sm:w-auto">
          {busy ? t('registration.saving') : t('registration.save')}
        </Button>
      </div>
    </form>
  );
}

function Lists() {
  const actor = Registration.useActorRef();
  const filters = Registration.useSelector((s) => s.context.filters);
  const deleting = Registration.useSelector((s) => s.hasTag('confirm'));
  const remove = (kind: 'subject' | 'fourth') => (row: RegistrationRow) =>
    actor.send({
      type: 'delete.request',
      kind,
      id: row.id,
      label: JSON.stringify({ subject: row.subject_name, student: row.student_code, name: row.full_name }),
    });
  return (
    <div className="grid gap-6">
      <StudentRegistrationList
        sessionId={filters.session_id}
        sectionId={filters.section_id}
        onDelete={remove('subject')}
        busy={deleting}
      />
      <RegistrationList
        fourth
        sessionId={filters.session_id}
        sectionId={filters.section_id}
        onDelete={remove('fourth')}
        busy={deleting}
      />
    </div>
  );
}

function DeleteDialog() {
  const { t } = useI18n();
  const { name } = useNames();
  const actor = Registration.useActorRef();
  const open = Registration.useSelector((s) => s.hasTag('confirm'));
  const busy = Registration.useSelector((s) => s.hasTag('deleting'));
  const pending = Registration.useSelector((s) => s.context.pendingDelete);
  const failure = Registration.useSelector((s) => s.context.deleteError);
  const errorText = useRegistrationErrorText();
  const toast = useToast();
  useEffect(() => {
    if (failure) toast.show(errorText(failure), 'error');
  }, [failure, toast, errorText]);
  const what = pending ? (JSON.parse(pending.label) as { subject: string; student: string; name: string }) : null;
  return (
    <DeferredConfirmDialog
      open={open}
      busy={busy}
      title={t('common.areYouSureDelete')}
      confirmLabel={t('common.delete')}
      tone="danger"
      onConfirm={() => actor.send({ type: 'delete.confirm' })}
      onCancel={() => actor.send({ type: 'delete.cancel' })}
    >
      {what ? t('registration.lists.deleteBody', { ...what, subject: name('subjects', what.subject) }) : null}
    </DeferredConfirmDialog>
  );
}
