/**
 * /studentebook: the e-books the school uploads, each with a Download button (the file comes
 * through the authorised endpoint with the session's token, never a public link). The school admin
 * uploads (title, optional class and subject, the file), edits the labels and deletes here.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  deleteEbook,
  downloadEbook,
  ebookClassesQuery,
  ebooksQuery,
  ebookSubjectsQuery,
  saveEbook,
} from '@/api/resources';
import { RESOURCE_PAGE, type EbookRow } from '@/api/schemas/resources';
import { formatNumber } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { useErrorText } from '@/i18n/errors';
import type { ResourceForm } from '@/machines/resource-editor.machine';
import { Button } from '@/ui/button';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useToast } from '@/ui/toast';
import { useSearchState } from '@/ui/use-search-state';
import {
  AddButton,
  pageOf,
  ResourceEditorProvider,
  RowActions,
  useResourceSchool,
  type EditorConfig,
  type FieldDef,
} from './parts';

const SIZE = RESOURCE_PAGE.defaultLimit;

export default function Ebooks() {
  const { t } = useI18n();
  const { schoolName, schoolInfoId, may } = useResourceSchool();
  const canWrite = may('ebook.write');
  const [search, setSearch] = useSearchState({ page: '1' });
  const { page, offset } = pageOf(search.page, SIZE);
  const query = useQuery(ebooksQuery({ school_info_id: schoolInfoId, limit: SIZE, offset }));

  const config: EditorConfig = {
    blank: { title: '', class_id: '', subject_id: '' },
    check: (f: ResourceForm, file: File | null, id: number | null) => {
      const e: Record<string, string> = {};
      if (!f.title.trim()) e.title = t('resources.check.title');
      if (id === null && !file) e.file = t('resources.check.file');
      return e;
    },
    save: (id, f, file, key) =>
      saveEbook(
        id,
        {
          title: f.title,
          class_id: f.class_id ? Number(f.class_id) : undefined,
          subject_id: f.class_id && f.subject_id ? Number(f.subject_id) : undefined,
        },
        file,
        { idempotencyKey: key },
      ),
    remove: deleteEbook,
    addTitle: t('resources.ebooks.addTitle'),
    editTitle: t('resources.ebooks.editTitle'),
    deleteTitle: t('resources.ebooks.deleteTitle'),
    deleteBody: (title) => t('resources.ebooks.deleteBody', { title }),
    useFields: useEbookFields,
  };

  return (
    <ResourceEditorProvider config={config} canWrite={canWrite}>
      <PageHeader kicker={schoolName} title={t('resources.ebooks.title')}>
        {canWrite ? <AddButton>{t('resources.ebooks.add')}</AddButton> : null}
      </PageHeader>
      <Card>
        <QueryState
          query={query}
          what={t('resources.ebooks.what')}
          loadingLabel={t('resources.ebooks.loading')}
          empty={t('resources.ebooks.empty')}
          isEmpty={(d) => d.rows.length === 0}
        >
          {(data) => (
            <>
              <DataTable
                caption={t('resources.ebooks.caption')}
                cards
                head={[
                  t('resources.cols.title'),
                  t('resources.cols.class'),
                  t('resources.cols.subject'),
                  t('resources.cols.file'),
                  t('resources.cols.actions'),
                ]}
              >
                {data.rows.map((row) => (
                  <EbookRowView key={row.id} row={row} canWrite={canWrite} />
                ))}
              </DataTable>
              <Pagination
                page={page}
                pageSize={SIZE}
                total={data.total}
                onPage={(p) => setSearch({ page: String(p) })}
                label={t('resources.ebooks.caption')}
              />
            </>
          )}
        </QueryState>
      </Card>
    </ResourceEditorProvider>
  );
}

/** The upload form: the classes, and the chosen class's subjects, as they arrive. */
function useEbookFields(form: ResourceForm): readonly FieldDef[] {
  const { t } = useI18n();
  const { name } = useNames();
  const classId = form.class_id;
  const classes = useQuery(ebookClassesQuery());
  const subjects = useQuery({ ...ebookSubjectsQuery(Number(classId) || 0), enabled: Boolean(classId) });
  return [
    { name: 'title', label: t('resources.fields.title'), kind: 'text', required: true },
    {
      name: 'class_id',
      label: t('resources.fields.class'),
      kind: 'select',
      placeholder: t('resources.fields.anyClass'),
      clears: ['subject_id'],
      options: (classes.data ?? []).map((c) => ({ value: String(c.id), label: name('classes', c.class_name) })),
    },
    ...(classId
      ? [
          {
            name: 'subject_id',
            label: t('resources.fields.subject'),
            kind: 'select' as const,
            placeholder: t('resources.fields.anySubject'),
            options: (subjects.data ?? []).map((s) => ({
              value: String(s.id),
              label: name('subjects', s.subject_name),
            })),
          },
        ]
      : []),
    {
      name: 'file',
      label: t('resources.fields.file'),
      kind: 'file',
      hint: t('resources.fields.fileHint'),
      onlyNew: true,
    },
  ];
}

function EbookRowView({ row, canWrite }: { row: EbookRow; canWrite: boolean }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const errorText = useErrorText();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadEbook(row.id, row.file_name);
    } catch (err) {
      toast.show(errorText(err), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <tr>
      <Td label={t('resources.cols.title')} className="font-semibold text-slate-900">
        {row.title}
      </Td>
      <Td label={t('resources.cols.class')}>{row.class_name ? name('classes', row.class_name) : '—'}</Td>
      <Td label={t('resources.cols.subject')}>{row.subject_name ? name('subjects', row.subject_name) : '—'}</Td>
      <Td label={t('resources.cols.file')}>
        <span className="break-all">{row.file_name}</span>{' '}
        <span className="text-xs text-slate-600">
          ({t('resources.ebooks.size', { size: formatNumber(Math.max(1, Math.round(row.file_size / 1024)), lang) })})
        </span>
      </Td>
      <Td label={t('resources.cols.actions')}>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="primary"
            disabled={busy}
            aria-label={t('resources.ebooks.downloadNamed', { title: row.title })}
            onClick={() => void download()}
          >
            {busy ? t('resources.ebooks.downloading') : t('resources.ebooks.download')}
          </Button>
          {canWrite ? (
            <RowActions
              id={row.id}
              label={row.title}
              form={{
                title: row.title,
                class_id: row.class_id ? String(row.class_id) : '',
                subject_id: row.subject_id ? String(row.subject_id) : '',
              }}
            />
          ) : null}
        </div>
      </Td>
    </tr>
  );
}
