/** /studentprofile: the student's own card from GET /api/student/profile (the spec's placeholder values are not repeated). */
import { Link } from 'wouter';
import { fetchStudentProfile } from '@/api/people';
import { useApi } from '@/api/use-query';
import { DetailList } from '@/ui/detail-list';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, ErrorState, Loading } from '@/ui/status';

export default function StudentProfileScreen() {
  const { profile } = useSignedIn();
  const student = useApi(`student.profile:${profile.id}`, () => fetchStudentProfile(profile.id));
  return (
    <>
      <PageHeader kicker={profile.school_name} title="My profile" />
      <Card>
        {student.status === 'error' ? (
          <ErrorState error={student.error} onRetry={student.reload} what="your profile" />
        ) : student.status !== 'success' ? (
          <Loading label="Loading your profile…" />
        ) : !student.data ? (
          <EmptyState>Your student record was not found. Please contact your school's office.</EmptyState>
        ) : (
          <>
            <h2 className="mb-4 text-xl font-semibold text-slate-900">{student.data.full_name}</h2>
            <DetailList
              items={[
                ['Student code', student.data.student_code],
                ['Class', student.data.class_name],
                ['Section', student.data.section_default_name],
                ['Roll', student.data.class_roll_no],
                ['School', student.data.school_name],
                ['District', student.data.address_district],
                ['Division', student.data.address_division],
                ['Mobile', student.data.mobile_no],
                ['E-mail', student.data.email],
              ]}
            />
            <div className="mt-6 flex flex-wrap gap-4">
              <Link
                href="/studentprofileedit"
                className="rounded font-semibold text-indigo-700 underline underline-offset-2"
              >
                Edit contact details
              </Link>
              <Link
                href="/studentpassword"
                className="rounded font-semibold text-indigo-700 underline underline-offset-2"
              >
                Change password
              </Link>
            </div>
          </>
        )}
      </Card>
    </>
  );
}
