/**
 * /showhomework: "Student Home Work" for the school admin and viewers (a viewer's chosen school):
 * filters Class, Subject, Section, Teacher Initial and Date, kept in the address, and the
 * "Student Home Sheet" table with each homework's Submission Details (/submitdetails).
 * "No Data To Show" when nothing matches.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { HOMEWORK_PAGE } from '@/api/schemas/homework';
import { filterSectionsQuery, filterSubjectsQuery, filterTeachersQuery, homeworkFilterQuery } from '@/api/homework';
import { formatNumber } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { Button } from '@/ui/button';
import { DateField } from '@/ui/date-field';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { SelectField } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { DataTable, Td, linkStyle } from '@/ui/table';
import { useSearchState } from '@/ui/use-search-state';
import { homeworkDate } from './parts';

const DEFAULTS = { class_id: '', section_id: '', subject_id: '', teacher_id: '', date: '', page: '1' };
const num = (v: string) => (/^\d+$/.test(v) ? Number(v) : undefined);

export default function ShowHomework() {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const { school } = useSignedIn();
  const schoolInfoId = school?.id;
  const [f, setF] = useSearchState(DEFAULTS);
  const classId = num(f.class_id);
  const page = Math.max(1, Number(f.page) || 1);
  const size = HOMEWORK_PAGE.defaultLimit;
  const sections = useQuery(filterSectionsQuery(schoolInfoId));
  const subjects = useQuery({ ...filterSubjectsQuery(classId ?? 0), enabled: !!classId });
  const teachers = useQuery(filterTeachersQuery(schoolInfoId));
  const list = useQuery(
    homeworkFilterQuery({
      school_info_id: schoolInfoId,
      class_id: classId,
      section_id: num(f.section_id),
      subject_id: num(f.subject_id),
      teacher_id: num(f.teacher_id),
      date: f.date || undefined,
      limit: size,
      offset: (page - 1) * size,
    }),
  );
  const classes = [...new Map((sections.data ?? []).map((s) => [s.class_id, s.class_name])).entries()];
  const set = (patch: Partial<typeof DEFAULTS>) => setF({ ...patch, page: '1' });
  const head = [
    t('homework.filter.head.class'),
    t('homework.filter.head.subject'),
    t('homework.filter.head.section'),
    t('homework.filter.head.initial'),
    t('homework.filter.head.topic'),
    t('homework.filter.head.homework'),
    t('homework.filter.head.details'),
    t('homework.filter.head.start'),
    t('homework.filter.head.due'),
  ];
  return (
    <>
      <PageHeader title={t('homework.filter.title')} kicker={school?.school_name} />
      <Card>
        <form className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" onSubmit={(e) => e.preventDefault()}>
          <SelectField
            label={t('homework.fields.class_id')}
            value={f.class_id}
            onChange={(v) => set({ class_id: v, section_id: '', subject_id: '' })}
            placeholder={t('homework.allClasses')}
            options={classes.map(([id, className]) => ({ value: String(id), label: name('classes', className) }))}
          />
          <SelectField
            label={t('homework.fields.subject_id')}
            value={f.subject_id}
            onChange={(v) => set({ subject_id: v })}
            placeholder={t('homework.allSubjects')}
            disabled={!classId}
            options={(subjects.data ?? []).map((s) => ({
              value: String(s.id),
              label: name('subjects', s.subject_name),
            }))}
          />
          <SelectField
            label={t('homework.fields.section_id')}
            value={f.section_id}
            onChange={(v) => set({ section_id: v })}
            placeholder={t('homework.allSections')}
            disabled={!classId}
            options={(sections.data ?? [])
              .filter((s) => s.class_id === classId)
              .map((s) => ({ value: String(s.id), label: s.section_default_name }))}
          />
          <SelectField
            label={t('homework.fields.teacher_id')}
            value={f.teacher_id}
            onChange={(v) => set({ teacher_id: v })}
            placeholder={t('homework.allTeachers')}
            options={(teachers.data ?? []).map((x) => ({
              value: String(x.id),
              label: `${x.initial} · ${x.full_name}`,
            }))}
          />
          <DateField label={t('homework.fields.date')} value={f.date} onChange={(v) => set({ date: v })} />
          <div className="sm:col-span-2 lg:col-span-5">
            <Button variant="secondary" onClick={() => setF(DEFAULTS)}>
              {t('homework.filter.clear')}
            </Button>
          </div>
        </form>
      </Card>
      <div className="mt-6">
        <Card title={t('homework.filter.table')}>
          <QueryState
            query={list}
            what={t('homework.list.what')}
            loadingLabel={t('homework.list.loading')}
            empty={t('homework.list.empty')}
            isEmpty={(d) => d.total === 0}
          >
            {(data) => (
              <>
                <DataTable cards caption={t('homework.filter.table')} head={head} minWidth="56rem">
                  {data.rows.map((r) => (
                    <tr key={r.id}>
                      <Td label={head[0]}>{name('classes', r.class_name)}</Td>
                      <Td label={head[1]}>{name('subjects', r.subject_name)}</Td>
                      <Td label={head[2]}>{r.section_local_name}</Td>
                      <Td label={head[3]}>{r.initial}</Td>
                      <Td label={head[4]} className="font-semibold text-slate-900">
                        {r.topic}
                      </Td>
                      <Td label={head[5]} className="max-w-xs whitespace-pre-line break-words">
                        {r.details}
                      </Td>
                      <Td label={head[6]}>
                        <Link href={`/submitdetails?homework=${r.id}`} className={linkStyle}>
                          {t('homework.filter.submissionDetails')} ({formatNumber(r.submitted, lang)}/
                          {formatNumber(r.students, lang)})
                        </Link>
                      </Td>
                      <Td label={head[7]}>{homeworkDate(r.issue_date, lang)}</Td>
                      <Td label={head[8]}>{homeworkDate(r.due_date, lang)}</Td>
                    </tr>
                  ))}
                </DataTable>
                <Pagination
                  page={page}
                  pageSize={size}
                  total={data.total}
                  onPage={(p) => setF({ page: String(p) })}
                  label={t('homework.list.pages')}
                />
              </>
            )}
          </QueryState>
        </Card>
      </div>
    </>
  );
}
