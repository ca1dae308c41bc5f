/**
 * The staff's day for the school admin and a viewer (docs/DOMAIN.md, "Staff attendance, leave and
 * substitutes"): present, late, absent and on leave for a date, the admin's marks, the month's
 * staff register printed as the school keeps it (a PDF), the school's staff day (check-in window,
 * late mark, leave allowances: staff-settings.tsx), and the admin's notices to staff (asked first:
 * they reach many people).
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STAFF_MARKS } from '@/api/schemas/staff';
import { schoolToday } from '@/api/school-time';
import {
  downloadStaffRegisterPdf,
  markStaffDay,
  sendStaffNotice,
  staffDayQuery,
  staffKeys,
  staffNoticesQuery,
} from '@/api/staff';
import { can } from '@/api/permissions';
import { useErrorText } from '@/i18n/errors';
import { formatDate, localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { DateField } from '@/ui/date-field';
import { TextField } from '@/ui/field';
import { SelectField } from '@/ui/select';
import { useDownload } from '@/ui/use-download';
import { StaffSettingsCard } from './staff-settings';
import { Card, PageHeader } from '@/ui/page';
import { useSession } from '@/ui/session';
import { cell, DataTable } from '@/ui/table';
import { useToast } from '@/ui/toast';

type Mark = (typeof STAFF_MARKS)[number];

/** The twelve months up to the school's today's, newest first, as YYYY-MM. */
export function lastMonths(today: string, n = 12): string[] {
  const [y, m] = today.split('-').map(Number);
  return Array.from({ length: n }, (_, i) => {
    const k = y * 12 + (m - 1) - i;
    return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
  });
}

/** The month's staff register as a PDF, in the reader's language (GET /api/staff/register/pdf). */
function RegisterCard({ schoolId }: { schoolId: number | undefined }) {
  const { t, lang } = useI18n();
  const months = lastMonths(schoolToday());
  const [month, setMonth] = useState(months[0]);
  const pdf = useDownload();
  return (
    <Card title={t('staff.day.register')}>
      <p className="mb-3 text-sm text-slate-600">{t('staff.registerPdf.hint')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t('staff.day.month')}
          value={month}
          onChange={(v) => v && setMonth(v)}
          options={months.map((m) => ({ value: m, label: formatDate(`${m}-01`, 'LLLL yyyy', lang) }))}
        />
        <Button
          variant="secondary"
          disabled={pdf.busy}
          onClick={() => void pdf.run(() => downloadStaffRegisterPdf({ month, school_info_id: schoolId, lang }))}
        >
          {pdf.busy ? t('staff.registerPdf.downloading') : t('staff.registerPdf.download')}
        </Button>
      </div>
      {pdf.error ? (
        <Alert tone="error" className="mt-3">
          {pdf.error}
        </Alert>
      ) : null}
    </Card>
  );
}

function NoticeForm({ teachers }: { teachers: { id: number; name: string }[] }) {
  const { t, lang } = useI18n();
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [headline, setHeadline] = useState('');
  const [description, setDescription] = useState('');
  const [all, setAll] = useState(true);
  const [chosen, setChosen] = useState<number[]>([]);
  const [asking, setAsking] = useState(false);
  const list = useQuery(staffNoticesQuery({}));
  const send = useMutation({
    mutationFn: () =>
      sendStaffNotice({ headline, description, all_teachers: all, teacher_ids: all ? undefined : chosen }),
    onSuccess: () => {
      toast.show(t('staff.notices.send'), 'success');
      setHeadline('');
      setDescription('');
      setChosen([]);
      setAsking(false);
      void queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
    onError: (error) => {
      setAsking(false);
      toast.show(errorText(error), 'error');
    },
  });
  return (
    <Card title={t('staff.notices.title')}>
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (headline.trim() && (all || chosen.length)) setAsking(true);
        }}
      >
        <TextField
          label={t('staff.notices.headline')}
          value={headline}
          required
          maxLength={200}
          onChange={(e) => setHeadline(e.target.value)}
        />
        <TextField
          label={t('staff.notices.description')}
          value={description}
          maxLength={5000}
          onChange={(e) => setDescription(e.target.value)}
        />
        <fieldset className="flex flex-wrap gap-4">
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name="audience" checked={all} onChange={() => setAll(true)} />
            {t('staff.notices.allTeachers')}
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name="audience" checked={!all} onChange={() => setAll(false)} />
            {t('staff.notices.chosen')}
          </label>
        </fieldset>
        {!all ? (
          <div className="grid gap-1 sm:grid-cols-3">
            {teachers.map((tc) => (
              <label key={tc.id} className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  checked={chosen.includes(tc.id)}
                  onChange={(e) => setChosen(e.target.checked ? [...chosen, tc.id] : chosen.filter((c) => c !== tc.id))}
                />
                {tc.name}
              </label>
            ))}
          </div>
        ) : null}
        <div>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? t('staff.notices.sending') : t('staff.notices.send')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={asking}
        title={
          all
            ? t('staff.notices.confirmAll')
            : t('staff.notices.confirm', { n: localDigits(String(chosen.length), lang) })
        }
        confirmLabel={t('staff.notices.send')}
        cancelLabel={t('staff.notices.cancel')}
        busy={send.isPending}
        onConfirm={() => send.mutate()}
        onCancel={() => setAsking(false)}
      />
      <ul className="mt-4 space-y-2">
        {(list.data?.rows ?? []).map((n) => (
          <li key={n.id} className="text-sm">
            <span className="font-semibold">{n.headline}</span> · {localDigits(n.publishing_date, lang)}
          </li>
        ))}
      </ul>
    </Card>
  );
}

export default function StaffAttendanceScreen() {
  const { t, lang } = useI18n();
  const userType = useSession((s) => s.context.userType);
  const mayMark = can(userType, 'staff.mark');
  const schoolId = useSession((s) => s.context.school?.id ?? undefined);
  const [date, setDate] = useState(() => schoolToday());
  const day = useQuery(staffDayQuery({ date, school_info_id: schoolId, limit: 500 }));
  const [marks, setMarks] = useState<Record<number, Mark>>({});
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      markStaffDay({ date, marks: Object.entries(marks).map(([id, status]) => ({ teacher_id: Number(id), status })) }),
    onSuccess: () => {
      toast.show(t('staff.success.marked'), 'success');
      setMarks({});
      void queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
    onError: (error) => toast.show(errorText(error), 'error'),
  });
  const digits = (s: string | number) => localDigits(String(s), lang);
  const d = day.data;
  return (
    <>
      <PageHeader title={t('staff.day.title')} />
      <div className="grid gap-4">
        <Card>
          <DateField label={t('staff.day.date')} value={date} max={schoolToday()} onChange={(v) => v && setDate(v)} />
          {day.isError ? <Alert tone="error">{t('staff.failed')}</Alert> : null}
          {d ? (
            <>
              <p className="my-3 font-semibold" aria-live="polite">
                {t('staff.day.counts', {
                  present: digits(d.counts.present),
                  late: digits(d.counts.late),
                  absent: digits(d.counts.absent),
                  leave: digits(d.counts.leave),
                })}
              </p>
              {!d.school_day ? <Alert tone="info">{t('staff.day.closed')}</Alert> : null}
              {d.rows.length ? (
                <DataTable
                  caption={t('staff.day.title')}
                  cards
                  minWidth="24rem"
                  head={[
                    t('staff.day.teacher'),
                    t('staff.day.status'),
                    t('staff.day.checkIn'),
                    ...(mayMark ? [t('staff.day.mark')] : []),
                  ]}
                >
                  {d.rows.map((r) => (
                    <tr key={r.teacher_id}>
                      <td className={cell}>
                        {r.full_name} ({r.initial})
                      </td>
                      <td className={cell}>{t(`staff.status.${r.status}`)}</td>
                      <td className={cell}>
                        {r.check_in_at
                          ? digits(
                              new Date(r.check_in_at).toLocaleTimeString('en-GB', {
                                hour: '2-digit',
                                minute: '2-digit',
                                timeZone: 'Asia/Dhaka',
                              }),
                            )
                          : ''}
                      </td>
                      {mayMark ? (
                        <td className={cell}>
                          <select
                            aria-label={`${t('staff.day.mark')}: ${r.full_name}`}
                            className="min-h-11 rounded-md border border-slate-300 px-2"
                            value={marks[r.teacher_id] ?? ''}
                            disabled={r.status === 'leave' || !d.school_day}
                            onChange={(e) => {
                              const v = e.target.value as Mark | '';
                              const { [r.teacher_id]: _old, ...rest } = marks;
                              setMarks(v ? { ...rest, [r.teacher_id]: v } : rest);
                            }}
                          >
                            <option value="">—</option>
                            {STAFF_MARKS.map((m) => (
                              <option key={m} value={m}>
                                {t(`staff.status.${m}`)}
                              </option>
                            ))}
                          </select>
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </DataTable>
              ) : (
                <p>{t('staff.day.empty')}</p>
              )}
              {mayMark ? (
                <Button
                  className="mt-3"
                  disabled={!Object.keys(marks).length || save.isPending}
                  onClick={() => save.mutate()}
                >
                  {save.isPending ? t('staff.day.saving') : t('staff.day.save')}
                </Button>
              ) : null}
            </>
          ) : (
            <p>{t('staff.loading')}</p>
          )}
        </Card>
        <RegisterCard schoolId={schoolId} />
        {can(userType, 'staff.settings') ? <StaffSettingsCard schoolId={schoolId} /> : null}
        {mayMark && d ? (
          <NoticeForm teachers={d.rows.map((r) => ({ id: r.teacher_id, name: `${r.full_name} (${r.initial})` }))} />
        ) : null}
      </div>
    </>
  );
}
