/**
 * An exam row's admit cards (docs/DOMAIN.md, "The school's documents"): the section's cards for the
 * exam type of that paper, as a PDF in the user's language.
 */
import { downloadAdmitCards, downloadSeatPlan } from '@/api/admit-cards';
import { useI18n } from '@/i18n/i18n';
import { Button } from '@/ui/button';
import { useDownload } from '@/ui/use-download';

export function AdmitCardsButton({
  examId,
  label,
  kind = 'admit',
}: {
  examId: number;
  label: string;
  /** The admit cards, or the seat plan of the paper's day. */
  kind?: 'admit' | 'seats';
}) {
  const { t, lang } = useI18n();
  const download = useDownload();
  const get = kind === 'admit' ? downloadAdmitCards : downloadSeatPlan;
  return (
    <>
      <Button
        variant="secondary"
        aria-label={label}
        disabled={download.busy}
        onClick={() => void download.run(() => get({ exam_id: examId, lang }))}
      >
        {download.busy
          ? t('dashboards.idCard.downloading')
          : t(kind === 'admit' ? 'dashboards.admitCard.download' : 'dashboards.seatPlan.download')}
      </Button>
      {download.error ? (
        <span role="alert" className="block text-sm text-red-700">
          {download.error}
        </span>
      ) : null}
    </>
  );
}
