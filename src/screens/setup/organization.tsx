/**
 * /add-organization (super admin): the organization type form (type and code) that
 * creates a type or saves the one chosen with Edit, and the list of types with how many schools
 * and classes use each. Deleting asks first; a type in use is refused by the server (409).
 */
import { type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { organizationsQuery, setupKeys } from '@/api/school-setup';
import { MISSING_FIELD, organizationMachine, type OrganizationForm } from '@/machines/organization.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { DeferredConfirmDialog } from '@/ui/confirm';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useErrorText } from '@/i18n/errors';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useFlow } from '@/ui/use-flow';

export default function OrganizationScreen() {
  const { t, lang } = useI18n();
  const errorText = useErrorText();
  const [state, send] = useFlow(organizationMachine, { invalidates: [setupKeys.organizations], on: 'savedChanges' });
  const { form, editingId, target, error, notice } = state.context;
  const busy = state.hasTag('busy');
  const list = useQuery(organizationsQuery());
  useUnsavedChanges(
    editingId !== null || Boolean(form.Organization_type || form.organization_code),
    t('school_setup.form.unsaved'),
  );

  const fieldError = (f: keyof OrganizationForm) => {
    const m = error?.fields[f];
    if (!m) return null;
    if (m === MISSING_FIELD) return t('school_setup.form.required');
    if (m === 'is already taken') return t('school_setup.form.taken');
    return m;
  };
  const topError = error && !Object.keys(error.fields).length ? errorText(error.cause ?? error.message) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'org.submit' });
  };
  const head = [
    t('school_setup.organization.fields.Organization_type'),
    t('school_setup.organization.fields.organization_code'),
    t('school_setup.organization.schools'),
    t('school_setup.organization.classes'),
    t('school_setup.organization.actions'),
  ];
  return (
    <>
      <PageHeader title={t('school_setup.organization.title')} />
      <div className="space-y-6">
        <Card title={editingId ? t('school_setup.organization.editTitle') : t('school_setup.organization.newTitle')}>
          <form onSubmit={submit} noValidate className="space-y-4">
            {notice ? (
              <Alert tone="success">{t(`school_setup.success.${notice.code.replace(/^setup\./, '')}` as never)}</Alert>
            ) : null}
            {topError ? <Alert tone="error">{topError}</Alert> : null}
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                label={t('school_setup.organization.fields.Organization_type')}
                name="Organization_type"
                value={form.Organization_type}
                onChange={(e) => send({ type: 'org.field', field: 'Organization_type', value: e.target.value })}
                error={fieldError('Organization_type')}
                required
              />
              <TextField
                label={t('school_setup.organization.fields.organization_code')}
                name="organization_code"
                value={form.organization_code}
                onChange={(e) => send({ type: 'org.field', field: 'organization_code', value: e.target.value })}
                hint={t('school_setup.organization.codeHint')}
                error={fieldError('organization_code')}
                required
              />
            </div>
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={!state.can({ type: 'org.submit' })}>
                {state.hasTag('saving')
                  ? t('school_setup.organization.saving')
                  : editingId
                    ? t('school_setup.organization.save')
                    : t('school_setup.organization.submit')}
              </Button>
              {editingId ? (
                <Button variant="secondary" onClick={() => send({ type: 'org.cancel' })} disabled={busy}>
                  {t('school_setup.organization.cancelEdit')}
                </Button>
              ) : null}
            </div>
          </form>
        </Card>
        <Card title={t('school_setup.organization.listTitle')}>
          <QueryState
            query={list}
            what={t('school_setup.organization.what')}
            loadingLabel={t('school_setup.organization.loading')}
            empty={t('school_setup.organization.empty')}
            isEmpty={(rows) => rows.length === 0}
          >
            {(rows) => (
              <DataTable caption={t('school_setup.organization.listTitle')} cards head={head}>
                {rows.map((o) => {
                  const inUse = o.schools + o.classes > 0;
                  return (
                    <tr key={o.id}>
                      <Td label={head[0]}>{o.Organization_type}</Td>
                      <Td label={head[1]}>{o.organization_code}</Td>
                      <Td label={head[2]}>{localDigits(String(o.schools), lang)}</Td>
                      <Td label={head[3]}>{localDigits(String(o.classes), lang)}</Td>
                      <Td label={head[4]}>
                        <div className="flex flex-wrap gap-1">
                          <Button
                            variant="ghost"
                            disabled={busy}
                            aria-label={t('school_setup.organization.editName', { name: o.Organization_type })}
                            onClick={() => send({ type: 'org.edit', row: o })}
                          >
                            {t('school_setup.organization.edit')}
                          </Button>
                          <Button
                            variant="ghost"
                            disabled={busy}
                            aria-label={t('school_setup.organization.deleteName', { name: o.Organization_type })}
                            title={inUse ? t('school_setup.organization.inUse') : undefined}
                            onClick={() => send({ type: 'org.delete', row: o })}
                          >
                            {t('school_setup.organization.delete')}
                          </Button>
                        </div>
                      </Td>
                    </tr>
                  );
                })}
              </DataTable>
            )}
          </QueryState>
        </Card>
      </div>
      <DeferredConfirmDialog
        open={state.hasTag('confirm')}
        title={t('school_setup.organization.deleteTitle')}
        confirmLabel={t('school_setup.organization.delete')}
        cancelLabel={t('common.cancel')}
        tone="danger"
        busy={state.hasTag('confirm') && state.hasTag('busy')}
        onConfirm={() => send({ type: 'org.confirm' })}
        onCancel={() => send({ type: 'org.cancel' })}
      >
        {target ? t('school_setup.organization.deleteBody', { name: target.Organization_type }) : null}
      </DeferredConfirmDialog>
    </>
  );
}
