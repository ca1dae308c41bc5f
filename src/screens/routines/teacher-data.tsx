/**
 * /teacherdata (the "Teacher" card of /teacher-feature): the school's teachers as the spec lists
 * them (Teacher Id, Name, mobile, Designation, Email) for the viewer (the chosen school) and the
 * school admin (their own), each opening that teacher's week (`?teacher=<id>`, in the address) as
 * a printable grid; the school admin can also give a teacher a new one-time password.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { teachersQuery } from '@/api/routines';
import { resetPassword } from '@/api/people';
import { can } from '@/api/permissions';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { useConfirm } from '@/ui/confirm';
import { useErrorText } from '@/i18n/errors';
import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { DataTable, Td, linkStyle } from '@/ui/table';
import { useSearchState } from '@/ui/use-search-state';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { WeekOf } from './routine-parts';
import { PrintButton } from './week-grid';

export default function TeacherDataScreen() {
  const { t, lang } = useI18n();
  const { school, profile, userType } = useSignedIn();
  const ask = useConfirm();
  const errorText = useErrorText();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const mayReset = can(userType, 'users.reset-password');
  const reset = async (code: string, name: string) => {
    const question = {
      title: t('routines.teachers.resetPassword'),
      body: t('routines.teachers.resetQuestion', { name }),
    };
    if (!(await ask(question))) return;
    try {
      const res = await resetPassword(code);
      setNotice({
        tone: 'success',
        text: t('routines.teachers.resetDone', { code: res.user_code, password: res.initial_password }),
      });
    } catch (err) {
      setNotice({ tone: 'error', text: errorText(err) });
    }
  };
  const schoolId = school?.id ?? profile.school_info_id;
  const [params] = useSearchState({ teacher: '' });
  const teachers = useQuery(teachersQuery(schoolId));
  const chosen = teachers.data?.find((x) => String(x.id) === params.teacher);
  return (
    <>
      <PageHeader
        kicker={school?.school_name ?? profile.school_name}
        title={chosen ? t('routines.teachers.weekTitle', { name: chosen.full_name }) : t('shell.pages.teacherData')}
      >
        {chosen ? (
          <div className="flex flex-wrap items-center gap-3 print:hidden">
            <PrintButton />
            <Link href="/teacherdata" className={`inline-flex min-h-11 items-center ${linkStyle}`}>
              {t('routines.teachers.back')}
            </Link>
          </div>
        ) : null}
      </PageHeader>
      {notice ? (
        <Alert tone={notice.tone} className="mb-3">
          {notice.text}
        </Alert>
      ) : null}
      <QueryState
        query={teachers}
        what={t('routines.teachers.what')}
        loadingLabel={t('routines.teachers.loading')}
        empty={t('routines.teachers.empty')}
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) =>
          chosen ? (
            <WeekOf
              schoolId={schoolId}
              by="teacher"
              of={String(chosen.id)}
              title={`${chosen.initial} — ${chosen.full_name}`}
            />
          ) : (
            <DataTable
              caption={t('routines.teachers.caption')}
              cards
              head={[
                t('routines.teachers.teacherId'),
                t('routines.teachers.name'),
                t('routines.teachers.mobile'),
                t('routines.teachers.designation'),
                t('routines.teachers.email'),
                t('routines.teachers.week'),
                ...(mayReset ? [t('routines.teachers.resetPassword')] : []),
              ]}
            >
              {rows.map((x) => (
                <tr key={x.id}>
                  <Td label={t('routines.teachers.teacherId')}>{x.teacher_code}</Td>
                  <Td label={t('routines.teachers.name')}>
                    {x.full_name} <span className="text-slate-600">({x.initial})</span>
                  </Td>
                  <Td label={t('routines.teachers.mobile')}>{localDigits(x.mobile, lang)}</Td>
                  <Td label={t('routines.teachers.designation')}>{x.designation}</Td>
                  <Td label={t('routines.teachers.email')}>{x.email}</Td>
                  <Td label={t('routines.teachers.week')}>
                    <Link
                      href={`/teacherdata?teacher=${x.id}`}
                      className={`inline-flex min-h-11 items-center ${linkStyle}`}
                      aria-label={t('routines.teachers.openWeek', { name: x.full_name })}
                    >
                      {t('routines.teachers.week')}
                    </Link>
                  </Td>
                  {mayReset ? (
                    <Td label={t('routines.teachers.resetPassword')}>
                      <Button variant="ghost" onClick={() => void reset(x.teacher_code, x.full_name)}>
                        {t('routines.teachers.resetPassword')}
                      </Button>
                    </Td>
                  ) : null}
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryState>
    </>
  );
}
