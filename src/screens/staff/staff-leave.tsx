/**
 * The school admin's leave requests (docs/DOMAIN.md, "Staff attendance, leave and substitutes"):
 * pending first, approve or refuse with a note, asked first (leave.machine.ts).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LEAVE_STATUSES, type LeaveStatus } from '@/api/schemas/staff';
import { leaveListQuery, staffKeys } from '@/api/staff';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { leaveDecisionMachine } from '@/machines/leave.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { SelectField } from '@/ui/select';
import { cell, DataTable } from '@/ui/table';
import { useFlow } from '@/ui/use-flow';
import { useFlowToasts } from './feedback';

export default function StaffLeaveScreen() {
  const { t, lang } = useI18n();
  const [status, setStatus] = useState<LeaveStatus | 'all'>('pending');
  const list = useQuery(leaveListQuery({ status, limit: 200 }));
  const [state, send] = useFlow(leaveDecisionMachine, { invalidates: [staffKeys.all], on: 'saved' });
  const { pending, note, feedback, error } = state.context;
  useFlowToasts(feedback, error);
  const digits = (s: string | number) => localDigits(String(s), lang);
  return (
    <>
      <PageHeader title={t('leave.list.title')} />
      <Card>
        <SelectField
          label={t('leave.list.filter')}
          value={status}
          onChange={(v) => setStatus(v as LeaveStatus | 'all')}
          options={[...LEAVE_STATUSES, 'all' as const].map((s) => ({ value: s, label: t(`leave.statuses.${s}`) }))}
        />
        {list.isError ? <Alert tone="error">{t('staff.failed')}</Alert> : null}
        {list.data && list.data.rows.length ? (
          <DataTable
            caption={t('leave.list.title')}
            cards
            minWidth="30rem"
            head={[
              t('leave.list.teacher'),
              t('leave.form.type'),
              t('leave.list.dates'),
              t('leave.form.reason'),
              t('leave.list.status'),
            ]}
          >
            {list.data.rows.map((r) => (
              <tr key={r.id}>
                <td className={cell}>
                  {r.full_name} ({r.initial})
                </td>
                <td className={cell}>{t(`leave.types.${r.leave_type}`)}</td>
                <td className={cell}>
                  {digits(r.start_date === r.end_date ? r.start_date : `${r.start_date} – ${r.end_date}`)} (
                  {digits(r.days)})
                </td>
                <td className={cell}>{r.reason}</td>
                <td className={cell}>
                  {r.status === 'pending' ? (
                    <div className="flex flex-wrap gap-2">
                      <Button
                        disabled={!state.can({ type: 'leave.approve', id: r.id, name: r.full_name, days: r.days })}
                        onClick={() => send({ type: 'leave.approve', id: r.id, name: r.full_name, days: r.days })}
                      >
                        {t('leave.list.approve')}
                      </Button>
                      <Button
                        variant="secondary"
                        onClick={() => send({ type: 'leave.refuse', id: r.id, name: r.full_name, days: r.days })}
                      >
                        {t('leave.list.refuse')}
                      </Button>
                    </div>
                  ) : (
                    <>
                      {t(`leave.statuses.${r.status}`)}
                      {r.note ? ` · ${r.note}` : ''}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        ) : (
          <p className="mt-3">{list.isPending ? t('staff.loading') : t('leave.list.empty')}</p>
        )}
      </Card>
      <ConfirmDialog
        open={state.hasTag('confirm')}
        title={
          pending?.status === 'approved'
            ? t('leave.list.confirmApprove', { name: pending.name, days: digits(pending.days) })
            : t('leave.list.confirmRefuse', { name: pending?.name ?? '' })
        }
        confirmLabel={t('leave.list.confirm')}
        cancelLabel={t('leave.list.cancel')}
        tone={pending?.status === 'refused' ? 'danger' : 'default'}
        busy={state.hasTag('busy')}
        onConfirm={() => send({ type: 'leave.confirm' })}
        onCancel={() => send({ type: 'leave.cancel' })}
      >
        <TextField
          label={t('leave.list.note')}
          value={note}
          maxLength={500}
          onChange={(e) => send({ type: 'leave.note', note: e.target.value })}
        />
      </ConfirmDialog>
    </>
  );
}
