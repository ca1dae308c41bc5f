/**
 * The automatic messages' settings (docs/DOMAIN.md, "SMS centre"): each purpose on or off, its
 * English and Bangla texts (empty: the built-in one, shown as the placeholder) and, for fees and
 * the calendar, how many days before. Saved together; the server checks each text's fields.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SMS_AUTO_FIELDS, type SmsAutoSetting } from '@/api/schemas/sms';
import { saveSmsSettings, smsKeys, smsSettingsQuery } from '@/api/sms';
import { useErrorText } from '@/i18n/errors';
import { useI18n } from '@/i18n/i18n';
import { fieldsOf } from '@/machines/shared/failure';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Card } from '@/ui/page';
import { QueryState } from '@/ui/status';
import { useUnsavedChanges } from '@/ui/unsaved';

export function AutoSettings() {
  const { t } = useI18n();
  const settings = useQuery(smsSettingsQuery());
  return (
    <Card title={t('sms.auto.title')}>
      <p className="mb-3 text-sm text-slate-700">{t('sms.auto.intro')}</p>
      <QueryState query={settings} what={t('sms.auto.title')}>
        {(s) => <SettingsForm initial={s.settings} />}
      </QueryState>
    </Card>
  );
}

function SettingsForm({ initial }: { initial: SmsAutoSetting[] }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState(initial);
  const dirty = JSON.stringify(rows) !== JSON.stringify(initial);
  useUnsavedChanges(dirty);
  const save = useMutation({
    mutationFn: () =>
      saveSmsSettings({
        settings: rows.map((r) => ({
          purpose: r.purpose,
          enabled: r.enabled,
          ...(SMS_AUTO_FIELDS[r.purpose].length ? { template_en: r.template_en, template_bn: r.template_bn } : {}),
          ...(r.purpose === 'fee' || r.purpose === 'calendar' ? { days_before: r.days_before } : {}),
        })),
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: smsKeys.settings() }),
  });
  const fields = fieldsOf(save.error);
  const patch = (i: number, p: Partial<SmsAutoSetting>) => {
    save.reset();
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...p } : r)));
  };
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      {rows.map((r, i) => (
        <fieldset key={r.purpose} className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 font-semibold text-slate-900">{t(`sms.auto.purposes.${r.purpose}`)}</legend>
          <label className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              className="h-5 w-5"
              checked={r.enabled}
              onChange={(e) => patch(i, { enabled: e.target.checked })}
            />
            <span>{t('sms.auto.on')}</span>
          </label>
          {r.enabled && SMS_AUTO_FIELDS[r.purpose].length ? (
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              <TextField
                label={t('sms.auto.templateBn')}
                lang="bn"
                value={r.template_bn ?? ''}
                placeholder={r.default_bn ?? ''}
                hint={t('sms.auto.templateHint')}
                maxLength={1000}
                onChange={(e) => patch(i, { template_bn: e.target.value || null })}
                error={fields[`settings.${i}.template_bn`]}
              />
              <TextField
                label={t('sms.auto.templateEn')}
                lang="en"
                value={r.template_en ?? ''}
                placeholder={r.default_en ?? ''}
                hint={t('sms.auto.templateHint')}
                maxLength={1000}
                onChange={(e) => patch(i, { template_en: e.target.value || null })}
                error={fields[`settings.${i}.template_en`]}
              />
              {r.purpose === 'fee' || r.purpose === 'calendar' ? (
                <TextField
                  type="number"
                  min={0}
                  max={30}
                  label={t('sms.auto.daysBefore')}
                  value={String(r.days_before)}
                  onChange={(e) => patch(i, { days_before: Math.max(0, Math.min(30, Number(e.target.value) || 0)) })}
                />
              ) : null}
            </div>
          ) : null}
        </fieldset>
      ))}
      {save.isError ? <Alert tone="error">{errorText(save.error)}</Alert> : null}
      {save.isSuccess && !dirty ? <Alert tone="success">{t('sms.auto.saved')}</Alert> : null}
      <Button type="submit" disabled={save.isPending || !dirty}>
        {save.isPending ? t('sms.auto.saving') : t('sms.auto.save')}
      </Button>
    </form>
  );
}
