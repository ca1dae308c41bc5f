/**
 * /teacherprofile: a teacher's card (spec part 2: name, initial, contact, email, Reset Password).
 * A teacher sees their own; a school admin or viewer arriving from a teacher link passes
 * ?teacher_id= (the server checks the teacher belongs to a school they may see).
 */
import { Link, useSearchParams } from 'wouter';
import { fetchTeacherProfile } from '@/api/people';
import { useApi } from '@/api/use-query';
import { DetailList } from '@/ui/detail-list';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, ErrorState, Loading } from '@/ui/status';

export default function TeacherProfileScreen() {
  const { profile, userType } = useSignedIn();
  const [params] = useSearchParams();
  const own = userType === 2;
  const asked = Number(params.get('teacher_id'));
  const teacherId = own ? profile.id : Number.isInteger(asked) && asked > 0 ? asked : null;
  const teacher = useApi(teacherId ? `teacher.profile:${teacherId}` : null, () => fetchTeacherProfile(teacherId ?? 0));

  return (
    <>
      <PageHeader kicker={profile.school_name} title={own ? 'My profile' : 'Teacher profile'} />
      <Card>
        {teacherId === null ? (
          <EmptyState>Open a teacher from a teacher list or an attendance table to see their profile.</EmptyState>
        ) : teacher.status === 'error' ? (
          <ErrorState error={teacher.error} onRetry={teacher.reload} what="the profile" />
        ) : teacher.status !== 'success' ? (
          <Loading label="Loading the profile…" />
        ) : (
          <>
            <h2 className="mb-4 text-xl font-semibold text-slate-900">{teacher.data.full_name}</h2>
            <DetailList
              items={[
                ['Teacher code', teacher.data.teacher_code],
                ['Initial', teacher.data.initial],
                ['Designation', teacher.data.designation],
                ['Mobile', teacher.data.mobile],
                ['E-mail', teacher.data.email],
              ]}
            />
            {own ? (
              <div className="mt-6">
                <Link
                  href="/teacherpassword"
                  className="rounded font-semibold text-indigo-700 underline underline-offset-2"
                >
                  Reset password
                </Link>
              </div>
            ) : null}
          </>
        )}
      </Card>
    </>
  );
}
