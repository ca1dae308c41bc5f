/**
 * The notice editor screen shared by /teachernotice (a teacher's own notices) and
 * /schooladminnotice (every notice of the school): the collapsible 'Create notice' card, whose
 * flow is the notice editor machine (provided once with `NoticeEditor.Provider`), and the paged
 * list with Edit and Delete, a plain read (TanStack Query) whose page and kind are in the address.
 * This file only renders and sends events.
 *
 * Nothing irreversible by accident: Enter in a one-line field never submits; a notice
 * to a whole class, section or school says how many students it reaches and asks first; Delete
 * asks "Are you sure to delete?"; leaving, collapsing the card, Cancel edit, Edit of another notice
 * and the palette's "New notice" ask before throwing away what was typed.
 * `?notice=<id>` (the palette's jump to a notice) opens that notice for edit.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import {
  DESCRIPTION_MAX,
  HEADLINE_MAX,
  NOTICE_FIELD_MESSAGES,
  NOTICE_PAGE_SIZE,
  NOTICE_TYPES,
  STUDENTS_MAX,
  type SchoolNoticeRow,
} from '@/api/schemas/notices';
import { creatorNoticesQuery, noticeKeys, pageParams, schoolNoticesQuery } from '@/api/notices';
import {
  classChoices,
  isDirty,
  noticeEditorMachine,
  sectionChoices,
  type NoticeEditorInput,
  type NoticeField,
} from '@/machines/notice-editor.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { useConfirm } from '@/ui/confirm';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { DateField } from '@/ui/date-field';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { SelectField } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { Loading, QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useToast } from '@/ui/toast';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useSearchState } from '@/ui/use-search-state';
import { i18n, useI18n, type Language } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { useErrorText } from '@/i18n/errors';
import { formatNumber, localDigits } from '@/i18n/format';
import { noticesEn } from '@/i18n/areas/notices.en';
import { onNewNoticeRequest, takeNewNoticeRequest } from './commands';
import { editedDate, noticeDate, schoolToday } from './dates';
import { NoticeEditor } from './editor-context';
import { StudentPicker } from './student-picker';
import { useFlowLogic } from '@/ui/use-flow';

export type NoticeVariant = 'teacher' | 'admin';

/** The English labels the user sees for the wire's field names (errors never show `headline:`). */
const FIELD_LABELS: Record<string, string> = noticesEn.fields;

const labelOf = (field: string) => FIELD_LABELS[field.split('.')[0]] ?? field;

/** A field's complaint in the user's words: a wire name in it (`session_id`) replaced by the label. */
export function fieldText(field: string, message: string): string {
  const wire = field.split('.')[0];
  // Plain words ("headline") are also ordinary words in a message; only code-like names are replaced.
  const text = /[_.]/.test(field)
    ? message.split(field).join(labelOf(field)).split(wire).join(labelOf(field))
    : message;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Headline: enter a headline", or the message as it is when it already starts with the label. */
export function labelledError(field: string, message: string): string {
  const label = labelOf(field);
  const text = fieldText(field, message);
  return text.toLowerCase().startsWith(label.toLowerCase())
    ? text
    : `${label}: ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}

export const UNSAVED_MESSAGE = 'Your notice is not published yet.';

type FieldErrorName = keyof (typeof noticesEn)['fieldErrors'];

/**
 * A field complaint (the shared schema's, the form's own or the server's English) as a catalogue
 * message: the texts are those of src/api/schemas/notices.ts, so each maps to one name.
 */
export function fieldErrorName(field: string, message: string): FieldErrorName {
  const wire = field.split('.')[0];
  const known = Object.entries(NOTICE_FIELD_MESSAGES).find(([, text]) => text === message)?.[0];
  if (known === 'sessionRequired') return 'required_session_id';
  if (known && known !== 'endBeforeStart') return known as FieldErrorName;
  if (wire === 'students') {
    if (message.includes('not enrolled')) return 'notEnrolled';
    if (message.startsWith('At most')) return 'tooManyStudents';
    return 'invalid';
  }
  if (/^(Enter|Choose) /.test(message) && ['headline', 'description', 'session_id', 'date'].includes(wire)) {
    return `required_${wire}` as FieldErrorName;
  }
  if (message.includes('at most')) return 'tooLong';
  if (wire === 'date') return 'invalidDate';
  return 'invalid';
}

const MAX_OF: Record<string, number> = { headline: HEADLINE_MAX, description: DESCRIPTION_MAX, students: STUDENTS_MAX };

/** The field's label in the user's language. */
export function fieldLabel(field: string): string {
  const wire = field.split('.')[0];
  const key = `notices.fields.${wire}`;
  return i18n.exists(key) ? i18n.t(key as never) : (FIELD_LABELS[wire] ?? field);
}

/** A field's complaint in the user's language: English keeps the spec's texts as they came. */
export function localFieldText(field: string, message: string, lang: Language): string {
  if (lang === 'en') return fieldText(field, message);
  const wire = field.split('.')[0];
  const max = MAX_OF[wire];
  return i18n.t(`notices.fieldErrors.${fieldErrorName(field, message)}`, {
    label: fieldLabel(field),
    max: max === undefined ? '' : formatNumber(max, lang),
  });
}

/** "শিরোনাম: একটি শিরোনাম লিখুন" in the alert listing every complaint. */
export function localLabelledError(field: string, message: string, lang: Language): string {
  return lang === 'en'
    ? labelledError(field, message)
    : `${fieldLabel(field)}: ${localFieldText(field, message, lang)}`;
}

export function NoticeManager({ variant }: { variant: NoticeVariant }) {
  const { profile } = useSignedIn();
  const [input] = useState<NoticeEditorInput>(() => ({
    type: variant === 'teacher' ? NOTICE_TYPES.teacher : NOTICE_TYPES.school,
    schoolInfoId: profile.school_info_id,
    schoolTypeId: profile.school_type,
    uid: profile.id,
    today: schoolToday(),
  }));
  // Once the server confirmed a save or delete, every notice list read so far is stale.
  const logic = useFlowLogic(noticeEditorMachine, { invalidates: [noticeKeys.all], on: 'savedChanges' });
  return (
    <NoticeEditor.Provider logic={logic} options={{ input }}>
      <NoticeScreen variant={variant} schoolName={profile.school_name} />
    </NoticeEditor.Provider>
  );
}

/** Asks before a step that would throw away what was typed; true when there is nothing to lose. */
function useDiscardCheck() {
  const actor = NoticeEditor.useActorRef();
  const confirm = useConfirm();
  const { t } = useI18n();
  return useCallback(
    async () =>
      !isDirty(actor.getSnapshot().context) ||
      confirm({
        title: t('notices.discard.title'),
        body: <p>{t('notices.discard.body')}</p>,
        confirmLabel: t('notices.discard.confirm'),
        tone: 'danger',
      }),
    [actor, confirm, t],
  );
}

function NoticeScreen({ variant, schoolName }: { variant: NoticeVariant; schoolName: string | null }) {
  const actor = NoticeEditor.useActorRef();
  const toast = useToast();
  const mayDiscard = useDiscardCheck();
  const [open, setOpen] = useState(true);
  const [focusWanted, setFocusWanted] = useState(false);
  const formRef = useRef<HTMLDivElement>(null);
  const { t, lang } = useI18n();
  const errorText = useErrorText();

  useUnsavedChanges(
    NoticeEditor.useSelector((s) => isDirty(s.context)),
    t('notices.unsaved'),
  );

  // Messages only ever come from the machine, i.e. after the server answered. English shows the
  // server's own words; other languages the catalogue's text for the server's code.
  const feedback = NoticeEditor.useSelector((s) => s.context.feedback);
  useEffect(() => {
    if (!feedback) return;
    const successKey = feedback.code?.startsWith('notices.') ? `notices.success.${feedback.code.slice(8)}` : null;
    const text =
      feedback.tone === 'error'
        ? feedback.error !== undefined
          ? errorText(feedback.error)
          : feedback.text
        : lang !== 'en' && successKey && i18n.exists(successKey)
          ? i18n.t(successKey as never)
          : feedback.text;
    toast.show(text, feedback.tone);
    // Shown once per message, not again when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feedback, toast]);

  // "New notice" from the palette: open the card, start afresh and put the cursor in the headline.
  // Unsaved text was asked about already: the palette navigates, and the router's guard asks.
  useEffect(() => {
    const take = () => {
      if (!takeNewNoticeRequest()) return;
      setOpen(true);
      const c = actor.getSnapshot().context;
      if (c.form.id !== null || isDirty(c)) actor.send({ type: 'notice.reset' });
      setFocusWanted(true);
    };
    take();
    return onNewNoticeRequest(take);
  }, [actor]);

  const lookupsReady = NoticeEditor.useSelector((s) => !s.hasTag('loadingLookups') && !s.hasTag('lookupsFailed'));
  // After Edit: the card opens, the form comes into view and the headline has the focus.
  const loadingNotice = NoticeEditor.useSelector((s) => s.hasTag('loadingNotice'));
  const wasLoading = useRef(false);
  useEffect(() => {
    if (loadingNotice) {
      setOpen(true);
      formRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    } else if (wasLoading.current) setFocusWanted(true);
    wasLoading.current = loadingNotice;
  }, [loadingNotice]);
  useEffect(() => {
    if (!focusWanted || !open || !lookupsReady) return;
    const headline = formRef.current?.querySelector<HTMLInputElement>('input[name="headline"]');
    if (headline) {
      headline.focus();
      setFocusWanted(false);
    }
  }, [focusWanted, open, lookupsReady]);

  const canReset = NoticeEditor.useSelector((s) => s.can({ type: 'notice.reset' }));
  const toggleCard = async () => {
    if (open) {
      // Collapsing clears every field (spec section 4): ask first when something was typed.
      if (!canReset || !(await mayDiscard())) return;
      actor.send({ type: 'notice.reset' });
    }
    setOpen(!open);
  };

  // The palette's jump (`?notice=<id>`): edit the notice as soon as the editor can; then drop
  // the parameter, so that the same jump works again. Unsaved text was asked about by the
  // router's guard on the way here.
  const [path, navigate] = useLocation();
  const wanted = Number(new URLSearchParams(useSearch()).get('notice')) || null;
  const canEdit = NoticeEditor.useSelector((s) => s.can({ type: 'notice.edit', id: 0 }));
  useEffect(() => {
    if (wanted === null || !canEdit) return;
    const rest = new URLSearchParams(window.location.search);
    rest.delete('notice');
    const query = rest.toString();
    navigate(query ? `${path}?${query}` : path, { replace: true });
    setOpen(true);
    actor.send({ type: 'notice.edit', id: wanted });
  }, [wanted, canEdit, actor, navigate, path]);

  const bodyId = useId();
  return (
    <>
      <PageHeader kicker={schoolName} title={variant === 'teacher' ? t('notices.title') : t('notices.adminTitle')} />
      <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-label={t('notices.createCard')}>
        <h2 className="m-0">
          <button
            type="button"
            onClick={() => void toggleCard()}
            aria-expanded={open}
            aria-controls={bodyId}
            disabled={open && !canReset}
            className="flex min-h-11 w-full flex-wrap items-center justify-between gap-x-3 rounded-xl px-5 py-4 text-left text-lg font-semibold text-slate-900 hover:bg-slate-50"
          >
            <span>{t('notices.createCard')}</span>
            <span className="text-sm font-medium text-indigo-700">
              {open ? t('notices.collapse') : t('notices.expand')}
            </span>
          </button>
        </h2>
        {open ? (
          <div id={bodyId} ref={formRef} className="border-t border-slate-200 p-4 sm:p-5">
            <NoticeFormCard variant={variant} />
          </div>
        ) : null}
      </section>
      <div className="mt-6">
        <NoticeList variant={variant} />
      </div>
      <PublishDialog />
      <DeleteDialog />
    </>
  );
}

// ---------------------------------------------------------------- the form

function NoticeFormCard({ variant }: { variant: NoticeVariant }) {
  const actor = NoticeEditor.useActorRef();
  const loading = NoticeEditor.useSelector((s) => s.hasTag('loadingLookups'));
  const failed = NoticeEditor.useSelector((s) => s.hasTag('lookupsFailed'));
  const lookupsError = NoticeEditor.useSelector((s) => s.context.lookupsError);
  const lookupsCause = NoticeEditor.useSelector((s) => s.context.lookupsCause);
  const { t } = useI18n();
  const errorText = useErrorText();
  if (loading) return <Loading label={t('notices.loadingForm')} />;
  if (failed) {
    return (
      <Alert tone="error" onRetry={() => actor.send({ type: 'notice.retry' })}>
        <p>
          {t('notices.couldNotLoadForm')} {lookupsCause !== undefined ? errorText(lookupsCause) : lookupsError}
        </p>
      </Alert>
    );
  }
  return <NoticeFields variant={variant} />;
}

/** Enter in a one-line field never submits (it once published a one-letter notice). */
function keepEnterFromSubmitting(e: KeyboardEvent<HTMLFormElement>) {
  if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
}

function NoticeFields({ variant }: { variant: NoticeVariant }) {
  const actor = NoticeEditor.useActorRef();
  const mayDiscard = useDiscardCheck();
  const form = NoticeEditor.useSelector((s) => s.context.form);
  const classes = NoticeEditor.useSelector((s) => s.context.classes);
  const sections = NoticeEditor.useSelector((s) => s.context.sections);
  const sessions = NoticeEditor.useSelector((s) => s.context.sessions);
  const error = NoticeEditor.useSelector((s) => s.context.error);
  const editedBy = NoticeEditor.useSelector((s) => s.context.editedBy);
  const busy = NoticeEditor.useSelector((s) => s.hasTag('busy'));
  const phase = NoticeEditor.useSelector((s) =>
    s.hasTag('saving') ? 'saving' : s.hasTag('counting') ? 'counting' : s.hasTag('loadingNotice') ? 'loading' : 'other',
  );
  const canSubmit = NoticeEditor.useSelector((s) => s.can({ type: 'notice.submit' }));
  const canType = NoticeEditor.useSelector((s) => s.can({ type: 'notice.field', field: 'headline', value: '' }));
  const canReset = NoticeEditor.useSelector((s) => s.can({ type: 'notice.reset' }));
  // Only whom the author may address: a teacher's sections in the session (the server holds to it).
  const reach = NoticeEditor.useSelector((s) => s.context.reach);
  const classOptions = classChoices({ form, classes, sections, reach });
  const sectionOptions = sectionChoices({ form, classes, sections, reach });
  // An edited notice may name what is no longer a choice: shown as it is, and the form says why.
  const withCurrent = <T extends { id: number }>(choices: T[], all: T[], id: number) =>
    id === 0 || choices.some((c) => c.id === id) ? choices : [...choices, ...all.filter((c) => c.id === id)];
  const classList = withCurrent(classOptions.classes, classes, form.class_id);
  const sectionList = withCurrent(sectionOptions.sections, sections, form.section_id);
  const { t, lang } = useI18n();
  const { name: localName } = useNames();
  const errorText = useErrorText();
  const fieldError = (name: string) => (error?.fields[name] ? localFieldText(name, error.fields[name], lang) : null);
  const set = (field: NoticeField) => (value: string) => actor.send({ type: 'notice.field', field, value });
  const fieldErrors = Object.entries(error?.fields ?? {});

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'notice.submit' });
  };
  const cancelEdit = async () => {
    if (await mayDiscard()) actor.send({ type: 'notice.reset' });
  };

  const ids = useId();
  return (
    <form
      onSubmit={onSubmit}
      onKeyDown={keepEnterFromSubmitting}
      noValidate
      aria-label={t('notices.createCard')}
      aria-busy={busy}
    >
      {phase === 'loading' ? <Loading label={t('notices.loadingNotice')} /> : null}
      {form.id !== null ? (
        <p className="mb-4 rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
          {t('notices.editing')}
          {editedBy ? ` ${t('notices.lastEdited', { name: editedBy.name, date: editedDate(editedBy.at, lang) })}` : ''}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('notices.fields.headline')}
          name="headline"
          value={form.headline}
          onChange={(e) => set('headline')(e.target.value)}
          error={fieldError('headline')}
          readOnly={!canType}
          className="sm:col-span-2"
          autoComplete="off"
          enterKeyHint="next"
        />
        <div className="sm:col-span-2">
          <label htmlFor={`${ids}-description`} className="block text-sm font-medium text-slate-800">
            {t('notices.fields.description')}
          </label>
          <textarea
            id={`${ids}-description`}
            name="description"
            rows={4}
            value={form.description}
            readOnly={!canType}
            onChange={(e) => set('description')(e.target.value)}
            aria-invalid={fieldError('description') ? true : undefined}
            aria-describedby={fieldError('description') ? `${ids}-description-error` : undefined}
            className={`mt-1 block w-full rounded-md border px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm ${
              fieldError('description') ? 'border-red-500' : 'border-slate-300'
            }`}
          />
          {fieldError('description') ? (
            <p id={`${ids}-description-error`} className="mt-1 text-sm text-red-700">
              {fieldError('description')}
            </p>
          ) : null}
        </div>
        <SelectField
          label={t('notices.fields.session_id')}
          value={form.session_id === null ? '' : String(form.session_id)}
          onChange={set('session_id')}
          placeholder={form.session_id === null ? t('notices.chooseSession') : undefined}
          options={sessions.map((s) => ({ value: String(s.id), label: localDigits(s.session_year, lang) }))}
          error={fieldError('session_id')}
          disabled={!canType}
        />
        <DateField
          label={t('notices.fields.date')}
          value={form.date}
          onChange={set('date')}
          error={fieldError('date')}
          required
          disabled={!canType}
        />
        <SelectField
          label={t('notices.fields.class_id')}
          value={String(form.class_id)}
          onChange={(v) => actor.send({ type: 'notice.class', class_id: Number(v) })}
          options={[
            ...(classOptions.all || form.class_id === 0 ? [{ value: '0', label: t('notices.all') }] : []),
            ...classList.map((c) => ({ value: String(c.id), label: localName('classes', c.class_name) })),
          ]}
          error={fieldError('class_id')}
          disabled={!canType}
        />
        <SelectField
          label={t('notices.fields.section_id')}
          value={String(form.section_id)}
          onChange={(v) => actor.send({ type: 'notice.section', section_id: Number(v) })}
          options={[
            ...(sectionOptions.all || form.section_id === 0 ? [{ value: '0', label: t('notices.all') }] : []),
            ...sectionList.map((s) => ({ value: String(s.id), label: s.section_default_name })),
          ]}
          error={fieldError('section_id')}
          disabled={!canType}
        />
      </div>

      <StudentPicker showMobile={variant === 'admin'} />

      {error ? (
        <Alert tone="error" className="mt-4" title={error.retryable ? t('notices.notSavedYet') : undefined}>
          {fieldErrors.length ? (
            <ul className="list-disc space-y-1 pl-5">
              {fieldErrors.map(([field, message]) => (
                <li key={field}>{localLabelledError(field, message, lang)}</li>
              ))}
            </ul>
          ) : (
            <p>{error.cause !== undefined ? errorText(error.cause) : error.message}</p>
          )}
        </Alert>
      ) : null}

      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!canSubmit}>
          {phase === 'saving'
            ? t('notices.saving')
            : phase === 'counting'
              ? t('notices.checking')
              : error?.retryable
                ? t('common.tryAgain')
                : form.id !== null
                  ? t('notices.update')
                  : t('common.submit')}
        </Button>
        {form.id !== null ? (
          <Button variant="secondary" disabled={!canReset} onClick={() => void cancelEdit()}>
            {t('notices.cancelEdit')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

// ---------------------------------------------------------------- confirmations

/** "everyone in Six A" / "everyone in class Six" / "everyone in the school". */
function useAudienceName(): string {
  const { t } = useI18n();
  const { name } = useNames();
  const target = NoticeEditor.useSelector(
    (s) => {
      const { form, classes, sections } = s.context;
      const cls = classes.find((c) => c.id === form.class_id);
      const sec = sections.find((x) => x.id === form.section_id);
      return { cls: cls?.class_name, sec: cls ? sec?.section_default_name : undefined };
    },
    (a, b) => a.cls === b.cls && a.sec === b.sec,
  );
  const cls = name('classes', target.cls);
  if (cls && target.sec) return t('notices.audience.section', { class: cls, section: target.sec });
  if (cls) return t('notices.audience.class', { class: cls });
  return t('notices.audience.school');
}

/** "This goes to 303 students" ("এই নোটিশ ৩০৩ জন শিক্ষার্থীর কাছে যাবে"). */
export function audienceSentence(count: number, lang: Language = 'en'): string {
  // The count is formatted for the language but chooses the plural by its value.
  return i18n.t('notices.audience.goesTo', { count, lng: lang }).replace(String(count), formatNumber(count, lang));
}

function PublishDialog() {
  const actor = NoticeEditor.useActorRef();
  const open = NoticeEditor.useSelector((s) => s.hasTag('confirmPublish'));
  const audience = NoticeEditor.useSelector((s) => s.context.audience);
  const editing = NoticeEditor.useSelector((s) => s.context.form.id !== null);
  const headline = NoticeEditor.useSelector((s) => s.context.form.headline);
  const who = useAudienceName();
  const { t, lang } = useI18n();
  return (
    <ConfirmDialog
      open={open}
      title={editing ? t('notices.publish.titleEdit') : t('notices.publish.titleNew')}
      confirmLabel={editing ? t('notices.publish.confirmEdit') : t('notices.publish.confirmNew')}
      onConfirm={() => actor.send({ type: 'notice.confirm' })}
      onCancel={() => actor.send({ type: 'notice.cancel' })}
    >
      <p className="font-semibold text-slate-900">{headline}</p>
      {audience === 0 ? (
        <p>{t('notices.audience.nobody')}</p>
      ) : (
        <p>
          {audienceSentence(audience ?? 0, lang)}: {who}
          {lang === 'bn' ? '।' : '.'}
        </p>
      )}
    </ConfirmDialog>
  );
}

function DeleteDialog() {
  const actor = NoticeEditor.useActorRef();
  const asking = NoticeEditor.useSelector((s) => s.hasTag('confirmDelete'));
  const deleting = NoticeEditor.useSelector((s) => s.hasTag('deleting'));
  const pending = NoticeEditor.useSelector((s) => s.context.pendingDelete);
  const { t } = useI18n();
  return (
    <ConfirmDialog
      open={asking || deleting}
      title={t('notices.deleteTitle')}
      tone="danger"
      busy={deleting}
      confirmLabel={deleting ? t('notices.deleting') : t('common.delete')}
      onConfirm={() => actor.send({ type: 'notice.confirm' })}
      onCancel={() => actor.send({ type: 'notice.cancel' })}
    >
      <p>{t('common.areYouSureDelete')}</p>
      {pending ? <p className="font-semibold text-slate-900">{pending.headline}</p> : null}
    </ConfirmDialog>
  );
}

// ---------------------------------------------------------------- the list

const LIST_COLUMNS = ['date', 'headline', 'description', 'class', 'section', 'read', 'actions'] as const;

function NoticeList({ variant }: { variant: NoticeVariant }) {
  const [params, setParams] = useSearchState({ page: '1', type: '' });
  const paging = pageParams(params.page, NOTICE_PAGE_SIZE);
  const kind = params.type === '1' || params.type === '2' ? params.type : undefined;
  // A teacher's own notices (with read counts), or the whole school's for the admin.
  const options =
    variant === 'teacher'
      ? (creatorNoticesQuery(paging) as unknown as ReturnType<typeof schoolNoticesQuery>)
      : schoolNoticesQuery({ ...paging, type: kind });
  const list = useQuery(options);
  const { t } = useI18n();
  const errorText = useErrorText();
  const title = variant === 'teacher' ? t('notices.list.myNotices') : t('notices.list.information');
  const page = paging.offset / NOTICE_PAGE_SIZE + 1;

  // A page that no longer exists (its last notice deleted): show the last one there is.
  const total = list.data?.total;
  useEffect(() => {
    if (total === undefined || list.isPlaceholderData) return;
    const last = Math.max(1, Math.ceil(total / NOTICE_PAGE_SIZE));
    if (page > last) setParams({ page: String(last) }, { replace: true });
  }, [total, page, setParams, list.isPlaceholderData]);

  return (
    <Card title={title}>
      {variant === 'admin' ? (
        <SelectField
          label={t('notices.list.kind')}
          className="mb-4 max-w-xs"
          value={params.type}
          onChange={(v) => setParams({ type: v, page: '1' })}
          options={[
            { value: '', label: t('notices.list.allKinds') },
            { value: '1', label: t('notices.list.teacherKind') },
            { value: '2', label: t('notices.list.schoolKind') },
          ]}
        />
      ) : null}
      <QueryState
        query={list}
        what={t('notices.list.what')}
        loadingLabel={t('notices.list.loading')}
        empty={
          variant === 'teacher'
            ? t('notices.list.emptyMine')
            : kind
              ? t('notices.list.emptyKind')
              : t('notices.list.emptySchool')
        }
        isEmpty={(d) => d.total === 0}
      >
        {(data) => (
          <>
            {list.isFetching ? (
              <p className="sr-only" role="status">
                {t('notices.list.refreshing')}
              </p>
            ) : null}
            {list.isError ? (
              <Alert tone="error" className="mb-3" onRetry={() => void list.refetch()}>
                {t('notices.list.couldNotRefresh')} {errorText(list.error)}
              </Alert>
            ) : null}
            <DataTable caption={title} head={LIST_COLUMNS.map((c) => t(`notices.columns.${c}`))} cards minWidth="52rem">
              {data.rows.map((n) => (
                <NoticeRowView key={n.id} notice={n} />
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageSize={NOTICE_PAGE_SIZE}
              total={data.total}
              onPage={(p) => setParams({ page: String(p) })}
              label={t('notices.list.pages')}
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}

function NoticeRowView({ notice }: { notice: SchoolNoticeRow }) {
  const actor = NoticeEditor.useActorRef();
  const mayDiscard = useDiscardCheck();
  const canEdit = NoticeEditor.useSelector((s) => s.can({ type: 'notice.edit', id: notice.id }));
  const canDelete = NoticeEditor.useSelector((s) =>
    s.can({ type: 'notice.delete', id: notice.id, headline: notice.notice_headline }),
  );
  const edit = async () => {
    if (await mayDiscard()) actor.send({ type: 'notice.edit', id: notice.id });
  };
  const { t, lang } = useI18n();
  const { name } = useNames();
  // "ALL": the notice is for every class (or section).
  const all = (text: string, shown = text) => (text === 'ALL' ? t('notices.all') : shown);
  return (
    <tr data-notice-id={notice.id}>
      <Td label={t('notices.columns.date')} className="whitespace-nowrap">
        {noticeDate(notice.publishing_date, lang)}
      </Td>
      <Td label={t('notices.columns.headline')}>
        <span className="font-medium text-slate-900">{notice.notice_headline}</span>
        <span className="block text-xs text-slate-500">
          {t('notices.by', { name: notice.creator_name })}
          {notice.edited_by_name && notice.edited_at
            ? t('notices.editedBy', { name: notice.edited_by_name, date: editedDate(notice.edited_at, lang) })
            : ''}
        </span>
      </Td>
      <Td label={t('notices.columns.description')} className="sm:max-w-xs">
        <p className="line-clamp-2 text-slate-700">{notice.notice_description}</p>
      </Td>
      <Td label={t('notices.columns.class')}>{all(notice.class_name, name('classes', notice.class_name))}</Td>
      <Td label={t('notices.columns.section')}>{all(notice.section_default_name)}</Td>
      <Td label={t('notices.columns.read')} className="whitespace-nowrap">
        {/* The server sends the counts on the caller's own notices only. */}
        {notice.read_count !== undefined && notice.recipient_count !== undefined
          ? t('notices.readBy', {
              read: formatNumber(notice.read_count, lang),
              total: formatNumber(notice.recipient_count, lang),
            })
          : '—'}
      </Td>
      <Td label={t('notices.columns.actions')} className="whitespace-nowrap">
        <span className="flex gap-1">
          <Button
            variant="ghost"
            className="px-3"
            disabled={!canEdit}
            aria-label={t('notices.editNamed', { headline: notice.notice_headline })}
            onClick={() => void edit()}
          >
            {t('common.edit')}
          </Button>
          <Button
            variant="ghost"
            className="px-3 text-red-700"
            disabled={!canDelete}
            aria-label={t('notices.deleteNamed', { headline: notice.notice_headline })}
            onClick={() => actor.send({ type: 'notice.delete', id: notice.id, headline: notice.notice_headline })}
          >
            {t('common.delete')}
          </Button>
        </span>
      </Td>
    </tr>
  );
}
