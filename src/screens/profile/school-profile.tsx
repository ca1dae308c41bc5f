/** /schoolprofile: the school admin's card (name, admin code) and their school's details. */
import { fetchVisibleSchools } from '@/api/schools';
import { useApi } from '@/api/use-query';
import { DetailList } from '@/ui/detail-list';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, ErrorState, Loading } from '@/ui/status';

export default function SchoolProfileScreen() {
  const { profile } = useSignedIn();
  const schools = useApi('schools.visible', fetchVisibleSchools);
  const school = schools.status === 'success' ? schools.data.find((s) => s.id === profile.school_info_id) : undefined;
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
          {schools.status === 'error' ? (
            <ErrorState error={schools.error} onRetry={schools.reload} what="the school" />
          ) : schools.status !== 'success' ? (
            <Loading label="Loading the school…" />
          ) : !school ? (
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
          )}
        </Card>
      </div>
    </>
  );
}
