/** /viewer-admin: 'Administrator Dashboard' for the chosen school (the guard sends viewers without one to /viewer-school). */
import { Link } from 'wouter';
import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { TileGrid } from '@/ui/tile-grid';

export default function ViewerDashboard() {
  const { school } = useSignedIn();
  return (
    <>
      <PageHeader kicker={school?.school_name} title="Administrator Dashboard">
        <Link
          href="/viewer-school"
          className="inline-flex min-h-11 items-center rounded text-sm font-semibold text-indigo-700 underline underline-offset-2"
        >
          Switch school
        </Link>
      </PageHeader>
      <TileGrid dashboard="/viewer-admin" />
    </>
  );
}
