/**
 * Promotion at the end of a session: choose a section and year, untick anyone repeating
 * the year, choose next year's class and section, confirm, and the server moves them in one step.
 * Their old enrolment keeps the year's attendance and marks.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { lookupSectionStudentsQuery } from '@/api/lookups';
import { peopleListKeys, type PersonFormLookups } from '@/api/people';
import { promotionMachine, type PromotionField } from '@/machines/promotion.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { DeferredConfirmDialog } from '@/ui/confirm';
import { Card } from '@/ui/page';
import { SelectField } from '@/ui/select';
import { Loading } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useErrorText } from '@/i18n/errors';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { useFlow } from '@/ui/use-flow';

export function PromotePanel({ lookups }: { lookups: PersonFormLookups }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const errorText = useErrorText();
  const current = lookups.sessions.find((s) => s.current) ?? null;
  const next = current
    ? lookups.sessions.find((s) => Number(s.session_year) === Number(current.session_year) + 1)
    : null;
  const [state, send] = useFlow(promotionMachine, {
    invalidates: [peopleListKeys.lists],
    on: 'promoted',
    input: {
      defaults: {
        from_session_id: current ? String(current.id) : '',
        to_session_id: next ? String(next.id) : '',
      },
    },
  });
  const { form, fields, left, error, result } = state.context;
  const set = (field: PromotionField) => (value: string) => send({ type: 'promotion.field', field, value });

  const students = useQuery({
    ...lookupSectionStudentsQuery({
      class_id: 0,
      section_id: Number(form.section_id),
      session_id: Number(form.from_session_id),
    }),
    enabled: Boolean(form.section_id && form.from_session_id),
  });
  const listed = students.data;
  useEffect(() => {
    if (listed) send({ type: 'promotion.students', ids: listed.map((s) => s.student_id) });
  }, [listed, send]);
  useUnsavedChanges(state.hasTag('form') && left.length > 0, t('people.promotion.unsaved'));

  const sectionOptions = lookups.sections.map((s) => ({
    value: String(s.id),
    label: `${name('classes', s.class_name)} ${s.section_default_name}`,
  }));
  const sessionOptions = lookups.sessions.map((s) => ({
    value: String(s.id),
    label: localDigits(s.session_year, lang),
  }));
  const from = lookups.sections.find((s) => String(s.id) === form.section_id);
  const to = lookups.sections.find((s) => String(s.id) === form.to_section_id);
  const toYear = lookups.sessions.find((s) => String(s.id) === form.to_session_id)?.session_year ?? '';
  const count = (listed?.length ?? 0) - left.length;
  const fieldError = (f: string) => (fields[f] ? t('people.promotion.choose') : null);

  return (
    <Card title={t('people.promotion.title')}>
      <p className="mb-3 text-sm text-slate-700">{t('people.promotion.intro')}</p>
      {state.hasTag('done') && result ? (
        <div className="space-y-3" aria-live="polite">
          <Alert tone="success">
            {t('people.promotion.done', {
              count: localDigits(String(result.promoted), lang),
              className: name('classes', result.to_class_name),
              section: result.to_section_name,
              year: localDigits(result.to_session_year, lang),
            })}
          </Alert>
          <Button variant="secondary" onClick={() => send({ type: 'promotion.again' })}>
            {t('people.promotion.another')}
          </Button>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'promotion.submit' });
          }}
          className="space-y-4"
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label={t('people.promotion.fromSession')}
              value={form.from_session_id}
              onChange={set('from_session_id')}
              options={sessionOptions}
              placeholder={t('people.promotion.choose')}
              error={fieldError('from_session_id')}
            />
            <SelectField
              label={t('people.promotion.fromSection')}
              value={form.section_id}
              onChange={set('section_id')}
              options={sectionOptions}
              placeholder={t('people.promotion.choose')}
              error={fieldError('section_id')}
            />
            <SelectField
              label={t('people.promotion.toSession')}
              value={form.to_session_id}
              onChange={set('to_session_id')}
              options={sessionOptions}
              placeholder={t('people.promotion.choose')}
              error={fieldError('to_session_id')}
              hint={next ? undefined : t('people.promotion.noNextSession')}
            />
            <SelectField
              label={t('people.promotion.toSection')}
              value={form.to_section_id}
              onChange={set('to_section_id')}
              options={sectionOptions}
              placeholder={t('people.promotion.choose')}
              error={fieldError('to_section_id')}
            />
          </div>
          {students.isPending && students.fetchStatus !== 'idle' ? (
            <Loading label={t('people.promotion.loading')} />
          ) : null}
          {students.isError ? <Alert tone="error">{errorText(students.error)}</Alert> : null}
          {listed && listed.length === 0 ? <Alert tone="info">{t('people.promotion.empty')}</Alert> : null}
          {listed && listed.length > 0 ? (
            <DataTable
              caption={t('people.promotion.caption', { count: localDigits(String(count), lang) })}
              cards
              head={[t('people.promotion.move'), t('people.promotion.roll'), t('people.promotion.name')]}
            >
              {listed.map((s) => (
                <tr key={s.student_id}>
                  <Td label={t('people.promotion.move')}>
                    <label className="inline-flex min-h-11 min-w-11 items-center gap-2">
                      <input
                        type="checkbox"
                        className="h-5 w-5"
                        checked={!left.includes(s.student_id)}
                        onChange={() => send({ type: 'promotion.toggle', id: s.student_id })}
                        aria-label={t('people.promotion.moveOne', { name: s.full_name })}
                      />
                    </label>
                  </Td>
                  <Td label={t('people.promotion.roll')}>{localDigits(String(s.class_roll_no), lang)}</Td>
                  <Td label={t('people.promotion.name')}>
                    {s.full_name} <span className="text-slate-600">({s.student_code})</span>
                  </Td>
                </tr>
              ))}
            </DataTable>
          ) : null}
          {fields.student_ids ? <Alert tone="error">{t('people.promotion.nobody')}</Alert> : null}
          {error ? <Alert tone="error">{errorText(error.raw)}</Alert> : null}
          <Button type="submit" disabled={state.hasTag('busy') || !state.can({ type: 'promotion.submit' })}>
            {state.hasTag('busy') ? t('people.promotion.promoting') : t('people.promotion.submit')}
          </Button>
        </form>
      )}
      <DeferredConfirmDialog
        open={state.hasTag('confirm')}
        title={t('people.promotion.confirmTitle')}
        confirmLabel={t('people.promotion.confirm')}
        cancelLabel={t('people.promotion.cancel')}
        onConfirm={() => send({ type: 'promotion.confirm' })}
        onCancel={() => send({ type: 'promotion.cancel' })}
      >
        {t('people.promotion.confirmBody', {
          count: localDigits(String(count), lang),
          from: from ? `${name('classes', from.class_name)} ${from.section_default_name}` : '',
          to: to ? `${name('classes', to.class_name)} ${to.section_default_name}` : '',
          year: localDigits(toYear, lang),
        })}
      </DeferredConfirmDialog>
    </Card>
  );
}
