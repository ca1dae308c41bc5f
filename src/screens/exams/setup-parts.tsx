/**
 * Pieces the exam setup screens share: the server's exam codes in the user's language, marks and
 * dates as the language writes them, and a success toast shown once per machine feedback.
 */
import { useEffect, useRef } from 'react';
import { DateTime } from 'luxon';
import type { MarkValue } from '@/api/schemas/exams';
import { schoolTimeZone } from '@/api/session';
import { formatDate, formatDateTime, formatNumber } from '@/i18n/format';
import { useI18n, type Language } from '@/i18n/i18n';
import { useErrorText } from '@/i18n/errors';
import { useToast } from '@/ui/toast';

/**
 * An error in the user's language. The exam routes answer codes `exams.<name>`; in English the
 * server's own words (they name the section and subject) are the most precise, in Bangla the
 * catalogue's `examSetup.errors.<name>`, which also words the generic codes for these screens
 * (src/i18n/errors.ts).
 */
export function useExamErrorText(): (error: unknown) => string {
  return useErrorText('examSetup');
}

export function marksText(value: number, lang: Language): string {
  return formatNumber(value, lang, { maximumFractionDigits: 2 });
}

export function examDateText(iso: string | null, lang: Language): string | null {
  return iso ? formatDate(iso, lang === 'bn' ? 'd MMMM yyyy' : 'dd-MM-yyyy', lang) : null;
}

/** A timestamp as the school's date and time (the school's zone), whatever the device's zone. */
export function whenText(iso: string, lang: Language, zone: string = schoolTimeZone()): string {
  const dt = DateTime.fromISO(iso, { setZone: true });
  if (!dt.isValid) return iso;
  return formatDateTime(dt.setZone(zone), lang === 'bn' ? 'd MMMM yyyy, h:mm a' : 'dd-MM-yyyy HH:mm', lang);
}

/** A timestamp's day in the school's zone, as the exam dates are written. */
export function dayText(iso: string, lang: Language, zone: string = schoolTimeZone()): string {
  const dt = DateTime.fromISO(iso, { setZone: true });
  return dt.isValid ? (examDateText(dt.setZone(zone).toISODate(), lang) ?? iso) : iso;
}

export function useMarkText() {
  const { t, lang } = useI18n();
  return (mark: MarkValue) =>
    mark === null ? t('examSetup.audit.none') : mark === 'absent' ? t('examSetup.audit.absent') : marksText(mark, lang);
}

/** Shows `text()` as a success toast once per new `seq` (a machine's feedback counter). */
export function useSuccessToast(seq: number | undefined, text: () => string) {
  const toast = useToast();
  const shown = useRef(0);
  const latest = useRef(text);
  useEffect(() => {
    latest.current = text;
  });
  useEffect(() => {
    if (!seq || seq === shown.current) return;
    shown.current = seq;
    toast.show(latest.current(), 'success');
  }, [seq, toast]);
}

/** Shows an error toast once per new failure object. */
export function useErrorToast(error: unknown, text: (error: unknown) => string) {
  const toast = useToast();
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!error || error === shown.current) return;
    shown.current = error;
    toast.show(text(error), 'error');
  }, [error, toast, text]);
}
