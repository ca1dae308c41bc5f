/**
 * Pieces the homework screens share: dates in the user's language, the file chooser with its
 * upload progress bar, the download button (files need the bearer token, so a link cannot do),
 * the field errors in the user's language and the success toast from a machine's feedback.
 */
import { useEffect, useRef, useState } from 'react';
import { DateTime } from 'luxon';
import { HOMEWORK_FIELD_MESSAGES } from '@/api/schemas/homework';
import { downloadFile, type UploadProgress } from '@/api/upload';
import { formatDate, formatNumber } from '@/i18n/format';
import { useI18n, type Language } from '@/i18n/i18n';
import { useErrorText } from '@/i18n/errors';
import { FieldFrame, useFieldIds } from '@/ui/field';
import { useToast } from '@/ui/toast';
import type { Feedback } from '@/machines/homework-create.machine';

/** The largest upload (the server's UPLOAD_MAX_MB default): checked before sending, to spare the wait. */
export const MAX_UPLOAD_MB = 10;

const FORMATS: Record<Language, string> = { en: 'dd-LL-yyyy', bn: 'd MMMM yyyy' };

export function homeworkDate(iso: string, lang: Language): string {
  return DateTime.fromISO(iso).isValid ? formatDate(iso, FORMATS[lang], lang) : iso;
}

/**
 * An unanswered homework's urgency on the school's today (YYYY-MM-DD): its last date is today, or
 * has passed; nothing once answered or while there is time.
 */
export function dueState(dueDate: string, answered: boolean, today: string): 'today' | 'overdue' | null {
  if (answered) return null;
  if (dueDate < today) return 'overdue';
  return dueDate === today ? 'today' : null;
}

/** The badge for dueState: red when overdue, amber on the last day. */
export function DueBadge({ state }: { state: 'today' | 'overdue' | null }) {
  const { t } = useI18n();
  if (!state) return null;
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${
        state === 'overdue' ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900'
      }`}
    >
      {t(`homework.student.due.${state}`)}
    </span>
  );
}

/** A submission time (ISO timestamp) as the school's date and time. */
export function submittedAt(iso: string, lang: Language): string {
  const dt = DateTime.fromISO(iso);
  return dt.isValid
    ? formatDate(dt.setZone('Asia/Dhaka').toISO()!, lang === 'bn' ? 'd MMMM yyyy, h:mm a' : 'dd-LL-yyyy HH:mm', lang)
    : iso;
}

export function fileSize(bytes: number, lang: Language): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), lang)} KB`;
  return `${formatNumber(Math.round((bytes / (1024 * 1024)) * 10) / 10, lang)} MB`;
}

/** A field's error in the user's language: the known server texts by name, else a generic one. */
export function useFieldError() {
  const { t, lang } = useI18n();
  return (field: string, message: string | undefined): string | null => {
    if (!message) return null;
    const known = Object.entries(HOMEWORK_FIELD_MESSAGES).find(([, text]) => text === message)?.[0];
    if (known && known in { notYourSubject: 1, dueBeforeIssue: 1, fileRequired: 1 }) {
      return t(`homework.fieldErrors.${known}` as never);
    }
    if (message === 'The due date must not be before the issue date.') return t('homework.fieldErrors.dueBeforeIssue');
    if (message === 'Choose a file to upload.') return t('homework.fieldErrors.fileRequired');
    if (lang === 'en') return message;
    if (/required/.test(message)) return t('homework.fieldErrors.required');
    if (/at most/.test(message) && field !== 'file') return t('homework.fieldErrors.tooLong');
    return t('homework.fieldErrors.invalid');
  };
}

/** Shows a machine's success once per message, in the user's language. */
export function useFeedbackToast(feedback: Feedback | null) {
  const toast = useToast();
  const { t } = useI18n();
  const shown = useRef(0);
  useEffect(() => {
    if (!feedback || feedback.seq === shown.current) return;
    shown.current = feedback.seq;
    const name = feedback.code.startsWith('homework.') ? feedback.code.slice('homework.'.length) : '';
    const key = `homework.success.${name}`;
    const text = t(key as never);
    toast.show(text && text !== key ? text : feedback.text, 'success');
  }, [feedback, toast, t]);
}

export function FileField({
  label,
  hint,
  file,
  error,
  required,
  disabled,
  onFile,
}: {
  label: string;
  hint: string;
  file: File | null;
  error: string | null;
  required?: boolean;
  disabled?: boolean;
  onFile: (file: File | null) => void;
}) {
  const ids = useFieldIds(error, hint);
  const { t, lang } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  // A form reset (after saving) clears the chosen file; the input must show it too.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);
  const tooBig =
    file && file.size > MAX_UPLOAD_MB * 1024 * 1024 ? t('homework.fileTooBig', { mb: MAX_UPLOAD_MB }) : null;
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error ?? tooBig} className="sm:col-span-2">
      <input
        ref={input}
        id={ids.id}
        name="file"
        type="file"
        required={required}
        disabled={disabled}
        accept=".pdf,.png,.jpg,.jpeg,.webp,.gif,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt"
        aria-invalid={error || tooBig ? true : undefined}
        aria-describedby={ids.describedBy}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm file:mr-3 file:min-h-9 file:rounded file:border-0 file:bg-indigo-50 file:px-3 file:font-semibold file:text-indigo-700"
      />
      {file ? (
        <p className="mt-1 break-all text-xs text-slate-600">
          {t('homework.chosenFile', { name: file.name, size: fileSize(file.size, lang) })}
        </p>
      ) : null}
    </FieldFrame>
  );
}

export function UploadBar({ progress }: { progress: UploadProgress | null }) {
  const { t, lang } = useI18n();
  if (!progress) return null;
  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : null;
  return (
    <div className="sm:col-span-2" aria-live="polite">
      <p className="text-sm text-slate-700">
        {percent === null
          ? t('homework.uploadingNoSize')
          : t('homework.uploading', { percent: formatNumber(percent, lang) })}
      </p>
      <progress
        className="mt-1 h-2 w-full"
        aria-label={t('homework.uploadProgress')}
        max={100}
        value={percent ?? undefined}
      />
    </div>
  );
}

/** Fetches a protected file with the session's token and saves it. */
export function DownloadButton({ url, name }: { url: string; name: string }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      aria-label={t('homework.downloadNamed', { name })}
      className="inline-flex min-h-11 items-center rounded text-sm font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900 disabled:text-slate-400"
      onClick={async () => {
        setBusy(true);
        try {
          await downloadFile(url, name);
        } catch (err) {
          toast.show(errorText(err), 'error');
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? t('homework.downloading') : t('homework.download')}
    </button>
  );
}
