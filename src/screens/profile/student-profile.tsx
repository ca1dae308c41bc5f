/** /studentprofile: the student's own card from GET /api/student/profile (the spec's placeholder values are not repeated). */
import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { studentProfileQuery } from '@/api/people';
import { DetailList } from '@/ui/detail-list';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';

const textLink = 'inline-flex min-h-11 items-center rounded font-semibold text-indigo-700 underline underline-offset-2';

export default function StudentProfileScreen() {
  const { profile } = useSignedIn();
  const student = useQuery(studentProfileQuery(profile.id));
  return (
    <>
      <PageHeader kicker={profile.school_name} title="My profile" />
      <Card>
        <QueryState
          query={student}
          what="your profile"
          loadingLabel="Loading your profile…"
          empty="Your student record was not found. Please contact your school's office."
          isEmpty={(data) => data === null}
        >
          {(data) =>
            data ? (
              <>
                <h2 className="mb-4 text-xl font-semibold break-words text-slate-900">{data.full_name}</h2>
                <DetailList
                  items={[
                    ['Student code', data.student_code],
                    ['Class', data.class_name],
                    ['Section', data.section_default_name],
                    ['Roll', data.class_roll_no],
                    ['School', data.school_name],
                    ['District', data.address_district],
                    ['Division', data.address_division],
                    ['Mobile', data.mobile_no],
                    ['E-mail', data.email],
                  ]}
                />
                <div className="mt-4 flex flex-wrap gap-x-6">
                  <Link href="/studentprofileedit" className={textLink}>
                    Edit contact details
                  </Link>
                  <Link href="/studentpassword" className={textLink}>
                    Change password
                  </Link>
                </div>
              </>
            ) : null
          }
        </QueryState>
      </Card>
    </>
  );
}
