/**
 * /add-school (super admin): the school profile form that creates a school and its
 * admin (the admin's one-time password shown once), and the table of schools, searched and paged
 * with the search in the URL, each editable in a dialog.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { schoolPageQuery, setupKeys } from '@/api/school-setup';
import type { SchoolDetailRow } from '@/api/schemas/lookups';
import { schoolToForm } from '@/machines/school-form.machine';
import { Button } from '@/ui/button';
import { SimpleDialog } from '@/ui/dialog';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useToast } from '@/ui/toast';
import { useSearchState } from '@/ui/use-search-state';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { SchoolFormCard } from './add-school-form';
import { RecordDeleteButton, useRecordDelete } from '@/screens/deletes/record-delete';

const PAGE_SIZE = 20;

export default function AddSchoolScreen() {
  const { t } = useI18n();
  return (
    <>
      <PageHeader title={t('school_setup.form.title')} />
      <div className="space-y-6">
        <Card title={t('school_setup.form.title')}>
          <SchoolFormCard mode="create" />
        </Card>
        <SchoolTable />
      </div>
    </>
  );
}

function SchoolTable() {
  const { t, lang } = useI18n();
  const toast = useToast();
  const [params, setParams] = useSearchState({ q: '', page: '1' });
  const [editing, setEditing] = useState<SchoolDetailRow | null>(null);
  // Deleting a school made by mistake (docs/DOMAIN.md, "Deleting").
  const deletes = useRecordDelete([setupKeys.schools]);
  const page = Math.max(1, Number(params.page) || 1);
  const list = useQuery(
    schoolPageQuery({ q: params.q || undefined, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
  );
  const head = [
    t('school_setup.list.eiin'),
    t('school_setup.list.name'),
    t('school_setup.list.type'),
    t('school_setup.list.place'),
    t('school_setup.list.division'),
    t('school_setup.list.phone'),
    t('school_setup.list.actions'),
  ];
  return (
    <Card title={t('school_setup.list.title')}>
      <TextField
        label={t('school_setup.list.search')}
        type="search"
        value={params.q}
        onChange={(e) => setParams({ q: e.target.value, page: '1' }, { replace: true })}
        className="mb-3 max-w-md"
      />
      {deletes.element}
      <QueryState
        query={list}
        what={t('school_setup.list.what')}
        loadingLabel={t('school_setup.list.loading')}
        empty={params.q ? t('school_setup.list.noMatch', { q: params.q }) : t('school_setup.list.empty')}
        isEmpty={(data) => data.rows.length === 0}
      >
        {(data) => (
          <>
            <p className="mb-2 text-sm text-slate-600">{t('school_setup.list.count', { count: data.total })}</p>
            <DataTable caption={t('school_setup.list.title')} cards head={head}>
              {data.rows.map((s) => (
                <tr key={s.id}>
                  <Td label={head[0]}>{localDigits(s.eiin, lang)}</Td>
                  <Td label={head[1]}>
                    {s.school_name} <span className="text-slate-600">({s.short_name})</span>
                  </Td>
                  <Td label={head[2]}>{s.type_name}</Td>
                  <Td label={head[3]}>{[s.address_upazilla, s.address_district].filter(Boolean).join(', ')}</Td>
                  <Td label={head[4]}>{s.address_division ?? ''}</Td>
                  <Td label={head[5]}>{s.phone ? localDigits(s.phone, lang) : ''}</Td>
                  <Td label={head[6]}>
                    <Button
                      variant="ghost"
                      onClick={() => setEditing(s)}
                      aria-label={t('school_setup.list.editName', { name: s.school_name })}
                    >
                      {t('school_setup.list.edit')}
                    </Button>
                    <RecordDeleteButton
                      deletes={deletes}
                      kind="school"
                      id={s.id}
                      label={`${s.school_name} (${s.eiin})`}
                    />
                  </Td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onPage={(p) => setParams({ page: String(p) })}
              label={t('school_setup.list.pages')}
            />
          </>
        )}
      </QueryState>
      <SimpleDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? t('school_setup.list.editName', { name: editing.school_name }) : ''}
        closeLabel={t('common.close')}
        wide
      >
        {editing ? (
          <SchoolFormCard
            key={editing.id}
            mode="edit"
            schoolId={editing.id}
            initial={schoolToForm(editing)}
            onSaved={() => {
              setEditing(null);
              toast.show(t('school_setup.success.school_saved'), 'success');
            }}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </SimpleDialog>
    </Card>
  );
}
