/**
 * "Working week" on /schoolprofile: the days the school is closed every week (README, "Demo
 * accounts": the demo's are Friday and Saturday), which its admin sets. A school with Saturday
 * classes (private schools, madrasahs) unticks Saturday; on an off day the teacher's attendance
 * screen says the school is closed and offers no roll, and the routine refuses a period. A day
 * that has periods in this session's routines cannot become an off day: the server's refusal is
 * shown naming the day and how many periods, in the user's language.
 */
import { useState, type FormEvent } from 'react';
import { Info } from 'luxon';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newIdempotencyKey } from '@/api/client';
import { setupKeys, updateWeeklyOffDays } from '@/api/school-setup';
import type { SchoolDetailRow } from '@/api/schemas/lookups';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Card } from '@/ui/page';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useErrorText } from '@/i18n/errors';
import { formatNumber } from '@/i18n/format';
import { useI18n, type Language } from '@/i18n/i18n';

/** Day ids as the server speaks them: 1 = Sunday ... 7 = Saturday. */
const DAY_IDS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The day's name in the language (luxon lists Monday first: day id 2 is index 0, 1 is index 6). */
export function dayNameOf(dayId: number, lang: Language): string {
  return Info.weekdays('long', { locale: lang })[(dayId + 5) % 7] ?? '';
}

const sameDays = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

interface OffDayRefusal {
  code: string;
  params?: { day_id?: number; periods?: number };
}

export function WeeklyOffCard({ school }: { school: SchoolDetailRow }) {
  const { t, lang } = useI18n();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<readonly number[]>(school.weekly_off_days);
  const [off, setOff] = useState<readonly number[]>(school.weekly_off_days);
  const [key, setKey] = useState(newIdempotencyKey);
  const dirty = !sameDays(off, saved);
  useUnsavedChanges(dirty, t('school_setup.form.unsaved'));
  const save = useMutation({
    mutationFn: (days: number[]) => updateWeeklyOffDays(school.id, { weekly_off_days: days }, { idempotencyKey: key }),
    onSuccess: (row) => {
      setSaved(row.weekly_off_days);
      setOff(row.weekly_off_days);
      setKey(newIdempotencyKey());
      void queryClient.invalidateQueries({ queryKey: setupKeys.schools });
    },
  });
  const allClosed = off.length >= DAY_IDS.length;
  const toggle = (dayId: number) => {
    save.reset();
    setKey(newIdempotencyKey());
    setOff((days) => (days.includes(dayId) ? days.filter((d) => d !== dayId) : [...days, dayId]));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!allClosed) save.mutate([...off].sort((a, b) => a - b));
  };
  const refusal = save.error as OffDayRefusal | null;
  const named = refusal?.code === 'school_setup.off_day_has_periods' ? refusal.params : undefined;
  const errorMessage =
    named?.day_id && named.periods
      ? t('school_setup.week.hasPeriods', {
          count: named.periods,
          periods: formatNumber(named.periods, lang),
          day: dayNameOf(named.day_id, lang),
        })
      : save.error
        ? errorText(save.error)
        : null;
  const offNames = [...saved].sort((a, b) => a - b).map((d) => dayNameOf(d, lang));
  return (
    <Card title={t('school_setup.week.title')} className="mt-4">
      <p className="mb-3 text-sm text-slate-700">{t('school_setup.week.intro')}</p>
      <p className="mb-3 text-sm font-medium text-slate-900" data-testid="weekly-off-now">
        {offNames.length ? t('school_setup.week.offDays', { days: offNames.join(', ') }) : t('school_setup.week.none')}
      </p>
      {save.isSuccess && !dirty ? (
        <Alert tone="success" className="mb-3">
          {t('school_setup.week.saved')}
        </Alert>
      ) : null}
      {errorMessage ? (
        <Alert tone="error" className="mb-3">
          {errorMessage}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-900">{t('school_setup.week.legend')}</legend>
          <div className="flex flex-wrap gap-x-5">
            {DAY_IDS.map((dayId) => (
              <label key={dayId} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="h-5 w-5"
                  checked={off.includes(dayId)}
                  disabled={save.isPending}
                  onChange={() => toggle(dayId)}
                />
                {dayNameOf(dayId, lang)}
              </label>
            ))}
          </div>
        </fieldset>
        {allClosed ? (
          <p className="mt-2 text-sm text-red-800" role="alert">
            {t('school_setup.week.allClosed')}
          </p>
        ) : null}
        <Button
          type="submit"
          className="mt-3"
          disabled={save.isPending || !dirty || allClosed}
          aria-busy={save.isPending || undefined}
        >
          {save.isPending ? t('school_setup.week.saving') : t('school_setup.week.save')}
        </Button>
      </form>
    </Card>
  );
}
