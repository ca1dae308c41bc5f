/**
 * The one layout of the structure setup screens: the create form, the list (paged, with
 * Edit and Delete on each row), the edit dialog and "Are you sure to delete?". The flow is the
 * setup-crud machine, provided per screen with its entity's save and remove; the screen renders
 * its states and sends its events, and reads the list with TanStack Query.
 *
 * A user who may not write the entity (a school admin and the shared classes and subjects) sees
 * the list only, with a note saying who changes it.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { can } from '@/api/permissions';
import type { Page } from '@/api/schemas/common';
import { visibleSchoolsQuery } from '@/api/schools';
import type { StructureEntity } from '@/api/schemas/structure';
import { deleteStructure, saveStructure, structureKeys, type BodyOf } from '@/api/structure';
import {
  createDirty,
  editDirty,
  schemaCheck,
  setupCrudMachine,
  type SetupAnswer,
  type SetupFeedback,
  type SetupSaveInput,
  type SetupFailure,
  type SetupForm,
} from '@/machines/setup-crud.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { SimpleDialog } from '@/ui/dialog';
import { TextField } from '@/ui/field';
import { Card } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { SelectField, type SelectOption } from '@/ui/select';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useSignedIn } from '@/ui/session';
import { useToast } from '@/ui/toast';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useFocusFirstInvalid, useSubmitAttempts } from '@/ui/focus-invalid';
import { codeText, useErrorText } from '@/i18n/errors';
import { localDigits } from '@/i18n/format';
import { i18n, useI18n } from '@/i18n/i18n';
import { useFlowLogic } from '@/ui/use-flow';

export interface FieldDef {
  name: string;
  kind: 'text' | 'select' | 'time' | 'number' | 'checkbox';
  options?: readonly SelectOption[];
  placeholder?: string;
  maxLength?: number;
  hint?: string;
  required?: boolean;
}

export interface ColumnDef<Row> {
  label: string;
  value: (row: Row) => ReactNode;
}

export interface StructureCrudProps<E extends StructureEntity, Row extends { id: number }> {
  entity: E;
  blank: SetupForm;
  fields: readonly FieldDef[];
  toBody: (form: SetupForm) => BodyOf[E];
  schema: Parameters<typeof schemaCheck>[1];
  formOf: (row: Row) => SetupForm;
  labelOf: (row: Row) => string;
  columns: readonly ColumnDef<Row>[];
  list: UseQueryResult<Page<Row>>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  canWrite: boolean;
  /** Filters above the list (class, shift...). */
  filters?: ReactNode;
  /** Lookups other screens read that these rows feed (invalidated after a write). */
  alsoInvalidate?: readonly (readonly unknown[])[];
  /** Fields a create keeps for the next one (see the machine's `keep`). */
  keep?: readonly string[];
}

const Flow = createActorContext(setupCrudMachine);
const useFlow = Flow.useSelector;
const useSend = () => Flow.useActorRef().send;

/** `structure.in_use` with its counts, in the user's language. */
export function inUseText(what: string, fields: Record<string, string>, moved = false): string {
  const uses = Object.entries(fields)
    .map(([tbl, n]) => {
      const key = `structure.uses.${tbl}`;
      return i18n.exists(`${key}_other`) ? i18n.t(key as never, { count: Number(n) }) : `${n} ${tbl}`;
    })
    .join(', ');
  const text = i18n.t(moved ? 'structure.inUseMoved' : 'structure.inUse', { what, uses });
  return localDigits(text, i18n.language === 'bn' ? 'bn' : 'en');
}

/** A refusal's text: the server's words in English, the catalogue's (with the counts) otherwise. */
function useFailureText(entity: StructureEntity) {
  const { lang, t } = useI18n();
  const errorText = useErrorText();
  return (f: { code?: string; message: string; fields?: Record<string, string>; status?: number }, what?: string) => {
    if (lang !== 'en' && f.code === 'structure.in_use' && f.fields)
      return inUseText(what ?? t(`structure.entities.${entity}`), f.fields, !/deleted/.test(f.message));
    return errorText(f);
  };
}

export function StructureCrud<E extends StructureEntity, Row extends { id: number }>(
  props: StructureCrudProps<E, Row>,
) {
  const { entity, toBody, schema, blank, alsoInvalidate } = props;
  // The body may depend on data that arrives later (the class list): the actor reads the latest.
  const latest = useRef({ toBody });
  useEffect(() => {
    latest.current = { toBody };
  });
  const [input] = useState(() => ({
    blank,
    keep: props.keep,
    check: (form: SetupForm) => schemaCheck(latest.current.toBody, schema)(form),
  }));
  // A saved row changes the structure lists and what the screen names besides (lookups, routines).
  const logic = useFlowLogic(setupCrudMachine, {
    invalidates: [structureKeys.all, ...(alsoInvalidate ?? [])],
    on: 'savedChanges',
    provide: {
      actors: {
        save: fromPromise<SetupAnswer, SetupSaveInput>(({ input: i }) =>
          saveStructure(entity, i.id, latest.current.toBody(i.form), { idempotencyKey: i.idempotencyKey }),
        ),
        remove: fromPromise<SetupAnswer, { id: number }>(({ input: i }) => deleteStructure(entity, i.id)),
      },
    },
  });
  return (
    <Flow.Provider logic={logic} options={{ input }}>
      <FeedbackToast entity={entity} />
      {props.canWrite ? <CreateForm {...props} /> : null}
      <ListCard {...props} />
      {props.canWrite ? (
        <>
          <EditDialog {...props} />
          <DeleteDialog />
        </>
      ) : null}
    </Flow.Provider>
  );
}

/** The server's message after a write, in the user's language when its code is known. */
function FeedbackToast({ entity }: { entity: StructureEntity }) {
  const feedback = useFlow((s) => s.context.feedback);
  const pending = useFlow((s) => s.context.pendingDelete);
  const toast = useToast();
  const { lang, t } = useI18n();
  const failureText = useFailureText(entity);
  useEffect(() => {
    if (!feedback) return;
    toast.show(textOf(feedback), feedback.tone);
    function textOf(f: SetupFeedback): string {
      if (f.tone === 'error') return failureText({ ...f, message: f.text }, pending?.label);
      const name = f.code?.startsWith('structure.') ? f.code.slice('structure.'.length) : '';
      if (lang !== 'en' && name && i18n.exists(`structure.success.${name}`))
        return t(`structure.success.${name}` as never, { entity: t(`structure.entities.${entity}`) });
      return f.text;
    }
    // Shown once per message, not again when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feedback, toast]);
  return null;
}

function FieldInputs({
  fields,
  form,
  errors,
  disabled,
  onChange,
  idPrefix,
  server,
}: {
  fields: readonly FieldDef[];
  form: SetupForm;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (field: string, value: string) => void;
  idPrefix: string;
  /** The server's refusal these errors came from, if any. */
  server: SetupFailure | null;
}) {
  const { t, lang } = useI18n();
  const errorText = (field: string) => {
    const message = errors[field];
    if (!message) return null;
    // The server's refusals have catalogue texts by code; the form's own checks are shown as written.
    const own = !!server?.code?.startsWith('structure.') && server.fields[field] === message;
    return (own && codeText({ code: server?.code })) || message;
  };
  return (
    <>
      {fields.map((f) => {
        const label = t(`structure.fields.${f.name}` as never);
        if (f.kind === 'select')
          return (
            <SelectField
              key={f.name}
              name={`${idPrefix}-${f.name}`}
              label={label}
              value={form[f.name] ?? ''}
              onChange={(v) => onChange(f.name, v)}
              options={f.options ?? []}
              placeholder={f.placeholder}
              error={errorText(f.name)}
              hint={f.hint}
              disabled={disabled}
              required={f.required}
            />
          );
        if (f.kind === 'checkbox')
          return (
            <label key={f.name} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={form[f.name] === 'true'}
                disabled={disabled}
                onChange={(e) => onChange(f.name, e.target.checked ? 'true' : 'false')}
              />
              {label}
            </label>
          );
        return (
          <TextField
            key={f.name}
            name={`${idPrefix}-${f.name}`}
            label={label}
            type={f.kind === 'time' ? 'time' : f.kind === 'number' ? 'number' : 'text'}
            inputMode={f.kind === 'number' ? 'numeric' : undefined}
            value={form[f.name] ?? ''}
            onChange={(e) => onChange(f.name, e.target.value)}
            maxLength={f.maxLength}
            error={errorText(f.name)}
            hint={f.hint}
            disabled={disabled}
            required={f.required}
            lang={f.kind === 'number' ? lang : undefined}
          />
        );
      })}
    </>
  );
}

/** A refusal none of the form's fields can show (e.g. 403, 409 in use): above the form. */
function formLevel(error: SetupFailure | null, fields: readonly FieldDef[]) {
  if (!error) return null;
  const shown = Object.keys(error.fields).some((k) => fields.some((f) => f.name === k));
  return shown ? null : error;
}

function CreateForm<E extends StructureEntity, Row extends { id: number }>(props: StructureCrudProps<E, Row>) {
  const { t } = useI18n();
  const send = useSend();
  const form = useFlow((s) => s.context.form);
  const errors = useFlow((s) => s.context.fieldErrors);
  const error = useFlow((s) => s.context.error);
  const creating = useFlow((s) => s.hasTag('list') && s.hasTag('busy') && !s.hasTag('confirm'));
  const canSubmit = useFlow((s) => s.can({ type: 'setup.submit' }));
  const dirty = useFlow((s) => createDirty(s.context));
  const failureText = useFailureText(props.entity);
  useUnsavedChanges(dirty);
  const other = formLevel(error, props.fields);
  const title = t(`structure.create.${props.entity}`);
  // While saving, the fields and the button are disabled and the browser drops focus to the page.
  // After a create, focus goes back to the form's first field for the next entry; after a refusal
  // or a failed check, to the first field with a problem.
  const formRef = useRef<HTMLFormElement>(null);
  const wasCreating = useRef(false);
  const feedback = useFlow((s) => s.context.feedback);
  useEffect(() => {
    if (wasCreating.current && !creating && feedback?.tone === 'success') {
      formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    }
    wasCreating.current = creating;
  }, [creating, feedback]);
  const [attempts, submitted] = useSubmitAttempts(creating);
  useFocusFirstInvalid(formRef, attempts);
  return (
    <Card title={title} className="mb-6">
      <form
        ref={formRef}
        noValidate
        aria-label={title}
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'setup.submit' });
          submitted();
        }}
      >
        {other ? (
          <div className="sm:col-span-2">
            <Alert tone="error">{failureText(other)}</Alert>
          </div>
        ) : null}
        <FieldInputs
          fields={props.fields}
          form={form}
          errors={errors}
          disabled={creating}
          onChange={(field, value) => send({ type: 'setup.change', field, value })}
          idPrefix={`create-${props.entity}`}
          server={error}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={!canSubmit || creating} aria-busy={creating || undefined}>
            {creating ? t('structure.saving') : t('structure.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function ListCard<E extends StructureEntity, Row extends { id: number }>(props: StructureCrudProps<E, Row>) {
  const { t } = useI18n();
  const send = useSend();
  const busy = useFlow((s) => s.hasTag('busy'));
  const title = t(`structure.list.${props.entity}`);
  const head = [...props.columns.map((c) => c.label), ...(props.canWrite ? [t('structure.actions')] : [])];
  return (
    <Card title={title}>
      {!props.canWrite ? (
        <div className="mb-4">
          <Alert tone="info">{t('structure.sharedReadOnly')}</Alert>
        </div>
      ) : null}
      {props.filters ? <div className="mb-4 grid gap-4 sm:grid-cols-3">{props.filters}</div> : null}
      <QueryState
        query={props.list}
        what={title.toLowerCase()}
        empty={t(`structure.empty.${props.entity}`)}
        isEmpty={(p) => p.rows.length === 0}
      >
        {(data) => (
          <>
            <DataTable caption={title} head={head} cards minWidth="30rem">
              {data.rows.map((row) => {
                const name = props.labelOf(row);
                return (
                  <tr key={row.id}>
                    {props.columns.map((c) => (
                      <Td key={c.label} label={c.label}>
                        {c.value(row)}
                      </Td>
                    ))}
                    {props.canWrite ? (
                      <Td label={t('structure.actions')}>
                        <div className="flex flex-wrap gap-2">
                          <Button
                            variant="secondary"
                            disabled={busy}
                            aria-label={t('structure.editRow', { name })}
                            onClick={() => send({ type: 'setup.edit', id: row.id, form: props.formOf(row) })}
                          >
                            {t('common.edit')}
                          </Button>
                          <Button
                            variant="secondary"
                            className="text-red-700"
                            disabled={busy}
                            aria-label={t('structure.deleteRow', { name })}
                            onClick={() => send({ type: 'setup.delete', row: { id: row.id, label: name } })}
                          >
                            {t('common.delete')}
                          </Button>
                        </div>
                      </Td>
                    ) : null}
                  </tr>
                );
              })}
            </DataTable>
            <Pagination
              page={props.page}
              pageSize={props.pageSize}
              total={data.total}
              onPage={props.onPage}
              label={t('structure.pagesLabel', { what: title })}
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}

function EditDialog<E extends StructureEntity, Row extends { id: number }>(props: StructureCrudProps<E, Row>) {
  const { t } = useI18n();
  const send = useSend();
  const open = useFlow((s) => s.hasTag('edit'));
  const form = useFlow((s) => s.context.editForm);
  const errors = useFlow((s) => s.context.editErrors);
  const error = useFlow((s) => s.context.editError);
  const saving = useFlow((s) => s.hasTag('edit') && s.hasTag('busy'));
  const dirty = useFlow((s) => s.hasTag('edit') && editDirty(s.context));
  const failureText = useFailureText(props.entity);
  useUnsavedChanges(dirty, t('structure.unsaved'));
  const other = formLevel(error, props.fields);
  const formId = `edit-${props.entity}-form`;
  return (
    <SimpleDialog
      open={open}
      onClose={() => (saving ? undefined : send({ type: 'setup.cancel' }))}
      title={t(`structure.edit.${props.entity}`)}
      footer={
        <Button type="submit" form={formId} disabled={saving} aria-busy={saving || undefined}>
          {saving ? t('structure.saving') : t('structure.saveChanges')}
        </Button>
      }
    >
      <form
        id={formId}
        noValidate
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'setup.submit' });
        }}
      >
        {other ? <Alert tone="error">{failureText(other)}</Alert> : null}
        <FieldInputs
          fields={props.fields}
          form={form}
          errors={errors}
          disabled={saving}
          onChange={(field, value) => send({ type: 'setup.change', field, value })}
          idPrefix={`edit-${props.entity}`}
          server={error}
        />
      </form>
    </SimpleDialog>
  );
}

function DeleteDialog() {
  const { t } = useI18n();
  const send = useSend();
  const pending = useFlow((s) => s.context.pendingDelete);
  const open = useFlow((s) => s.hasTag('confirm'));
  const deleting = useFlow((s) => s.hasTag('confirm') && s.hasTag('busy'));
  return (
    <ConfirmDialog
      open={open}
      tone="danger"
      title={t('structure.deleteQuestion')}
      confirmLabel={deleting ? t('structure.deleting') : t('common.delete')}
      busy={deleting}
      onConfirm={() => send({ type: 'setup.confirm' })}
      onCancel={() => send({ type: 'setup.cancel' })}
    >
      {pending ? <p>{t('structure.deleteWhat', { name: pending.label })}</p> : null}
    </ConfirmDialog>
  );
}

/** Time as the list shows it: HH:mm, digits in the user's language. */
export function shortTime(time: string, lang: 'en' | 'bn'): string {
  return localDigits(time.slice(0, 5), lang);
}

/**
 * Whose sections and periods: a school admin's own school (the server knows it); a super admin
 * chooses one (kept in the address as `school`). Returns the school id to send (null: the
 * caller's own), its school type, and the chooser to show.
 */
export function useSetupSchool(school: string, onSchool: (id: string) => void) {
  const { t } = useI18n();
  const { profile, userType } = useSignedIn();
  // A user with no school of their own (the super admin) chooses one; the others work on theirs.
  const isSuper = profile.school_info_id === null && can(userType, 'school.list');
  const schools = useQuery({ ...visibleSchoolsQuery(), enabled: isSuper });
  const chosen = isSuper ? ((schools.data ?? []).find((s) => String(s.id) === school) ?? null) : null;
  const chooser = isSuper ? (
    <Card className="mb-6">
      {schools.isError ? (
        <Alert tone="error" onRetry={() => void schools.refetch()}>
          {t('common.couldNotLoad', { what: t('structure.fields.school_info_id') })}
        </Alert>
      ) : (
        <SelectField
          label={t('structure.fields.school_info_id')}
          value={school}
          onChange={onSchool}
          placeholder={t('structure.choose.school')}
          options={(schools.data ?? []).map((s) => ({ value: String(s.id), label: s.school_name }))}
          disabled={schools.isPending}
        />
      )}
    </Card>
  ) : null;
  return {
    isSuper,
    /** The school to name in requests (null for a school admin: their own). */
    schoolId: isSuper ? (chosen?.id ?? null) : null,
    /** Whether the lists can be shown: a school admin always, a super admin once a school is chosen. */
    ready: !isSuper || chosen !== null,
    schoolTypeId: isSuper ? (chosen?.type_id ?? null) : profile.school_type,
    chooser,
  };
}

/**
 * The Bangla name a form sends (docs/i18n.md, "Bangla names"): as typed; left empty, '' only to
 * clear the stored one (`stored`, what the form was opened with), else nothing, so that a new
 * class or subject of the curriculum gets its listed Bangla name from the server.
 */
export function banglaNameToSend(typed: string | undefined, stored: string | undefined): string | undefined {
  if ((typed ?? '').trim() !== '') return typed;
  return stored ? '' : undefined;
}
