/**
 * The notice editor screen shared by /teachernotice (a teacher's own notices) and
 * /schooladminnotice (every notice of the school): the collapsible 'Create Note's' card and the
 * list with Edit and Delete. All of it is the notice editor machine's state; this file only
 * renders it and sends events (buttons are enabled with `state.can`). `?notice=<id>` (the
 * palette's jump to a notice) opens that notice for edit once the list has it.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useLocation, useSearch } from 'wouter';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { SchoolNoticeRow } from '@/api/schemas/notices';
import {
  DELETE_QUESTION,
  noticeEditorMachine,
  type NoticeEditorEvent,
  type NoticeEditorInput,
  type NoticeEditorMachine,
  type NoticeField,
} from '@/machines/notice-editor.machine';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, Loading } from '@/ui/status';
import { useToast } from '@/ui/toast';
import { onNewNoticeRequest, takeNewNoticeRequest } from './commands';
import { noticeDate, schoolToday } from './dates';

export type NoticeVariant = 'teacher' | 'admin';

type Snapshot = SnapshotFrom<NoticeEditorMachine>;
type Actor = ActorRefFrom<NoticeEditorMachine>;

export const PAGE_SIZE = 20;

const selectClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm';

export function NoticeManager({ variant }: { variant: NoticeVariant }) {
  const { profile } = useSignedIn();
  const toast = useToast();
  const [input] = useState<NoticeEditorInput>(() => ({
    scope: variant === 'teacher' ? 'creator' : 'school',
    type: variant === 'teacher' ? 1 : 2,
    schoolInfoId: profile.school_info_id,
    schoolTypeId: profile.school_type,
    uid: profile.id,
    today: schoolToday(),
  }));
  const actor = useActorRef(noticeEditorMachine, { input });
  const [open, setOpen] = useState(true);
  const [focusWanted, setFocusWanted] = useState(false);
  const formRef = useRef<HTMLDivElement>(null);

  // Messages only ever come from the machine, i.e. after the server answered.
  const feedback = useSelector(actor, (s) => s.context.feedback);
  useEffect(() => {
    if (feedback) toast.show(feedback.text, feedback.tone);
  }, [feedback, toast]);

  // "New notice" from the palette: open the card, start afresh if a notice was being edited,
  // and put the cursor in the headline.
  useEffect(() => {
    const take = () => {
      if (!takeNewNoticeRequest()) return;
      setOpen(true);
      if (actor.getSnapshot().context.form.id !== null) actor.send({ type: 'notice.reset' });
      setFocusWanted(true);
    };
    take();
    return onNewNoticeRequest(take);
  }, [actor]);

  const lookupsReady = useSelector(
    actor,
    (s) => !s.matches({ form: 'loadingLookups' }) && !s.matches({ form: 'lookupsFailed' }),
  );
  useEffect(() => {
    if (!focusWanted || !open || !lookupsReady) return;
    const headline = formRef.current?.querySelector<HTMLInputElement>('input[name="headline"]');
    if (headline) {
      headline.focus();
      setFocusWanted(false);
    }
  }, [focusWanted, open, lookupsReady]);

  // Edit opens the card and brings the form into view.
  const loadingNotice = useSelector(actor, (s) => s.matches({ form: 'loadingNotice' }));
  useEffect(() => {
    if (!loadingNotice) return;
    setOpen(true);
    formRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [loadingNotice]);

  const canReset = useSelector(actor, (s) => s.can({ type: 'notice.reset' }));
  const toggleCard = () => {
    if (open) {
      // Collapsing clears every field (spec section 4).
      if (!canReset) return;
      actor.send({ type: 'notice.reset' });
    }
    setOpen(!open);
  };

  // The palette's jump (`?notice=<id>`): edit the notice as soon as the editor can, i.e. once the
  // list has it and the form is free; then drop the parameter, so that the same jump works again.
  const [path, navigate] = useLocation();
  const wanted = Number(new URLSearchParams(useSearch()).get('notice')) || null;
  const jump = useSelector(actor, (s): 'none' | 'wait' | 'edit' | 'missing' => {
    if (wanted === null) return 'none';
    if (s.can({ type: 'notice.edit', id: wanted })) return 'edit';
    if (s.matches({ list: 'ready' }) && !s.context.notices.some((n) => n.id === wanted)) return 'missing';
    return 'wait';
  });
  useEffect(() => {
    if (wanted === null || jump === 'none' || jump === 'wait') return;
    if (jump === 'edit') {
      setOpen(true);
      actor.send({ type: 'notice.edit', id: wanted });
    } else {
      toast.show('That notice is not in the list any more.', 'error');
    }
    navigate(path, { replace: true });
  }, [wanted, jump, actor, navigate, path, toast]);

  const bodyId = useId();
  return (
    <>
      <PageHeader kicker={profile.school_name} title={variant === 'teacher' ? 'Notices' : 'Admin Notice'} />
      <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-label="Create Note's">
        <h2 className="m-0">
          <button
            type="button"
            onClick={toggleCard}
            aria-expanded={open}
            aria-controls={bodyId}
            disabled={open && !canReset}
            className="flex w-full items-center justify-between gap-3 rounded-xl px-5 py-4 text-left text-lg font-semibold text-slate-900 hover:bg-slate-50"
          >
            <span>Create Note&apos;s</span>
            <span className="text-sm font-medium text-indigo-700">
              {open ? 'Collapse (clears the form)' : 'Expand'}
            </span>
          </button>
        </h2>
        {open ? (
          <div id={bodyId} ref={formRef} className="border-t border-slate-200 p-5">
            <NoticeForm actor={actor} variant={variant} />
          </div>
        ) : null}
      </section>
      <div className="mt-6">
        <NoticeList actor={actor} variant={variant} />
      </div>
      <DeleteDialog actor={actor} />
    </>
  );
}

// ---------------------------------------------------------------- the form

function useCan(actor: Actor, event: NoticeEditorEvent): boolean {
  return useSelector(actor, (s) => s.can(event));
}

function NoticeForm({ actor, variant }: { actor: Actor; variant: NoticeVariant }) {
  const phase = useSelector(actor, formPhase);
  const lookupsError = useSelector(actor, (s) => s.context.lookupsError);
  if (phase === 'loadingLookups') return <Loading label="Loading the form…" />;
  if (phase === 'lookupsFailed') {
    return (
      <Alert>
        <p>Could not load the form. {lookupsError}</p>
        <button
          type="button"
          onClick={() => actor.send({ type: 'notice.retry' })}
          className="mt-2 font-semibold underline"
        >
          Try again
        </button>
      </Alert>
    );
  }
  return <NoticeFields actor={actor} variant={variant} />;
}

type FormPhase =
  | 'loadingLookups'
  | 'lookupsFailed'
  | 'editing'
  | 'loadingNotice'
  | 'submitting'
  | 'saved'
  | 'failed'
  | 'confirmingDelete'
  | 'deleting';

function formPhase(s: Snapshot): FormPhase {
  const value = (s.value as { form: string | Record<string, string> }).form;
  return (typeof value === 'string' ? value : Object.keys(value)[0]) as FormPhase;
}

function NoticeFields({ actor, variant }: { actor: Actor; variant: NoticeVariant }) {
  const form = useSelector(actor, (s) => s.context.form);
  const classes = useSelector(actor, (s) => s.context.classes);
  const sections = useSelector(actor, (s) => s.context.sections);
  const sessions = useSelector(actor, (s) => s.context.sessions);
  const error = useSelector(actor, (s) => s.context.error);
  const phase = useSelector(actor, formPhase);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canSubmit = useCan(actor, { type: 'notice.submit' });
  const canRetry = useCan(actor, { type: 'notice.retry' });
  const canReset = useCan(actor, { type: 'notice.reset' });
  const classSections = sections.filter((s) => form.class_id !== 0 && s.class_id === form.class_id);
  const fieldError = (name: string) => error?.fields[name] ?? null;
  const set = (field: NoticeField) => (e: { target: { value: string } }) =>
    actor.send({ type: 'notice.field', field, value: e.target.value });

  // In `failed` the same button (and Enter) is 'Try again'.
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: phase === 'failed' ? 'notice.retry' : 'notice.submit' });
  };

  const ids = useId();
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create Note's" aria-busy={busy}>
      {phase === 'loadingNotice' ? <Loading label="Loading the notice…" /> : null}
      {form.id !== null ? (
        <p className="mb-4 rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
          Editing a notice. Submit saves your changes to it.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Headline"
          name="headline"
          value={form.headline}
          onChange={set('headline')}
          error={fieldError('headline')}
          className="sm:col-span-2"
          autoComplete="off"
        />
        <div className="sm:col-span-2">
          <label htmlFor={`${ids}-description`} className="block text-sm font-medium text-slate-800">
            Description
          </label>
          <textarea
            id={`${ids}-description`}
            name="description"
            rows={4}
            value={form.description}
            onChange={set('description')}
            aria-invalid={fieldError('description') ? true : undefined}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm"
          />
          {fieldError('description') ? <p className="mt-1 text-sm text-red-700">{fieldError('description')}</p> : null}
        </div>
        <Select
          label="Academic Session"
          value={form.session_id ?? ''}
          onChange={set('session_id')}
          error={fieldError('session_id')}
        >
          {form.session_id === null ? <option value="">Choose a session</option> : null}
          {sessions.map((s) => (
            <option key={s.id} value={s.id}>
              {s.session_year}
            </option>
          ))}
        </Select>
        <TextField
          label="Publishing date"
          type="date"
          name="date"
          value={form.date}
          onChange={set('date')}
          error={fieldError('date')}
        />
        <Select
          label="Class"
          value={form.class_id}
          onChange={(e) => actor.send({ type: 'notice.class', class_id: Number(e.target.value) })}
          error={fieldError('class_id')}
        >
          <option value={0}>ALL</option>
          {classes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.class_name}
            </option>
          ))}
        </Select>
        <Select
          label="Section"
          value={form.section_id}
          onChange={(e) => actor.send({ type: 'notice.section', section_id: Number(e.target.value) })}
          error={fieldError('section_id')}
        >
          <option value={0}>ALL</option>
          {classSections.map((s) => (
            <option key={s.id} value={s.id}>
              {s.section_default_name}
            </option>
          ))}
        </Select>
      </div>

      <StudentPicker actor={actor} variant={variant} />

      {error ? (
        <Alert>
          <p>{error.message}</p>
        </Alert>
      ) : null}

      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={phase === 'failed' ? !canRetry : !canSubmit}>
          {phase === 'submitting'
            ? 'Saving…'
            : phase === 'failed'
              ? 'Try again'
              : form.id !== null
                ? 'Update'
                : 'Submit'}
        </Button>
        {form.id !== null ? (
          <Button variant="secondary" disabled={!canReset} onClick={() => actor.send({ type: 'notice.reset' })}>
            Cancel edit
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function Select({
  label,
  error,
  children,
  ...props
}: { label: string; error?: string | null; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} aria-invalid={error ? true : undefined} className={selectClass} {...props}>
        {children}
      </select>
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}

function StudentPicker({ actor, variant }: { actor: Actor; variant: NoticeVariant }) {
  const students = useSelector(actor, (s) => s.context.students);
  const chosen = useSelector(actor, (s) => s.context.form.students);
  const settled = useSelector(actor, (s) => s.context.studentsSettled);
  const studentsError = useSelector(actor, (s) => s.context.studentsError);
  const canToggleAll = useCan(actor, { type: 'notice.toggleAll' });
  const toggleable = useSelector(actor, (s) =>
    s.can({ type: 'notice.toggleStudent', student_id: s.context.students[0]?.id ?? -1 }),
  );
  const dropped = useSelector(actor, (s) => s.context.droppedStudents.length);
  const editing = useSelector(actor, (s) => s.context.form.id !== null);
  const chosenSet = new Set(chosen);
  const everyone = students.length > 0 && students.every((s) => chosenSet.has(s.id));

  let body: ReactNode;
  if (!settled) body = <Loading label="Loading students…" />;
  else if (studentsError) body = <Alert>Could not load the students. {studentsError}</Alert>;
  else if (students.length === 0) body = <EmptyState>No students are enrolled in this class and section.</EmptyState>;
  else {
    body = (
      <>
        <label className="flex items-center gap-2 border-b border-slate-200 pb-2 text-sm font-semibold text-slate-900">
          <input
            type="checkbox"
            checked={everyone}
            disabled={!canToggleAll}
            onChange={() => actor.send({ type: 'notice.toggleAll' })}
            className="h-4 w-4"
          />
          Select all ({students.length})
        </label>
        <ul className="mt-2 max-h-72 divide-y divide-slate-100 overflow-y-auto" aria-label="Students">
          {students.map((s) => (
            <li key={s.id}>
              <label className="flex items-center gap-3 py-1.5 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={chosenSet.has(s.id)}
                  disabled={!toggleable}
                  onChange={() => actor.send({ type: 'notice.toggleStudent', student_id: s.id })}
                  className="h-4 w-4"
                />
                <span className="flex-1">{s.full_name}</span>
                <span className="text-xs text-slate-500">
                  Roll {s.class_roll_no} · {s.student_code}
                  {variant === 'admin' ? ` · ${s.mobile_no}` : ''}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <fieldset className="mt-5 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Students</legend>
      <p className="mb-2 text-xs text-slate-600">
        {chosen.length === 0
          ? 'No student chosen: the notice goes to everyone in the chosen class and section.'
          : `${chosen.length} chosen: only they receive the notice.`}
      </p>
      {dropped ? (
        <p role="status" className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {droppedMessage(dropped, editing)}
        </p>
      ) : null}
      {body}
    </fieldset>
  );
}

/** Chosen students that a reloaded list no longer has: unticked, and said so. */
export function droppedMessage(count: number, editing: boolean): string {
  const one = count === 1;
  return editing
    ? `${count} ${one ? 'recipient is' : 'recipients are'} no longer in this class and section and will be removed on save.`
    : `${count} chosen ${one ? 'student is' : 'students are'} not in this list and ${one ? 'was' : 'were'} unticked.`;
}

function Alert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      {children}
    </div>
  );
}

// ---------------------------------------------------------------- delete confirmation

function DeleteDialog({ actor }: { actor: Actor }) {
  const phase = useSelector(actor, formPhase);
  const pending = useSelector(actor, (s) => s.context.notices.find((n) => n.id === s.context.pendingDelete) ?? null);
  const canConfirm = useCan(actor, { type: 'notice.confirm' });
  const canCancel = useCan(actor, { type: 'notice.cancel' });
  const open = phase === 'confirmingDelete' || phase === 'deleting';
  const cancel = () => {
    if (canCancel) actor.send({ type: 'notice.cancel' });
  };
  return (
    <Dialog open={open} onClose={cancel} className="relative z-40">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 sm:items-center">
        <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">Delete notice</DialogTitle>
          <p className="mt-3 text-sm text-slate-700">{DELETE_QUESTION}</p>
          {pending ? <p className="mt-1 text-sm font-semibold text-slate-900">{pending.notice_headline}</p> : null}
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={cancel} disabled={!canCancel}>
              Cancel
            </Button>
            <Button
              onClick={() => actor.send({ type: 'notice.confirm' })}
              disabled={!canConfirm}
              className="bg-red-600 hover:bg-red-700 disabled:bg-red-300"
            >
              {phase === 'deleting' ? 'Deleting…' : 'Delete'}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

// ---------------------------------------------------------------- the list

function NoticeList({ actor, variant }: { actor: Actor; variant: NoticeVariant }) {
  const notices = useSelector(actor, (s) => s.context.notices);
  const listError = useSelector(actor, (s) => s.context.listError);
  const listState = useSelector(actor, (s) => (s.value as { list: 'loading' | 'ready' | 'failed' }).list);
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(notices.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const rows = notices.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const title = variant === 'teacher' ? 'My notices' : 'Information';

  let body: ReactNode;
  if (listState === 'failed') {
    body = (
      <Alert>
        <p>Could not load the notices. {listError}</p>
        <button
          type="button"
          onClick={() => actor.send({ type: 'notice.reloadList' })}
          className="mt-2 font-semibold underline"
        >
          Try again
        </button>
      </Alert>
    );
  } else if (listState === 'loading' && notices.length === 0) {
    body = <Loading label="Loading notices…" />;
  } else if (notices.length === 0) {
    body = (
      <EmptyState>
        {variant === 'teacher' ? 'You have not created any notices yet.' : 'The school has no notices yet.'}
      </EmptyState>
    );
  } else {
    body = (
      <>
        {listState === 'loading' ? <Loading label="Refreshing notices…" /> : null}
        <NoticeTable actor={actor} rows={rows} caption={title} />
        {pages > 1 ? (
          <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
            <Button variant="secondary" disabled={current === 0} onClick={() => setPage(current - 1)}>
              Previous
            </Button>
            <span>
              Page {current + 1} of {pages}
            </span>
            <Button variant="secondary" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
              Next
            </Button>
          </nav>
        ) : null}
      </>
    );
  }
  return <Card title={title}>{body}</Card>;
}

function NoticeTable({ actor, rows, caption }: { actor: Actor; rows: SchoolNoticeRow[]; caption: string }) {
  return (
    <div className="-mx-5 overflow-x-auto px-5">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Publishing Date
            </th>
            <th scope="col" className="py-2 pr-3">
              Note&apos;s Headline
            </th>
            <th scope="col" className="py-2 pr-3">
              Description
            </th>
            <th scope="col" className="py-2 pr-3">
              Class
            </th>
            <th scope="col" className="py-2 pr-3">
              Section
            </th>
            <th scope="col" className="py-2 pr-3">
              Read
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((n) => (
            <NoticeRowView key={n.id} actor={actor} notice={n} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NoticeRowView({ actor, notice }: { actor: Actor; notice: SchoolNoticeRow }) {
  const canEdit = useCan(actor, { type: 'notice.edit', id: notice.id });
  const canDelete = useCan(actor, { type: 'notice.delete', id: notice.id });
  return (
    <tr data-notice-id={notice.id}>
      <td className="whitespace-nowrap py-2 pr-3">{noticeDate(notice.publishing_date)}</td>
      <td className="py-2 pr-3 font-medium text-slate-900">{notice.notice_headline}</td>
      <td className="max-w-xs py-2 pr-3">
        <p className="line-clamp-2 text-slate-700">{notice.notice_description}</p>
      </td>
      <td className="py-2 pr-3">{notice.class_name}</td>
      <td className="py-2 pr-3">{notice.section_default_name}</td>
      <td className="whitespace-nowrap py-2 pr-3">
        {/* The server sends the counts on the caller's own notices only. */}
        {notice.read_count !== undefined && notice.recipient_count !== undefined
          ? `read by ${notice.read_count} of ${notice.recipient_count}`
          : null}
      </td>
      <td className="whitespace-nowrap py-2 text-right">
        <Button
          variant="ghost"
          className="px-2 py-1"
          disabled={!canEdit}
          aria-label={`Edit ${notice.notice_headline}`}
          onClick={() => actor.send({ type: 'notice.edit', id: notice.id })}
        >
          Edit
        </Button>
        <Button
          variant="ghost"
          className="px-2 py-1 text-red-700"
          disabled={!canDelete}
          aria-label={`Delete ${notice.notice_headline}`}
          onClick={() => actor.send({ type: 'notice.delete', id: notice.id })}
        >
          Delete
        </Button>
      </td>
    </tr>
  );
}
