/**
 * The school form, in three modes: create (/add-school: the school and its admin, then
 * the admin's one-time password once), edit (the super admin's dialog) and contact (a school
 * admin's own school on /schoolprofile). The address is a cascade of selects over the shipped
 * reference data: division, then its districts, then the district's upazilas.
 */
import { useEffect, useRef, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { districtsQuery, divisionsQuery, organizationsQuery, setupKeys, upazilasQuery } from '@/api/school-setup';
import type { SchoolDetailRow } from '@/api/schemas/lookups';
import {
  BAD_EIIN,
  BAD_EMAIL,
  BAD_PHONE,
  MISSING_FIELD,
  SCHOOL_REQUIRED,
  schoolFormMachine,
  type SchoolForm,
  type SchoolFormMode,
} from '@/machines/school-form.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { SelectField } from '@/ui/select';
import { useFocusFirstInvalid, useSubmitAttempts } from '@/ui/focus-invalid';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useErrorText } from '@/i18n/errors';
import { useI18n } from '@/i18n/i18n';
import { useFlow } from '@/ui/use-flow';

type FieldKey =
  | 'school_type'
  | 'eiin'
  | 'school_name'
  | 'short_name'
  | 'division'
  | 'district'
  | 'upazilla'
  | 'address'
  | 'phone'
  | 'email'
  | 'head_name'
  | 'head_phone'
  | 'head_email'
  | 'admin_code'
  | 'admin_first_name'
  | 'admin_last_name'
  | 'admin_phone'
  | 'admin_email';

const TEL = { type: 'tel', inputMode: 'tel' } as const;
const MAIL = { type: 'email', inputMode: 'email' } as const;

export function SchoolFormCard({
  mode,
  schoolId,
  initial,
  onSaved,
  onCancel,
}: {
  mode: SchoolFormMode;
  schoolId?: number;
  initial?: SchoolForm;
  /** After the server confirmed an edit (the dialog closes). */
  onSaved?: (row: SchoolDetailRow) => void;
  onCancel?: () => void;
}) {
  const { t, lang } = useI18n();
  const errorText = useErrorText();
  const [state, send] = useFlow(schoolFormMachine, {
    invalidates: [setupKeys.schools],
    on: 'savedChanges',
    input: { mode, schoolId, initial },
  });
  const { form, pristine, error, created, saved } = state.context;
  const busy = state.hasTag('busy');
  // An empty or wrong submit: the first field with a problem takes focus, scrolled into view.
  const formRef = useRef<HTMLFormElement>(null);
  const [attempts, submitted] = useSubmitAttempts(busy);
  useFocusFirstInvalid(formRef, attempts);
  const dirty = JSON.stringify(form) !== JSON.stringify(pristine);
  useUnsavedChanges(dirty, t('school_setup.form.unsaved'));

  const isSaved = state.hasTag('saved');
  useEffect(() => {
    if (isSaved && saved) onSaved?.(saved);
    // Once per save: `saved` is a new object each time the server answers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isSaved, saved]);

  const full = mode !== 'contact';
  const types = useQuery({ ...organizationsQuery(), enabled: full });
  const divisions = useQuery({ ...divisionsQuery(), enabled: full });
  const divisionId = Number(form.division) || 0;
  const districtId = Number(form.district) || 0;
  const districts = useQuery({ ...districtsQuery(divisionId), enabled: full && divisionId > 0 });
  const upazilas = useQuery({ ...upazilasQuery(districtId), enabled: full && districtId > 0 });
  const named = (r: { name: string; name_bn: string }) => (lang === 'bn' && r.name_bn ? r.name_bn : r.name);

  const label = (f: FieldKey) => t(`school_setup.form.fields.${f}`);
  const required = SCHOOL_REQUIRED[mode];
  const fieldError = (f: FieldKey) => {
    const m = error?.fields[f];
    if (!m) return null;
    if (m === MISSING_FIELD) return t('school_setup.form.required');
    if (m === BAD_EIIN) return t('school_setup.form.badEiin');
    if (m === BAD_PHONE) return t('school_setup.form.badPhone');
    if (m === BAD_EMAIL) return t('school_setup.form.badEmail');
    if (m === 'is already taken') return t('school_setup.form.taken');
    return m;
  };
  const set = (field: FieldKey) => (value: string) => send({ type: 'school.field', field, value });
  const text = (f: FieldKey, extra: { type?: string; inputMode?: 'tel' | 'email' | 'numeric'; hint?: string } = {}) => (
    <TextField
      key={f}
      label={label(f)}
      name={f}
      value={form[f] ?? ''}
      onChange={(e) => set(f)(e.target.value)}
      type={extra.type ?? 'text'}
      inputMode={extra.inputMode}
      hint={extra.hint ?? (extra.inputMode === 'tel' ? t('school_setup.form.mobileHint') : undefined)}
      error={fieldError(f)}
      required={required.includes(f)}
    />
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'school.submit' });
    submitted();
  };
  const topError = error && !Object.keys(error.fields).length ? errorText(error.cause ?? error.message) : null;

  if (isSaved) {
    if (created) {
      return (
        <div role="status" className="space-y-3">
          <Alert tone="success">{t('school_setup.success.school_added')}</Alert>
          <p className="text-sm">{t('school_setup.created.body', { code: created.user_code })}</p>
          <p className="text-lg">
            {t('school_setup.created.password')}:{' '}
            <code className="font-mono font-bold" data-testid="initial-password">
              {created.initial_password}
            </code>
          </p>
          <p className="text-sm text-slate-700">{t('school_setup.created.onlyOnce')}</p>
          <Button onClick={() => send({ type: 'school.dismiss' })}>{t('school_setup.created.done')}</Button>
        </div>
      );
    }
    return (
      <div role="status" className="space-y-3">
        <Alert tone="success">{t('school_setup.success.school_saved')}</Alert>
        <Button variant="secondary" onClick={() => send({ type: 'school.dismiss' })}>
          {t('school_setup.contact.editAgain')}
        </Button>
      </div>
    );
  }

  const grid = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3';
  const legend = 'mb-2 font-semibold text-slate-900';
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
      {topError ? <Alert tone="error">{topError}</Alert> : null}
      {full ? (
        <>
          <fieldset className={grid}>
            <legend className={legend}>{t('school_setup.form.school')}</legend>
            <SelectField
              label={label('school_type')}
              name="school_type"
              value={form.school_type ?? ''}
              onChange={set('school_type')}
              placeholder={types.isPending ? t('school_setup.form.loadingChoices') : t('school_setup.form.choose')}
              options={(types.data ?? []).map((o) => ({ value: String(o.id), label: o.Organization_type }))}
              error={fieldError('school_type') ?? (types.isError ? errorText(types.error) : null)}
              required
            />
            {text('eiin', { inputMode: 'numeric', hint: t('school_setup.form.eiinHint') })}
            {text('school_name')}
            {text('short_name')}
          </fieldset>
          <fieldset className={grid}>
            <legend className={legend}>{t('school_setup.form.address')}</legend>
            <SelectField
              label={label('division')}
              name="division"
              value={form.division ?? ''}
              onChange={set('division')}
              placeholder={divisions.isPending ? t('school_setup.form.loadingChoices') : t('school_setup.form.choose')}
              options={(divisions.data ?? []).map((d) => ({ value: String(d.id), label: named(d) }))}
              error={fieldError('division') ?? (divisions.isError ? errorText(divisions.error) : null)}
              required
            />
            <SelectField
              label={label('district')}
              name="district"
              value={form.district ?? ''}
              onChange={set('district')}
              placeholder={
                !divisionId
                  ? t('school_setup.form.chooseDivisionFirst')
                  : districts.isPending
                    ? t('school_setup.form.loadingChoices')
                    : t('school_setup.form.choose')
              }
              options={(districts.data ?? []).map((d) => ({ value: String(d.id), label: named(d) }))}
              error={fieldError('district') ?? (districts.isError ? errorText(districts.error) : null)}
              disabled={!divisionId}
              required
            />
            <SelectField
              label={label('upazilla')}
              name="upazilla"
              value={form.upazilla ?? ''}
              onChange={set('upazilla')}
              placeholder={
                !districtId
                  ? t('school_setup.form.chooseDistrictFirst')
                  : upazilas.isPending
                    ? t('school_setup.form.loadingChoices')
                    : t('school_setup.form.choose')
              }
              options={(upazilas.data ?? []).map((u) => ({ value: String(u.id), label: named(u) }))}
              error={fieldError('upazilla') ?? (upazilas.isError ? errorText(upazilas.error) : null)}
              disabled={!districtId}
              required
            />
            {text('address')}
            {text('phone', TEL)}
            {text('email', MAIL)}
          </fieldset>
        </>
      ) : (
        <fieldset className={grid}>
          <legend className="sr-only">{t('school_setup.contact.title')}</legend>
          {text('phone', TEL)}
          {text('email', MAIL)}
        </fieldset>
      )}
      <fieldset className={grid}>
        <legend className={legend}>{t('school_setup.form.head')}</legend>
        {text('head_name')}
        {text('head_phone', TEL)}
        {text('head_email', MAIL)}
      </fieldset>
      {mode === 'create' ? (
        <fieldset className={grid}>
          <legend className={legend}>{t('school_setup.form.admin')}</legend>
          <p className="text-sm text-slate-700 sm:col-span-2 lg:col-span-3">{t('school_setup.form.adminHint')}</p>
          {text('admin_code')}
          {text('admin_first_name')}
          {text('admin_last_name')}
          {text('admin_phone', TEL)}
          {text('admin_email', MAIL)}
        </fieldset>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy
            ? t('school_setup.form.saving')
            : mode === 'contact'
              ? t('school_setup.contact.save')
              : t('school_setup.form.submit')}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => send({ type: 'school.reset' })} disabled={busy || !dirty}>
            {t('school_setup.form.clear')}
          </Button>
        )}
      </div>
    </form>
  );
}
