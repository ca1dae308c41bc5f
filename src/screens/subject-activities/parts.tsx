/**
 * Pieces the subject activity screens share (docs/DOMAIN.md, "Exams and grades"): times in the
 * user's language, the activity's state badge, the field errors in the user's language and the
 * success toast from a machine's feedback. The file chooser, upload bar and download button are
 * homework's (../homework/parts.tsx).
 */
import { useEffect, useRef } from 'react';
import { DateTime } from 'luxon';
import { SUBJECT_ACTIVITY_FIELD_MESSAGES, type SubjectActivityState } from '@/api/schemas/subject-activities';
import { formatDateTime, formatNumber } from '@/i18n/format';
import { useI18n, type Language } from '@/i18n/i18n';
import { useToast } from '@/ui/toast';
import type { Feedback } from '@/machines/shared/feedback';

/** An instant (ISO) as the school's date and time (Asia/Dhaka, docs/DOMAIN.md "Calendar and time"). */
export function activityTime(iso: string, lang: Language): string {
  const dt = DateTime.fromISO(iso);
  return dt.isValid
    ? formatDateTime(dt.setZone('Asia/Dhaka'), lang === 'bn' ? 'd MMMM yyyy, h:mm a' : 'dd-LL-yyyy HH:mm', lang)
    : iso;
}

/** A mark (up to two decimals) in the user's digits. */
export const markText = (mark: number, lang: Language) => formatNumber(mark, lang);

export function StateBadge({ state }: { state: SubjectActivityState }) {
  const { t } = useI18n();
  const tone =
    state === 'open'
      ? 'bg-emerald-100 text-emerald-900'
      : state === 'closed'
        ? 'bg-slate-200 text-slate-800'
        : 'bg-amber-100 text-amber-900';
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>
      {t(`subject_activities.state.${state}`)}
    </span>
  );
}

const KNOWN = Object.entries(SUBJECT_ACTIVITY_FIELD_MESSAGES) as [string, string][];
const WORDED = ['notYourSubject', 'dueBeforeStart', 'answerRequired', 'markAboveFull'];

/** A field's error in the user's language: the known server texts by name, else a generic one. */
export function useActivityFieldError() {
  const { t, lang } = useI18n();
  return (field: string, message: string | undefined | null): string | null => {
    if (!message) return null;
    const known = KNOWN.find(([, text]) => message.startsWith(text))?.[0];
    if (known && WORDED.includes(known)) return t(`subject_activities.fieldErrors.${known}` as never);
    if (lang === 'en') return message;
    if (/required/.test(message)) return t('subject_activities.fieldErrors.required');
    if (/at most .* characters/.test(message)) return t('subject_activities.fieldErrors.tooLong');
    return t('subject_activities.fieldErrors.invalid');
  };
}

/** Shows a machine's success once per message, in the user's language. */
export function useActivityFeedbackToast(feedback: Feedback | null) {
  const toast = useToast();
  const { t } = useI18n();
  const shown = useRef(0);
  useEffect(() => {
    if (!feedback || feedback.seq === shown.current) return;
    shown.current = feedback.seq;
    const prefix = 'subject_activities.';
    const name = feedback.code.startsWith(prefix) ? feedback.code.slice(prefix.length) : '';
    const key = `subject_activities.success.${name}`;
    const text = t(key as never);
    toast.show(text && text !== key ? text : feedback.text, 'success');
  }, [feedback, toast, t]);
}
