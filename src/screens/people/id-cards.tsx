/**
 * Printing a section's student ID cards (docs/DOMAIN.md, "The school's documents"): a button for
 * the chosen section, in the user's language, and the palette's action while it is on screen. The
 * school admin chooses the section here (IdCardsPanel); a teacher's student list passes its own.
 */
import { useMemo, useState } from 'react';
import { downloadIdCards } from '@/api/id-cards';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { useRegisterCommands, type Command } from '@/ui/commands';
import { Card } from '@/ui/page';
import { SelectField } from '@/ui/select';
import { useDownload } from '@/ui/use-download';

export function IdCardsButton({ sectionId }: { sectionId: number }) {
  const { t, lang } = useI18n();
  const download = useDownload();
  const go = () => void download.run(() => downloadIdCards({ section_id: sectionId, lang }));
  const commands = useMemo(
    (): Command[] => [
      {
        id: `id-cards:${sectionId}`,
        label: t('dashboards.idCard.download'),
        keywords: ['id card', 'identity card', 'print', 'pdf'],
        group: 'Actions',
        perform: () => void download.run(() => downloadIdCards({ section_id: sectionId, lang })),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `download.run` is a new function each render
    [sectionId, lang, t],
  );
  useRegisterCommands(commands);
  return (
    <div>
      <Button variant="secondary" onClick={go} disabled={download.busy}>
        {download.busy ? t('dashboards.idCard.downloading') : t('dashboards.idCard.download')}
      </Button>
      {download.error ? (
        <Alert tone="error" className="mt-2">
          {t('dashboards.idCard.failed')} {download.error}
        </Alert>
      ) : null}
    </div>
  );
}

export function IdCardsPanel({
  sections,
}: {
  sections: readonly { id: number; class_name: string; section_default_name: string }[];
}) {
  const { t } = useI18n();
  const { name } = useNames();
  const [section, setSection] = useState('');
  return (
    <Card title={t('dashboards.idCard.title')}>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full max-w-xs">
          <SelectField
            label={t('dashboards.idCard.section')}
            value={section}
            onChange={setSection}
            placeholder={t('dashboards.idCard.choose')}
            options={sections.map((s) => ({
              value: String(s.id),
              label: `${name('classes', s.class_name)} ${s.section_default_name}`,
            }))}
          />
        </div>
        {section ? <IdCardsButton sectionId={Number(section)} /> : null}
      </div>
    </Card>
  );
}
