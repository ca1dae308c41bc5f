/**
 * The school's staff day, set by its admin (docs/DOMAIN.md, "Staff attendance, leave and
 * substitutes"): when check-in opens, the late mark, when the day ends, and the yearly leave
 * allowance of each type (GET and PUT /api/staff/settings). The same order rules as the server's
 * (src/api/schemas/staff.ts): said under the field before anything is sent; the server's own
 * refusals of a field are shown under it too.
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/client';
import { LEAVE_TYPES, type LeaveType, type StaffSettings } from '@/api/schemas/staff';
import { saveStaffSettings, staffKeys, staffSettingsQuery } from '@/api/staff';
import { useErrorText } from '@/i18n/errors';
import { latinDigits, localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Card } from '@/ui/page';
import { useToast } from '@/ui/toast';

interface Draft {
  check_in_from: string;
  late_after: string;
  check_out_until: string;
  allowances: Record<LeaveType, string>;
}

const hhmm = (t: string) => t.slice(0, 5);

export function draftOf(s: StaffSettings, lang: 'en' | 'bn'): Draft {
  return {
    check_in_from: hhmm(s.check_in_from),
    late_after: hhmm(s.late_after),
    check_out_until: hhmm(s.check_out_until),
    allowances: Object.fromEntries(LEAVE_TYPES.map((k) => [k, localDigits(String(s.allowances[k]), lang)])) as Record<
      LeaveType,
      string
    >,
  };
}

type Field = 'check_in_from' | 'late_after' | 'check_out_until' | `allowances.${LeaveType}`;

/** What is wrong with a draft, by field, in the user's words (empty when it can be sent). */
export function draftProblems(d: Draft, t: ReturnType<typeof useI18n>['t']): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const k of ['check_in_from', 'late_after', 'check_out_until'] as const)
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(d[k])) out[k] = t('staff.settings.enterTime');
  if (!out.check_in_from && !out.late_after && d.late_after < d.check_in_from)
    out.late_after = t('staff.settings.lateBeforeOpen');
  if (!out.late_after && !out.check_out_until && d.check_out_until <= d.late_after)
    out.check_out_until = t('staff.settings.endBeforeLate');
  for (const k of LEAVE_TYPES) {
    const v = latinDigits(d.allowances[k]).trim();
    if (!/^\d{1,3}$/.test(v) || Number(v) > 366) out[`allowances.${k}`] = t('staff.settings.enterDays');
  }
  return out;
}

export function StaffSettingsCard({ schoolId }: { schoolId: number | undefined }) {
  const { t, lang } = useI18n();
  const settings = useQuery(staffSettingsQuery({ school_info_id: schoolId }));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [shown, setShown] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (settings.data) setDraft(draftOf(settings.data, lang));
  }, [settings.data, lang]);
  const save = useMutation({
    mutationFn: (d: Draft) =>
      saveStaffSettings({
        school_info_id: schoolId,
        check_in_from: d.check_in_from,
        late_after: d.late_after,
        check_out_until: d.check_out_until,
        allowances: Object.fromEntries(
          LEAVE_TYPES.map((k) => [k, Number(latinDigits(d.allowances[k]).trim())]),
        ) as Record<LeaveType, number>,
      }),
    onSuccess: (saved) => {
      setServerFields({});
      setShown(false);
      queryClient.setQueryData(staffKeys.settings({ school_info_id: schoolId }), saved);
      void queryClient.invalidateQueries({ queryKey: staffKeys.all });
      toast.show(t('staff.success.settings_saved'), 'success');
    },
    onError: (error) => {
      setServerFields(error instanceof ApiError && error.fields ? error.fields : {});
      toast.show(errorText(error), 'error');
    },
  });
  if (settings.isError) return <Alert tone="error">{t('staff.failed')}</Alert>;
  if (!draft) return <Card title={t('staff.settings.title')}>{t('staff.loading')}</Card>;
  const problems = draftProblems(draft, t);
  const errorOf = (f: Field) => (shown ? problems[f] : undefined) ?? serverFields[f] ?? null;
  const edit = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  return (
    <Card title={t('staff.settings.title')}>
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setShown(true);
          if (!Object.keys(problems).length) save.mutate(draft);
        }}
      >
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-2 font-semibold text-slate-900">{t('staff.settings.day')}</legend>
          <TextField
            label={t('staff.settings.checkInFrom')}
            type="time"
            value={draft.check_in_from}
            error={errorOf('check_in_from')}
            onChange={(e) => edit({ check_in_from: e.target.value })}
          />
          <TextField
            label={t('staff.settings.lateAfter')}
            type="time"
            value={draft.late_after}
            error={errorOf('late_after')}
            onChange={(e) => edit({ late_after: e.target.value })}
          />
          <TextField
            label={t('staff.settings.checkOutUntil')}
            type="time"
            value={draft.check_out_until}
            error={errorOf('check_out_until')}
            onChange={(e) => edit({ check_out_until: e.target.value })}
          />
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-4">
          <legend className="mb-2 font-semibold text-slate-900">{t('staff.settings.allowances')}</legend>
          {LEAVE_TYPES.map((k) => (
            <TextField
              key={k}
              label={t('staff.settings.allowanceOf', { type: t(`leave.types.${k}`) })}
              inputMode="numeric"
              value={draft.allowances[k]}
              error={errorOf(`allowances.${k}`)}
              onChange={(e) => edit({ allowances: { ...draft.allowances, [k]: e.target.value } })}
            />
          ))}
        </fieldset>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('staff.day.saving') : t('staff.settings.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
