/**
 * What the resources screens share: which school they read (a viewer's chosen one, the
 * session's for everyone else), who may manage them, and the resource editor — the add/edit dialog,
 * the delete confirmation and the server's message — driven by the resource editor machine.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { can, type Action } from '@/api/permissions';
import { resourceKeys } from '@/api/resources';
import type { WriteAnswer } from '@/api/schemas/resources';
import { i18n, useI18n } from '@/i18n/i18n';
import { useErrorText } from '@/i18n/errors';
import {
  resourceDirty,
  resourceEditorMachine,
  type ResourceAnswer,
  type ResourceEditorInput,
  type ResourceFeedback,
  type ResourceForm,
  type ResourceSaveInput,
} from '@/machines/resource-editor.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { SimpleDialog } from '@/ui/dialog';
import { FieldFrame, TextField, useFieldIds } from '@/ui/field';
import { SelectField, type SelectOption } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { useToast } from '@/ui/toast';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useFlowLogic } from '@/ui/use-flow';

/** The school the page is about: `school_info_id` for a viewer, nothing for the others. */
export function useResourceSchool() {
  const { profile, userType, school } = useSignedIn();
  return {
    userType,
    schoolInfoId: school?.id,
    schoolName: school?.school_name ?? profile.school_name ?? null,
    may: (action: Action) => can(userType, action),
  };
}

/** A server's success or refusal in the user's language when its code is known. */
export function useOutcomeText() {
  const errorText = useErrorText();
  const { t } = useI18n();
  return (f: { tone: 'success' | 'error'; text: string; code?: string }) => {
    if (f.tone === 'error') return errorText({ code: f.code, message: f.text });
    const name = f.code?.startsWith('resources.') ? f.code.slice('resources.'.length) : '';
    if (i18n.language !== 'en' && name && i18n.exists(`resources.done.${name}`))
      return t(`resources.done.${name}` as never);
    return f.text;
  };
}

/** Shows each new feedback once, as a toast. */
export function FeedbackToast({
  feedback,
}: {
  feedback: ResourceFeedback | { tone: 'success' | 'error'; text: string; code?: string; seq: number } | null;
}) {
  const toast = useToast();
  const text = useOutcomeText();
  useEffect(() => {
    if (feedback) toast.show(text(feedback), feedback.tone);
    // Once per message, not again when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feedback?.seq]);
  return null;
}

export const Editor = createActorContext(resourceEditorMachine);

export interface FieldDef {
  name: string;
  label: string;
  kind: 'text' | 'number' | 'url' | 'textarea' | 'select' | 'file';
  hint?: string;
  required?: boolean;
  options?: readonly SelectOption[];
  placeholder?: string;
  /** Shown only when adding (an e-book's file). */
  onlyNew?: boolean;
  /** Fields that depend on this one, emptied when it changes (a class's subject). */
  clears?: readonly string[];
}

export interface EditorConfig {
  blank: ResourceForm;
  check: ResourceEditorInput['check'];
  save: (id: number | null, form: ResourceForm, file: File | null, key: string) => Promise<WriteAnswer>;
  remove: (id: number) => Promise<WriteAnswer>;
  addTitle: string;
  editTitle: string;
  deleteTitle: string;
  deleteBody: (label: string) => string;
  /** The form's fields; a hook (it may read lookups), called on every render of the dialog. */
  useFields: (form: ResourceForm) => readonly FieldDef[];
}

/** The editor's flow for a list: its dialog, confirmation and messages. Children send to `Editor`. */
export function ResourceEditorProvider({
  config,
  canWrite,
  children,
}: {
  config: EditorConfig;
  /** Readers get no dialogs (and none of their lookups). */
  canWrite: boolean;
  children: ReactNode;
}) {
  const [input] = useState(() => ({ blank: config.blank, check: config.check }));
  const logic = useFlowLogic(resourceEditorMachine, {
    invalidates: [resourceKeys.all],
    on: 'savedChanges',
    provide: {
      actors: {
        save: fromPromise<ResourceAnswer, ResourceSaveInput>(({ input: i }) =>
          config.save(i.id, i.form, i.file, i.idempotencyKey),
        ),
        remove: fromPromise<ResourceAnswer, { id: number }>(({ input: i }) => config.remove(i.id)),
      },
    },
  });
  return (
    <Editor.Provider logic={logic} options={{ input }}>
      {children}
      <EditorFeedback />
      {canWrite ? (
        <>
          <EditorDialog config={config} />
          <DeleteDialog config={config} />
        </>
      ) : null}
    </Editor.Provider>
  );
}

function EditorFeedback() {
  const feedback = Editor.useSelector((s) => s.context.feedback);
  return <FeedbackToast feedback={feedback} />;
}

function EditorDialog({ config }: { config: EditorConfig }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const actor = Editor.useActorRef();
  const open = Editor.useSelector((s) => s.hasTag('dialog'));
  const busy = Editor.useSelector((s) => s.hasTag('busy'));
  const editId = Editor.useSelector((s) => s.context.editId);
  const form = Editor.useSelector((s) => s.context.form);
  const errors = Editor.useSelector((s) => s.context.fieldErrors);
  const error = Editor.useSelector((s) => s.context.error);
  const dirty = Editor.useSelector((s) => s.hasTag('dialog') && resourceDirty(s.context));
  useUnsavedChanges(dirty);
  const fields = config.useFields(form);
  const isNew = editId === null;
  const hasFile = fields.some((f) => f.kind === 'file' && (!f.onlyNew || isNew));
  const send = actor.send;
  const formId = 'resource-editor-form';
  return (
    <SimpleDialog
      open={open}
      onClose={() => !busy && send({ type: 'resource.cancel' })}
      title={isNew ? config.addTitle : config.editTitle}
      closeLabel={t('resources.form.cancel')}
      footer={
        <Button type="submit" form={formId} disabled={busy}>
          {busy
            ? t(hasFile ? 'resources.form.uploading' : 'resources.form.saving')
            : t(hasFile ? 'resources.form.upload' : 'resources.form.save')}
        </Button>
      }
    >
      <form
        id={formId}
        noValidate
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'resource.submit' });
        }}
      >
        {error ? <Alert tone="error">{errorText(error)}</Alert> : null}
        {fields
          .filter((f) => !f.onlyNew || isNew)
          .map((f) => (
            <FieldInput
              key={f.name}
              def={f}
              value={form[f.name] ?? ''}
              error={errors[f.name]}
              disabled={busy}
              onChange={(value) => {
                send({ type: 'resource.change', field: f.name, value });
                for (const dependent of f.clears ?? []) send({ type: 'resource.change', field: dependent, value: '' });
              }}
              onFile={(file) => send({ type: 'resource.file', file })}
            />
          ))}
      </form>
    </SimpleDialog>
  );
}

function FieldInput({
  def,
  value,
  error,
  disabled,
  onChange,
  onFile,
}: {
  def: FieldDef;
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
  onFile: (file: File | null) => void;
}) {
  const ids = useFieldIds(error, def.hint);
  if (def.kind === 'select') {
    return (
      <SelectField
        label={def.label}
        value={value}
        onChange={onChange}
        options={def.options ?? []}
        placeholder={def.placeholder}
        error={error}
        hint={def.hint}
        disabled={disabled}
      />
    );
  }
  if (def.kind === 'textarea') {
    return (
      <FieldFrame {...ids} label={def.label} hint={def.hint} error={error}>
        <textarea
          id={ids.id}
          value={value}
          rows={3}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          onChange={(e) => onChange(e.target.value)}
          className={`mt-1 block w-full rounded-md border px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm ${
            error ? 'border-red-500' : 'border-slate-300'
          }`}
        />
      </FieldFrame>
    );
  }
  if (def.kind === 'file') {
    return (
      <FieldFrame {...ids} label={def.label} hint={def.hint} error={error}>
        <input
          id={ids.id}
          type="file"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
          className="mt-1 block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-indigo-50 file:px-4 file:font-semibold file:text-indigo-700"
        />
      </FieldFrame>
    );
  }
  return (
    <TextField
      label={def.label}
      hint={def.hint}
      error={error}
      value={value}
      disabled={disabled}
      required={def.required}
      type={def.kind === 'number' ? 'text' : def.kind === 'url' ? 'url' : 'text'}
      inputMode={def.kind === 'number' ? 'numeric' : undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function DeleteDialog({ config }: { config: EditorConfig }) {
  const { t } = useI18n();
  const actor = Editor.useActorRef();
  const pending = Editor.useSelector((s) => s.context.pendingDelete);
  const open = Editor.useSelector((s) => s.hasTag('confirm'));
  const busy = Editor.useSelector((s) => s.hasTag('confirm') && s.hasTag('busy'));
  return (
    <ConfirmDialog
      open={open}
      title={config.deleteTitle}
      tone="danger"
      busy={busy}
      confirmLabel={t('resources.form.confirmDelete')}
      onConfirm={() => actor.send({ type: 'resource.confirm' })}
      onCancel={() => actor.send({ type: 'resource.cancel' })}
    >
      {pending ? config.deleteBody(pending.label) : null}
    </ConfirmDialog>
  );
}

/** Edit and Delete for one row, 44 px each, named for screen readers. */
export function RowActions({ id, label, form }: { id: number; label: string; form: ResourceForm }) {
  const { t } = useI18n();
  const actor = Editor.useActorRef();
  const busy = Editor.useSelector((s) => s.hasTag('busy'));
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        disabled={busy}
        aria-label={t('resources.library.editNamed', { title: label })}
        onClick={() => actor.send({ type: 'resource.edit', id, form })}
      >
        {t('resources.library.edit')}
      </Button>
      <Button
        variant="secondary"
        className="text-red-700"
        disabled={busy}
        aria-label={t('resources.library.deleteNamed', { title: label })}
        onClick={() => actor.send({ type: 'resource.delete', row: { id, label } })}
      >
        {t('resources.library.delete')}
      </Button>
    </div>
  );
}

export function AddButton({ children }: { children: ReactNode }) {
  const actor = Editor.useActorRef();
  const busy = Editor.useSelector((s) => s.hasTag('busy'));
  return (
    <Button disabled={busy} onClick={() => actor.send({ type: 'resource.add' })}>
      {children}
    </Button>
  );
}

/** The list page (1-based) from the address, and its offset. */
export function pageOf(value: string, size: number) {
  const page = Math.max(1, Number.parseInt(value, 10) || 1);
  return { page, offset: (page - 1) * size };
}
