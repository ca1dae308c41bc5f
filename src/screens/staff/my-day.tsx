/**
 * The teacher's own day (docs/DOMAIN.md, "Staff attendance, leave and substitutes"): check in and
 * out within the school's window, ask for leave (the balance beside it), their requests, and the
 * office's notices to staff. Phone-first: one column, 44 px targets.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LEAVE_TYPES } from '@/api/schemas/staff';
import {
  checkIn,
  checkOut,
  leaveBalanceQuery,
  leaveListQuery,
  myStaffDayQuery,
  staffKeys,
  staffNoticesQuery,
} from '@/api/staff';
import { useErrorText } from '@/i18n/errors';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { leaveRequestMachine } from '@/machines/leave.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { DateField } from '@/ui/date-field';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { SelectField } from '@/ui/select';
import { cell, DataTable } from '@/ui/table';
import { useToast } from '@/ui/toast';
import { useFlow } from '@/ui/use-flow';
import { useFlowToasts } from './feedback';

const timeOf = (iso: string | null) =>
  iso ? new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Dhaka' }) : '';

function CheckCard() {
  const { t, lang } = useI18n();
  const day = useQuery(myStaffDayQuery());
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const press = useMutation({
    mutationFn: (which: 'in' | 'out') => (which === 'in' ? checkIn() : checkOut()),
    onMutate: () => setBusy(true),
    onSettled: () => setBusy(false),
    onSuccess: (res) => {
      toast.show(
        t(res.code === 'staff.checked_in' ? 'staff.success.checked_in' : 'staff.success.checked_out'),
        'success',
      );
      void queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
    onError: (error) => toast.show(errorText(error), 'error'),
  });
  if (day.isPending) return <Card title={t('staff.me.title')}>{t('staff.loading')}</Card>;
  if (day.isError) return <Alert tone="error">{t('staff.failed')}</Alert>;
  const d = day.data;
  const digits = (s: string) => localDigits(s, lang);
  return (
    <Card title={t('staff.me.title')}>
      <p className="text-slate-700">{t('staff.me.today', { status: t(`staff.status.${d.status}`) })}</p>
      {d.school_day ? (
        <p className="text-sm text-slate-600">
          {t('staff.me.window', {
            from: digits(d.check_in_from.slice(0, 5)),
            late: digits(d.late_after.slice(0, 5)),
            until: digits(d.check_out_until.slice(0, 5)),
          })}
        </p>
      ) : (
        <p className="text-sm text-slate-600">{t('staff.me.closed')}</p>
      )}
      {d.check_in_at ? (
        <p className="text-sm">{t('staff.me.checkedIn', { time: digits(timeOf(d.check_in_at)) })}</p>
      ) : null}
      {d.check_out_at ? (
        <p className="text-sm">{t('staff.me.checkedOut', { time: digits(timeOf(d.check_out_at)) })}</p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button disabled={!d.can_check_in || busy} onClick={() => press.mutate('in')}>
          {t('staff.me.checkIn')}
        </Button>
        <Button variant="secondary" disabled={!d.can_check_out || busy} onClick={() => press.mutate('out')}>
          {t('staff.me.checkOut')}
        </Button>
      </div>
    </Card>
  );
}

function LeaveCard() {
  const { t, lang } = useI18n();
  const [state, send] = useFlow(leaveRequestMachine, { invalidates: [staffKeys.all], on: 'saved' });
  const { form, feedback, error } = state.context;
  useFlowToasts(feedback, error);
  const balance = useQuery(leaveBalanceQuery());
  const mine = useQuery(leaveListQuery({ status: 'all' }));
  const busy = state.hasTag('busy');
  const digits = (n: number | string) => localDigits(String(n), lang);
  return (
    <Card title={t('leave.form.title')}>
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'leave.submit' });
        }}
      >
        <SelectField
          label={t('leave.form.type')}
          value={form.leave_type}
          onChange={(v) => send({ type: 'leave.edit', patch: { leave_type: v as (typeof LEAVE_TYPES)[number] } })}
          options={LEAVE_TYPES.map((type) => ({ value: type, label: t(`leave.types.${type}`) }))}
        />
        <DateField
          label={t('leave.form.start')}
          value={form.start_date}
          required
          onChange={(v) => send({ type: 'leave.edit', patch: { start_date: v } })}
        />
        <DateField
          label={t('leave.form.end')}
          value={form.end_date}
          min={form.start_date || undefined}
          onChange={(v) => send({ type: 'leave.edit', patch: { end_date: v } })}
        />
        <TextField
          label={t('leave.form.reason')}
          name="reason"
          value={form.reason}
          required
          maxLength={500}
          onChange={(e) => send({ type: 'leave.edit', patch: { reason: e.target.value } })}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {busy ? t('leave.form.submitting') : t('leave.form.submit')}
          </Button>
        </div>
      </form>
      {balance.data ? (
        <div className="mt-4">
          <DataTable
            caption={t('leave.balance.title')}
            captionHidden={false}
            minWidth="20rem"
            head={[
              t('leave.form.type'),
              t('leave.balance.allowance'),
              t('leave.balance.taken'),
              t('leave.balance.pending'),
              t('leave.balance.remaining'),
            ]}
          >
            {balance.data.types.map((b) => (
              <tr key={b.leave_type}>
                <td className={cell}>{t(`leave.types.${b.leave_type}`)}</td>
                <td className={cell}>{digits(b.allowance)}</td>
                <td className={cell}>{digits(b.taken)}</td>
                <td className={cell}>{digits(b.pending)}</td>
                <td className={cell}>{digits(b.remaining)}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      ) : null}
      <div className="mt-4">
        {mine.data && mine.data.rows.length ? (
          <DataTable
            caption={t('leave.list.mine')}
            captionHidden={false}
            minWidth="20rem"
            cards
            head={[t('leave.form.type'), t('leave.list.dates'), t('leave.list.days'), t('leave.list.status')]}
          >
            {mine.data.rows.map((r) => (
              <tr key={r.id}>
                <td className={cell}>{t(`leave.types.${r.leave_type}`)}</td>
                <td className={cell}>
                  {digits(r.start_date === r.end_date ? r.start_date : `${r.start_date} – ${r.end_date}`)}
                </td>
                <td className={cell}>{digits(r.days)}</td>
                <td className={cell}>
                  {t(`leave.statuses.${r.status}`)}
                  {r.note ? ` · ${r.note}` : ''}
                </td>
              </tr>
            ))}
          </DataTable>
        ) : (
          <p className="text-sm text-slate-600">{t('leave.list.empty')}</p>
        )}
      </div>
    </Card>
  );
}

function NoticesCard() {
  const { t, lang } = useI18n();
  const notices = useQuery(staffNoticesQuery({}));
  return (
    <Card title={t('staff.notices.mine')}>
      {notices.data && notices.data.rows.length ? (
        <ul className="space-y-3">
          {notices.data.rows.map((n) => (
            <li key={n.id}>
              <p className="font-semibold">{n.headline}</p>
              <p className="text-sm text-slate-600">{localDigits(n.publishing_date, lang)}</p>
              {n.description ? <p className="whitespace-pre-line text-sm">{n.description}</p> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{notices.isPending ? t('staff.loading') : t('staff.notices.empty')}</p>
      )}
    </Card>
  );
}

export default function MyDayScreen() {
  const { t } = useI18n();
  return (
    <>
      <PageHeader title={t('staff.me.title')} />
      <div className="grid gap-4">
        <CheckCard />
        <LeaveCard />
        <NoticesCard />
      </div>
    </>
  );
}
