/**
 * /sms-send: an SMS to the guardians of a section, a whole class or chosen students (docs/DOMAIN.md,
 * "SMS centre"). The school admin reaches any section or class; a teacher the sections they teach
 * (their routine: GET /api/eschool/options answers only those; the server holds them to it). The
 * flow is sms-compose.machine.ts: the server's preview (who gets it, parts, cost, quiet hours,
 * the quota), then a confirmation, then "queued" only once the server said so.
 */
import { useMemo } from 'react';
import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { onlineClassOptionsQuery } from '@/api/eschool';
import { lookupSectionStudentsQuery } from '@/api/lookups';
import { can } from '@/api/permissions';
import { SMS_FIELDS } from '@/api/schemas/sms';
import { schoolTimeZone } from '@/api/session';
import { smsKeys, smsTemplatesQuery } from '@/api/sms';
import { errorStatus } from '@/api/client';
import { useErrorText } from '@/i18n/errors';
import { useI18n } from '@/i18n/i18n';
import { formatTaka } from '@/i18n/money';
import { useNames } from '@/i18n/names';
import { missingOf, smsComposeMachine, type AudienceKind } from '@/machines/sms-compose.machine';
import { fieldsOf } from '@/machines/shared/failure';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { SelectField } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { linkStyle } from '@/ui/table';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useFlow } from '@/ui/use-flow';
import { SmsLinks, useNum, useWhen } from './shared';

const LOCAL_INPUT = "yyyy-MM-dd'T'HH:mm";

export default function SmsSendScreen() {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const { userType, profile, school } = useSignedIn();
  const num = useNum();
  const when = useWhen();
  const errorText = useErrorText();
  const wholeSchool = can(userType, 'sms.reports');
  const [state, send] = useFlow(smsComposeMachine, { invalidates: [smsKeys.all], on: 'saved' });
  const { draft, preview, sent, error } = state.context;
  const edit = (patch: Partial<typeof draft>) => send({ type: 'sms.edit', patch });
  useUnsavedChanges(!!draft.template.trim() && !state.hasTag('sent'), t('sms.compose.unsaved'));

  const options = useQuery(onlineClassOptionsQuery(school?.id));
  const templates = useQuery(smsTemplatesQuery());
  const { sections, classes } = useMemo(() => {
    const s = new Map<number, { value: string; label: string }>();
    const c = new Map<number, { value: string; label: string }>();
    for (const o of options.data ?? []) {
      s.set(o.section_id, {
        value: String(o.section_id),
        label: `${name('classes', o.class_name)} ${o.section_default_name}`,
      });
      c.set(o.class_id, { value: String(o.class_id), label: name('classes', o.class_name) });
    }
    return { sections: [...s.values()], classes: [...c.values()] };
  }, [options.data, name]);
  const pickSection = draft.audience !== 'class';
  const students = useQuery({
    ...lookupSectionStudentsQuery({ class_id: 0, section_id: draft.sectionId ?? 0 }),
    enabled: draft.audience === 'students' && !!draft.sectionId,
  });

  const zone = schoolTimeZone();
  const scheduleInput = draft.scheduleAt ? DateTime.fromISO(draft.scheduleAt).setZone(zone).toFormat(LOCAL_INPUT) : '';
  const busy = state.hasTag('busy');
  const locked = state.hasTag('confirm') || state.hasTag('sent');
  const missing = missingOf(draft);
  const fieldErrors = fieldsOf(error);
  const failed = state.hasTag('failed');
  const insertField = (f: string) => edit({ template: `${draft.template}{${f}}` });
  const uses = (f: string) => draft.template.includes(`{${f}}`);

  if (state.hasTag('sent') && sent) {
    return (
      <>
        <PageHeader title={t('sms.compose.title')} kicker={school?.school_name ?? profile.school_name} />
        <Card>
          <Alert tone="success">
            {t('sms.compose.sent', { count: sent.queued, n: num(sent.queued) })}
            {draft.scheduleAt ? ` ${t('sms.compose.sentScheduled', { time: when(draft.scheduleAt) })}` : ''}
            {!sent.fits ? ` ${t('sms.compose.sentWaiting')}` : ''}
          </Alert>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button onClick={() => send({ type: 'sms.new' })}>{t('sms.compose.another')}</Button>
            <Link href="/sms-report" className={`${linkStyle} inline-flex min-h-11 items-center`}>
              {t('sms.compose.seeReport')}
            </Link>
          </div>
        </Card>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('sms.compose.title')} kicker={school?.school_name ?? profile.school_name}>
        <SmsLinks here="send" />
      </PageHeader>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'sms.preview' });
        }}
      >
        <Card title={t('sms.compose.who')}>
          {options.isError ? <Alert tone="error">{t('sms.failed')}</Alert> : null}
          {options.data && !sections.length ? <Alert tone="info">{t('sms.compose.noSections')}</Alert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t('sms.compose.audience')}
              value={draft.audience}
              disabled={locked}
              onChange={(v) => edit({ audience: v as AudienceKind, studentIds: [] })}
              options={(['section', ...(wholeSchool ? ['class'] : []), 'students'] as AudienceKind[]).map((a) => ({
                value: a,
                label: t(`sms.compose.audiences.${a}`),
              }))}
            />
            {pickSection ? (
              <SelectField
                label={t('sms.compose.section')}
                value={draft.sectionId ? String(draft.sectionId) : ''}
                placeholder={t('sms.compose.chooseSection')}
                disabled={locked}
                onChange={(v) => edit({ sectionId: v ? Number(v) : null, studentIds: [] })}
                options={sections}
                error={fieldErrors['audience.section_id'] ?? null}
              />
            ) : (
              <SelectField
                label={t('sms.compose.class')}
                value={draft.classId ? String(draft.classId) : ''}
                placeholder={t('sms.compose.chooseClass')}
                disabled={locked}
                onChange={(v) => edit({ classId: v ? Number(v) : null })}
                options={classes}
              />
            )}
          </div>
          {draft.audience === 'students' && draft.sectionId ? (
            <fieldset className="mt-4">
              <legend className="text-sm font-medium text-slate-800">
                {t('sms.compose.students')} ·{' '}
                {t('sms.compose.chosen', { count: draft.studentIds.length, n: num(draft.studentIds.length) })}
              </legend>
              {students.isPending ? <p className="mt-2 text-sm">{t('sms.loading')}</p> : null}
              <ul className="mt-2 grid gap-1 sm:grid-cols-2">
                {(students.data ?? []).map((s) => {
                  const on = draft.studentIds.includes(s.student_id);
                  return (
                    <li key={s.student_id}>
                      <label className="flex min-h-11 items-center gap-3 rounded-md px-2 hover:bg-slate-50">
                        <input
                          type="checkbox"
                          className="h-5 w-5"
                          checked={on}
                          disabled={locked}
                          onChange={() =>
                            edit({
                              studentIds: on
                                ? draft.studentIds.filter((id) => id !== s.student_id)
                                : [...draft.studentIds, s.student_id],
                            })
                          }
                        />
                        <span>
                          {num(s.class_roll_no)}. {s.full_name}
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ) : null}
        </Card>

        <Card title={t('sms.compose.message')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">{t('sms.compose.language')}</legend>
              <div className="mt-1 flex gap-4">
                {(['bn', 'en'] as const).map((l) => (
                  <label key={l} className="flex min-h-11 items-center gap-2">
                    <input
                      type="radio"
                      name="sms-language"
                      className="h-5 w-5"
                      checked={draft.language === l}
                      disabled={locked}
                      onChange={() => edit({ language: l })}
                    />
                    <span>{t(`sms.compose.languages.${l}`)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <SelectField
              label={t('sms.compose.template')}
              value=""
              placeholder={t('sms.compose.noTemplate')}
              disabled={locked || !templates.data}
              onChange={(key) => {
                const tpl = templates.data?.find((x) => x.key === key);
                if (tpl) edit({ template: tpl[draft.language] });
              }}
              options={(templates.data ?? []).map((x) => ({
                value: x.key,
                label: t(`sms.compose.templates.${x.key}` as never) || x.key,
              }))}
            />
          </div>
          <div className="mt-4">
            <label htmlFor="sms-text" className="block text-sm font-medium text-slate-800">
              {t('sms.compose.text')}
            </label>
            <textarea
              id="sms-text"
              rows={4}
              maxLength={1000}
              lang={draft.language}
              value={draft.template}
              readOnly={locked}
              onChange={(e) => edit({ template: e.target.value })}
              aria-describedby="sms-text-hint"
              aria-invalid={fieldErrors.template ? true : undefined}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base shadow-sm sm:text-sm"
            />
            <p id="sms-text-hint" className="mt-1 text-xs text-slate-600">
              {t('sms.compose.textHint')}
            </p>
            {fieldErrors.template ? <p className="mt-1 text-sm text-red-700">{fieldErrors.template}</p> : null}
            <div className="mt-2 flex flex-wrap items-center gap-2" role="group" aria-label={t('sms.compose.fields')}>
              {SMS_FIELDS.map((f) => (
                <Button key={f} variant="secondary" disabled={locked} onClick={() => insertField(f)}>
                  + {t(`sms.compose.fieldNames.${f}`)}
                </Button>
              ))}
            </div>
          </div>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {uses('date') ? (
              <TextField
                type="date"
                label={t('sms.compose.date')}
                value={draft.date}
                readOnly={locked}
                onChange={(e) => edit({ date: e.target.value })}
                error={fieldErrors.date}
              />
            ) : null}
            {uses('amount') ? (
              <TextField
                inputMode="decimal"
                label={t('sms.compose.amount')}
                value={draft.amount}
                maxLength={20}
                readOnly={locked}
                onChange={(e) => edit({ amount: e.target.value })}
                error={fieldErrors.amount}
              />
            ) : null}
            <TextField
              type="datetime-local"
              label={t('sms.compose.schedule')}
              hint={t('sms.compose.scheduleHint')}
              value={scheduleInput}
              readOnly={locked}
              onChange={(e) =>
                edit({
                  scheduleAt: e.target.value ? (DateTime.fromISO(e.target.value, { zone }).toISO() ?? '') : '',
                })
              }
              error={fieldErrors.schedule_at}
            />
            <label className="flex min-h-11 items-center gap-3 self-end">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={draft.urgent}
                disabled={locked}
                onChange={(e) => edit({ urgent: e.target.checked })}
              />
              <span>{t('sms.compose.urgent')}</span>
            </label>
          </div>
        </Card>

        {error && !failed ? <Alert tone="error">{errorText(error)}</Alert> : null}
        {failed ? (
          <Alert
            tone="error"
            title={t('sms.compose.failedTitle')}
            onRetry={
              errorStatus(error) === 0 || errorStatus(error) >= 500 ? () => send({ type: 'sms.retry' }) : undefined
            }
          >
            {errorText(error)}
          </Alert>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!state.can({ type: 'sms.preview' })} aria-busy={busy || undefined}>
            {busy && !state.hasTag('confirm') ? t('sms.compose.previewing') : t('sms.compose.preview')}
          </Button>
          {missing.length > 0 ? (
            <p className="text-sm text-slate-600">{missing.map((m) => t(`sms.compose.missing.${m}`)).join(' ')}</p>
          ) : null}
        </div>
      </form>

      {preview ? (
        <Card title={t('sms.compose.previewTitle')} className="mt-4">
          <p className="text-lg font-semibold">
            {t('sms.compose.recipients', { count: preview.recipients, n: num(preview.recipients) })}
          </p>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            <li>
              {t('sms.compose.studentsLine', {
                students: num(preview.students),
                none: num(preview.no_guardian),
                out: num(preview.opted_out),
              })}
            </li>
            <li>
              {t('sms.compose.parts', {
                parts: num(preview.parts),
                each: num(preview.parts_each),
                encoding: t(`sms.compose.encodings.${preview.encoding}`),
              })}
            </li>
            <li>{t('sms.compose.cost', { cost: formatTaka(preview.cost, lang) })}</li>
            <li>
              {preview.left === null ? t('sms.compose.noLimit') : t('sms.compose.left', { left: num(preview.left) })}
            </li>
          </ul>
          {preview.sample ? (
            <figure className="mt-3 rounded-lg bg-slate-50 p-3">
              <figcaption className="text-xs font-semibold text-slate-600">{t('sms.compose.sample')}</figcaption>
              <blockquote lang={draft.language} className="mt-1 whitespace-pre-wrap text-slate-900">
                {preview.sample}
              </blockquote>
            </figure>
          ) : null}
          <div className="mt-3 space-y-2">
            {preview.recipients === 0 ? <Alert tone="error">{t('sms.compose.nobody')}</Alert> : null}
            {preview.quiet_hours ? <Alert tone="warning">{t('sms.compose.quietHours')}</Alert> : null}
            {!preview.fits ? (
              <Alert tone="warning">
                {t('sms.compose.overQuota', { left: num(preview.left ?? 0), parts: num(preview.parts) })}
              </Alert>
            ) : null}
          </div>
          <div className="mt-4">
            <Button disabled={!state.can({ type: 'sms.send' })} onClick={() => send({ type: 'sms.send' })}>
              {t('sms.compose.send', { count: preview.recipients, n: num(preview.recipients) })}
            </Button>
          </div>
        </Card>
      ) : null}

      <ConfirmDialog
        open={state.hasTag('confirm')}
        title={t('sms.compose.confirmTitle', { count: preview?.recipients ?? 0, n: num(preview?.recipients ?? 0) })}
        confirmLabel={busy ? t('sms.compose.sending') : t('sms.compose.confirm')}
        cancelLabel={t('sms.compose.cancel')}
        busy={busy}
        onConfirm={() => send({ type: 'sms.confirm' })}
        onCancel={() => send({ type: 'sms.cancel' })}
      >
        <p>
          {t('sms.compose.confirmBody', {
            parts: num(preview?.parts ?? 0),
            cost: formatTaka(preview?.cost ?? '0.00', lang),
          })}
        </p>
        {draft.scheduleAt ? <p>{t('sms.compose.confirmScheduled', { time: when(draft.scheduleAt) })}</p> : null}
      </ConfirmDialog>
    </>
  );
}
