/** /schoolprofile: the school admin's card (name, admin code) and their school's details. */
import { useQuery } from '@tanstack/react-query';
import { visibleSchoolsQuery } from '@/api/schools';
import { DetailList } from '@/ui/detail-list';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, QueryState } from '@/ui/status';

export default function SchoolProfileScreen() {
  const { profile } = useSignedIn();
  const schools = useQuery(visibleSchoolsQuery());
  return (
    <>
      <PageHeader kicker={profile.school_name} title="School profile" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Administrator">
          <DetailList
            items={[
              ['Name', `${profile.first_name} ${profile.last_name}`.trim()],
              ['Admin code', profile.admin_code],
              ['User ID', profile.user_code],
            ]}
          />
        </Card>
        <Card title="School">
          <QueryState query={schools} what="the school" loadingLabel="Loading the school…">
            {(rows) => {
              const school = rows.find((s) => s.id === profile.school_info_id);
              return !school ? (
                <EmptyState>Your account is not linked to a school yet.</EmptyState>
              ) : (
                <DetailList
                  items={[
                    ['School name', school.school_name],
                    ['Short name', school.short_name],
                    ['EIIN', school.eiin],
                    ['Upazilla', school.address_upazilla],
                    ['District', school.address_district],
                    ['Division', school.address_division],
                    ['Phone', school.phone],
                    ['E-mail', school.email],
                  ]}
                />
              );
            }}
          </QueryState>
        </Card>
      </div>
    </>
  );
}
