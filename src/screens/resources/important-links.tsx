/**
 * /studentimportantlink: the links the school curates. Everyone the page admits reads them (each
 * opens in a new tab, rel="noopener noreferrer"); the school admin adds, edits and deletes them here.
 */
import { useQuery } from '@tanstack/react-query';
import { deleteLink, linksQuery, saveLink } from '@/api/resources';
import { isWebAddress, RESOURCE_PAGE, type LinkRow } from '@/api/schemas/resources';
import { useI18n } from '@/i18n/i18n';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { QueryState } from '@/ui/status';
import { useSearchState } from '@/ui/use-search-state';
import type { ResourceForm } from '@/machines/resource-editor.machine';
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

function useLinkFields(): readonly FieldDef[] {
  const { t } = useI18n();
  return [
    { name: 'title', label: t('resources.fields.title'), kind: 'text', required: true },
    { name: 'url', label: t('resources.fields.url'), kind: 'url', hint: t('resources.fields.urlHint'), required: true },
    { name: 'description', label: t('resources.fields.description'), kind: 'textarea' },
  ];
}

export default function ImportantLinks() {
  const { t } = useI18n();
  const { schoolName, schoolInfoId, may } = useResourceSchool();
  const canWrite = may('link.write');
  const [search, setSearch] = useSearchState({ page: '1' });
  const { page, offset } = pageOf(search.page, SIZE);
  const query = useQuery(linksQuery({ school_info_id: schoolInfoId, limit: SIZE, offset }));

  const config: EditorConfig = {
    blank: { title: '', url: '', description: '' },
    check: (f: ResourceForm) => {
      const e: Record<string, string> = {};
      if (!f.title.trim()) e.title = t('resources.check.title');
      if (!isWebAddress(f.url.trim())) e.url = t('resources.check.url');
      return e;
    },
    save: (id, f, _file, key) =>
      saveLink(id, { title: f.title, url: f.url.trim(), description: f.description }, { idempotencyKey: key }),
    remove: deleteLink,
    addTitle: t('resources.links.addTitle'),
    editTitle: t('resources.links.editTitle'),
    deleteTitle: t('resources.links.deleteTitle'),
    deleteBody: (title) => t('resources.links.deleteBody', { title }),
    useFields: useLinkFields,
  };

  return (
    <ResourceEditorProvider config={config} canWrite={canWrite}>
      <PageHeader kicker={schoolName} title={t('resources.links.title')}>
        {canWrite ? <AddButton>{t('resources.links.add')}</AddButton> : null}
      </PageHeader>
      <Card>
        <QueryState
          query={query}
          what={t('resources.links.what')}
          loadingLabel={t('resources.links.loading')}
          empty={t('resources.links.empty')}
          isEmpty={(d) => d.rows.length === 0}
        >
          {(data) => (
            <>
              <ul className="divide-y divide-slate-100" aria-label={t('resources.links.caption')}>
                {data.rows.map((link: LinkRow) => (
                  <li key={link.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                    <div className="min-w-0 flex-1">
                      <a
                        href={link.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex min-h-11 items-center break-all text-base font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
                      >
                        {link.title}
                        <span className="sr-only"> {t('resources.links.opensNewTab')}</span>
                      </a>
                      {link.description ? <p className="text-sm text-slate-600">{link.description}</p> : null}
                      <p className="break-all text-xs text-slate-600">{link.url}</p>
                    </div>
                    {canWrite ? (
                      <RowActions
                        id={link.id}
                        label={link.title}
                        form={{ title: link.title, url: link.url, description: link.description }}
                      />
                    ) : null}
                  </li>
                ))}
              </ul>
              <Pagination
                page={page}
                pageSize={SIZE}
                total={data.total}
                onPage={(p) => setSearch({ page: String(p) })}
                label={t('resources.links.caption')}
              />
            </>
          )}
        </QueryState>
      </Card>
    </ResourceEditorProvider>
  );
}
