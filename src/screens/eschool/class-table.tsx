/**
 * The online classes as a table (cards on a phone): when, subject, class and section, teacher,
 * duration, topic, status and the meeting link (only while a class is not cancelled or ended).
 * `actions` adds the manager's buttons per row.
 */
import type { ReactNode } from 'react';
import type { OnlineClassRow } from '@/api/schemas/eschool';
import { formatDate, formatNumber } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { DataTable, Td, linkStyle } from '@/ui/table';
import type { eschoolEn } from '@/i18n/areas/eschool.en';

const STATUS_TONE: Record<OnlineClassRow['status'], string> = {
  upcoming: 'bg-sky-100 text-sky-900',
  live: 'bg-emerald-100 text-emerald-900',
  ended: 'bg-slate-100 text-slate-700',
  cancelled: 'bg-red-100 text-red-900',
};

export function classWhen(r: OnlineClassRow, lang: 'en' | 'bn') {
  return formatDate(`${r.date}T${r.start_time}`, 'ccc d LLL yyyy, h:mm a', lang);
}

export function OnlineClassTable({
  rows,
  showTeacher = true,
  actions,
}: {
  rows: OnlineClassRow[];
  showTeacher?: boolean;
  actions?: (r: OnlineClassRow) => ReactNode;
}) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const c = (k: keyof typeof eschoolEn.eschool.cols) => t(`eschoolArea.eschool.cols.${k}`);
  const head = [
    c('when'),
    c('subject'),
    c('classSection'),
    ...(showTeacher ? [c('teacher')] : []),
    c('duration'),
    c('topic'),
    c('status'),
    c('link'),
  ];
  if (actions) head.push(c('actions'));
  return (
    <DataTable caption={t('eschoolArea.eschool.caption')} cards minWidth="56rem" head={head}>
      {rows.map((r) => {
        const open = r.status === 'upcoming' || r.status === 'live';
        return (
          <tr key={r.id} className={r.cancelled ? 'text-slate-500' : ''}>
            <Td label={c('when')}>{classWhen(r, lang)}</Td>
            <Td label={c('subject')} className="font-semibold">
              {name('subjects', r.subject_name)}
            </Td>
            <Td label={c('classSection')}>{`${name('classes', r.class_name)} ${r.section_default_name}`}</Td>
            {showTeacher ? <Td label={c('teacher')}>{r.teacher_name}</Td> : null}
            <Td label={c('duration')}>
              {t('eschoolArea.eschool.minutes', { n: formatNumber(r.duration_minutes, lang) })}
            </Td>
            <Td label={c('topic')}>{r.topic || '—'}</Td>
            <Td label={c('status')}>
              <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[r.status]}`}>
                {t(`eschoolArea.eschool.status.${r.status}`)}
              </span>
            </Td>
            <Td label={c('link')}>
              {open ? (
                <a
                  className={`${linkStyle} inline-flex min-h-11 min-w-11 items-center justify-center`}
                  href={r.meeting_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('eschoolArea.eschool.joinLabel', { subject: name('subjects', r.subject_name) })}
                >
                  {t('eschoolArea.eschool.join')}
                </a>
              ) : (
                '—'
              )}
            </Td>
            {actions ? <Td label={c('actions')}>{actions(r)}</Td> : null}
          </tr>
        );
      })}
    </DataTable>
  );
}
