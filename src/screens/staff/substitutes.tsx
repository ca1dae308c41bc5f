/**
 * Substitute teachers for a day (docs/DOMAIN.md, "Staff attendance, leave and substitutes"): each
 * period of an away teacher with the teachers free then (the subject's teachers first); choose one
 * and assign, asked first (substitution.machine.ts). The routine stays; the assignment is for the date.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { schoolToday } from '@/api/school-time';
import { staffKeys, substitutionNeededQuery } from '@/api/staff';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { substitutionMachine } from '@/machines/substitution.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { DateField } from '@/ui/date-field';
import { Card, PageHeader } from '@/ui/page';
import { SelectField } from '@/ui/select';
import { useFlow } from '@/ui/use-flow';
import { useFlowToasts } from './feedback';

export default function SubstitutesScreen() {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const [date, setDate] = useState(() => schoolToday());
  const needed = useQuery(substitutionNeededQuery({ date }));
  const [state, send] = useFlow(substitutionMachine, { invalidates: [staffKeys.all], on: 'saved' });
  const { choices, pending, feedback, error } = state.context;
  useFlowToasts(feedback, error);
  const digits = (s: string) => localDigits(s, lang);
  const rows = needed.data?.rows ?? [];
  return (
    <>
      <PageHeader title={t('substitution.title')} />
      <Card>
        <DateField label={t('substitution.date')} value={date} onChange={(v) => v && setDate(v)} />
        {needed.isError ? <Alert tone="error">{t('staff.failed')}</Alert> : null}
        {needed.data && !needed.data.school_day ? <Alert tone="info">{t('substitution.closed')}</Alert> : null}
        {needed.data && needed.data.school_day && !rows.length ? (
          <p className="mt-3">{t('substitution.empty')}</p>
        ) : null}
        {needed.isPending ? <p className="mt-3">{t('staff.loading')}</p> : null}
        <ul className="mt-4 grid gap-3">
          {rows.map((r) => {
            const chosen = choices[r.routine_id] ?? 0;
            const chosenName = r.free_teachers.find((f) => f.teacher_id === chosen)?.full_name ?? '';
            const periodName = `${digits(r.period_code)} · ${name('classes', r.class_name)} ${r.section_name} · ${name('subjects', r.subject_name)}`;
            return (
              <li key={r.routine_id} className="rounded-lg p-3 ring-1 ring-slate-200" data-routine={r.routine_id}>
                <p className="font-semibold">
                  {periodName} ({digits(r.start_time.slice(0, 5))}–{digits(r.end_time.slice(0, 5))})
                </p>
                <p className="text-sm text-slate-700">
                  {t('substitution.away')}: {r.full_name} ({r.initial}), {t(`substitution.reasons.${r.reason}`)}
                </p>
                {r.substitute ? (
                  <p className="text-sm font-semibold text-emerald-800">
                    {t('substitution.takenBy', { name: `${r.substitute.full_name} (${r.substitute.initial})` })}
                  </p>
                ) : null}
                {r.free_teachers.length ? (
                  <div className="mt-2 flex flex-wrap items-end gap-2">
                    <SelectField
                      label={t('substitution.free')}
                      placeholder={t('substitution.choose')}
                      value={chosen ? String(chosen) : ''}
                      onChange={(v) =>
                        send({ type: 'substitution.choose', routineId: r.routine_id, teacherId: Number(v) })
                      }
                      options={r.free_teachers.map((f) => ({
                        value: String(f.teacher_id),
                        label: `${f.full_name} (${f.initial})${f.teaches_subject ? ` ${t('substitution.teachesSubject', { subject: name('subjects', r.subject_name) })}` : ''}`,
                      }))}
                    />
                    <Button
                      disabled={!chosen || state.hasTag('busy')}
                      onClick={() =>
                        send({
                          type: 'substitution.assign',
                          routineId: r.routine_id,
                          date,
                          teacherId: chosen,
                          teacherName: chosenName,
                          periodName,
                        })
                      }
                    >
                      {t('substitution.assign')}
                    </Button>
                  </div>
                ) : (
                  <p className="text-sm">{t('substitution.noFree')}</p>
                )}
              </li>
            );
          })}
        </ul>
      </Card>
      <ConfirmDialog
        open={state.hasTag('confirm')}
        title={t('substitution.confirm', { name: pending?.teacherName ?? '', period: pending?.periodName ?? '' })}
        confirmLabel={t('substitution.ok')}
        cancelLabel={t('substitution.cancel')}
        busy={state.hasTag('busy')}
        onConfirm={() => send({ type: 'substitution.confirm' })}
        onCancel={() => send({ type: 'substitution.cancel' })}
      />
    </>
  );
}
