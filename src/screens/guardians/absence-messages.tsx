/**
 * The "Absence messages" card on /guardian-admin: SMS or none, in Bangla or English.
 * The save goes through the guardian-preferences machine; "saved" only after the server answered.
 */
import { useQuery } from '@tanstack/react-query';
import { guardianKeys, smsChoiceQuery, type GuardianSmsChoice } from '@/api/guardians';
import type { GuardianPreferences } from '@/api/schemas/guardians';
import { SMS_PURPOSES } from '@/api/schemas/sms';
import { guardianPreferencesMachine } from '@/machines/guardian-preferences.machine';
import { useErrorText } from '@/i18n/errors';
import { useI18n } from '@/i18n/i18n';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Card } from '@/ui/page';
import { QueryState } from '@/ui/status';
import { useFlow } from '@/ui/use-flow';

export function AbsenceMessages() {
  const { t } = useI18n();
  const q = useQuery(smsChoiceQuery());
  return (
    <Card title={t('guardians.prefs.title')} className="mt-6">
      <QueryState query={q} what={t('guardians.prefs.what')} loadingLabel={t('guardians.prefs.loading')}>
        {(choice) => <PreferencesForm initial={choice} />}
      </QueryState>
    </Card>
  );
}

function PreferencesForm({ initial }: { initial: GuardianSmsChoice }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const [state, send] = useFlow(guardianPreferencesMachine, {
    invalidates: [guardianKeys.preferences],
    on: 'saved',
    input: { choice: initial },
  });
  const { choice, error } = state.context;
  const busy = state.hasTag('busy');
  const set = (patch: Partial<GuardianSmsChoice>) => send({ type: 'prefs.change', choice: { ...choice, ...patch } });
  const optedOut = choice.opted_out ?? [];
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'prefs.save' });
      }}
    >
      <p className="mb-3 text-sm text-slate-600">{t('guardians.prefs.hint')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Choice
          legend={t('guardians.prefs.channel')}
          name="prefs-sms"
          value={choice.sms}
          options={[
            ['sms', t('guardians.prefs.sms')],
            ['none', t('guardians.prefs.none')],
          ]}
          disabled={busy}
          onChange={(v) => set({ sms: v as GuardianPreferences['sms'] })}
        />
        <Choice
          legend={t('guardians.prefs.language')}
          name="prefs-language"
          value={choice.language}
          options={[
            ['bn', t('language.bn')],
            ['en', t('language.en')],
          ]}
          disabled={busy}
          onChange={(v) => set({ language: v as GuardianPreferences['language'] })}
        />
      </div>
      {choice.sms === 'sms' ? (
        <fieldset disabled={busy} className="mt-4">
          <legend className="mb-1 text-sm font-medium text-slate-800">{t('sms.optOuts')}</legend>
          <div className="grid gap-x-4 sm:grid-cols-2">
            {SMS_PURPOSES.map((p) => (
              <label key={p} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={!optedOut.includes(p)}
                  onChange={(e) =>
                    set({ opted_out: e.target.checked ? optedOut.filter((x) => x !== p) : [...optedOut, p] })
                  }
                  className="h-5 w-5 accent-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500"
                />
                {t(`sms.purposes.${p}`)}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {state.hasTag('saved') ? (
        <Alert tone="success" className="mt-3">
          {t('guardians.prefs.saved')}
        </Alert>
      ) : null}
      {state.hasTag('failed') ? (
        <Alert tone="error" className="mt-3">
          {errorText(error)}
        </Alert>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {state.hasTag('failed') ? (
          <Button onClick={() => send({ type: 'prefs.retry' })}>{t('guardians.prefs.retry')}</Button>
        ) : (
          <Button type="submit" disabled={busy || state.hasTag('saved')}>
            {busy ? t('guardians.prefs.saving') : t('guardians.prefs.save')}
          </Button>
        )}
      </div>
    </form>
  );
}

function Choice({
  legend,
  name,
  value,
  options,
  disabled,
  onChange,
}: {
  legend: string;
  name: string;
  value: string;
  options: [string, string][];
  disabled: boolean;
  onChange: (v: string) => void;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      {options.map(([v, label]) => (
        <label key={v} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name={name}
            value={v}
            checked={value === v}
            onChange={() => onChange(v)}
            className="h-5 w-5 accent-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500"
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
