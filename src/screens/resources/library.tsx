/**
 * /studentlibrary: the school library's catalogue (title, author, category, copies, available),
 * searchable and paged. A student also sees their own loans (due dates, overdue marked). The
 * school admin manages the catalogue here (add, edit, delete; delete refused while copies are out)
 * and records loans: Issue on a book's row (student code and due date), and the loans list with
 * Return. Teachers and viewers read the catalogue.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { DateTime } from 'luxon';
import { booksQuery, deleteBook, issueLoan, loansQuery, resourceKeys, returnLoan, saveBook } from '@/api/resources';
import { MAX_COPIES, RESOURCE_PAGE, type BookRow, type LoanRow } from '@/api/schemas/resources';
import { formatDate, formatNumber } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useErrorText } from '@/i18n/errors';
import { libraryLoanMachine, type IssueInput, type LoanAnswer, type LoanForm } from '@/machines/library-loan.machine';
import type { ResourceForm } from '@/machines/resource-editor.machine';
import { StudentInView, type ViewedStudent } from '@/screens/guardians/student-in-view';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { SimpleDialog } from '@/ui/dialog';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useSearchState } from '@/ui/use-search-state';
import {
  AddButton,
  FeedbackToast,
  pageOf,
  ResourceEditorProvider,
  RowActions,
  useResourceSchool,
  type EditorConfig,
  type FieldDef,
} from './parts';
import { useFlowLogic } from '@/ui/use-flow';

const SIZE = RESOURCE_PAGE.defaultLimit;
const Loan = createActorContext(libraryLoanMachine);

const schoolToday = () => DateTime.now().setZone('Asia/Dhaka').toISODate()!;

function useBookFields(): readonly FieldDef[] {
  const { t } = useI18n();
  return [
    { name: 'title', label: t('resources.fields.title'), kind: 'text', required: true },
    { name: 'author', label: t('resources.fields.author'), kind: 'text' },
    { name: 'category', label: t('resources.fields.category'), kind: 'text' },
    { name: 'copies', label: t('resources.fields.copies'), kind: 'number', required: true },
  ];
}

export default function Library() {
  const { t } = useI18n();
  const { schoolName, may } = useResourceSchool();
  const canWrite = may('library.write');
  const canIssue = may('library.issue');
  const ownLoans = may('library.loans') && !canIssue;
  // A guardian: a linked child's loans and the catalogue of the child's school (`?student=`).
  const forChild = may('guardian.children');

  const config: EditorConfig = {
    blank: { title: '', author: '', category: '', copies: '1' },
    check: (f: ResourceForm) => {
      const e: Record<string, string> = {};
      if (!f.title.trim()) e.title = t('resources.check.title');
      const n = Number(f.copies.trim());
      if (!/^\d+$/.test(f.copies.trim()) || n > MAX_COPIES) e.copies = t('resources.check.copies');
      return e;
    },
    save: (id, f, _file, key) =>
      saveBook(
        id,
        { title: f.title, author: f.author, category: f.category, copies: Number(f.copies.trim()) },
        { idempotencyKey: key },
      ),
    remove: deleteBook,
    addTitle: t('resources.library.addTitle'),
    editTitle: t('resources.library.editTitle'),
    deleteTitle: t('resources.library.deleteTitle'),
    deleteBody: (title) => t('resources.library.deleteBody', { title }),
    useFields: useBookFields,
  };

  if (forChild) {
    return (
      <>
        <PageHeader title={t('resources.library.title')} />
        <StudentInView>
          {(student) => (
            <div className="space-y-6">
              <MyLoans student={student} />
              <Catalogue canWrite={false} canIssue={false} schoolInfoId={student.school_info_id ?? undefined} />
            </div>
          )}
        </StudentInView>
      </>
    );
  }

  const body = (
    <>
      <PageHeader kicker={schoolName} title={t('resources.library.title')}>
        {canWrite ? <AddButton>{t('resources.library.add')}</AddButton> : null}
      </PageHeader>
      <div className="space-y-6">
        {ownLoans ? <MyLoans /> : null}
        <Catalogue canWrite={canWrite} canIssue={canIssue} />
        {canIssue ? <SchoolLoans /> : null}
      </div>
    </>
  );
  return (
    <ResourceEditorProvider config={config} canWrite={canWrite}>
      {canIssue ? <LoanFlow>{body}</LoanFlow> : body}
    </ResourceEditorProvider>
  );
}

// ---------------------------------------------------------------- the catalogue

function Catalogue({
  canWrite,
  canIssue,
  schoolInfoId: forSchool,
}: {
  canWrite: boolean;
  canIssue: boolean;
  /** A guardian's: the child's school (the signed-in user's, or a viewer's chosen one, otherwise). */
  schoolInfoId?: number;
}) {
  const { t, lang } = useI18n();
  const { schoolInfoId: ownSchool } = useResourceSchool();
  const schoolInfoId = forSchool ?? ownSchool;
  const [search, setSearch] = useSearchState({ q: '', page: '1' });
  const [draft, setDraft] = useState(search.q);
  const { page, offset } = pageOf(search.page, SIZE);
  const query = useQuery(booksQuery({ school_info_id: schoolInfoId, q: search.q || undefined, limit: SIZE, offset }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch({ q: draft.trim(), page: '1' });
  };
  const head = [
    t('resources.cols.title'),
    t('resources.cols.author'),
    t('resources.cols.category'),
    t('resources.cols.copies'),
    t('resources.cols.available'),
    ...(canWrite || canIssue ? [t('resources.cols.actions')] : []),
  ];
  return (
    <Card title={t('resources.library.catalogue')}>
      <form role="search" onSubmit={submit} className="mb-4 flex flex-wrap items-end gap-2">
        <TextField
          className="min-w-0 flex-1"
          label={t('resources.library.search')}
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t('resources.library.searchButton')}
        </Button>
        {search.q ? (
          <Button
            variant="ghost"
            onClick={() => {
              setDraft('');
              setSearch({ q: '', page: '1' });
            }}
          >
            {t('resources.library.clear')}
          </Button>
        ) : null}
      </form>
      <QueryState
        query={query}
        what={t('resources.library.what')}
        loadingLabel={t('resources.library.loading')}
        empty={search.q ? t('resources.library.emptySearch', { q: search.q }) : t('resources.library.empty')}
        isEmpty={(d) => d.rows.length === 0}
      >
        {(data) => (
          <>
            <DataTable caption={t('resources.library.caption')} cards head={head}>
              {data.rows.map((book: BookRow) => (
                <tr key={book.id}>
                  <Td label={t('resources.cols.title')} className="font-semibold text-slate-900">
                    {book.title}
                  </Td>
                  <Td label={t('resources.cols.author')}>{book.author || '—'}</Td>
                  <Td label={t('resources.cols.category')}>{book.category || '—'}</Td>
                  <Td label={t('resources.cols.copies')}>{formatNumber(book.copies, lang)}</Td>
                  <Td label={t('resources.cols.available')}>
                    {book.available > 0 ? (
                      formatNumber(book.available, lang)
                    ) : (
                      <span className="font-semibold text-amber-800">{t('resources.library.noneLeft')}</span>
                    )}
                  </Td>
                  {canWrite || canIssue ? (
                    <Td label={t('resources.cols.actions')}>
                      <div className="flex flex-wrap gap-2">
                        {canIssue ? <IssueButton book={book} /> : null}
                        {canWrite ? (
                          <RowActions
                            id={book.id}
                            label={book.title}
                            form={{
                              title: book.title,
                              author: book.author,
                              category: book.category,
                              copies: String(book.copies),
                            }}
                          />
                        ) : null}
                      </div>
                    </Td>
                  ) : null}
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageSize={SIZE}
              total={data.total}
              onPage={(p) => setSearch({ page: String(p) })}
              label={t('resources.library.caption')}
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}

// ---------------------------------------------------------------- loans

function LoanStatus({ loan }: { loan: LoanRow }) {
  const { t, lang } = useI18n();
  if (loan.returned_on) {
    return (
      <span className="text-slate-600">{t('resources.library.returned', { date: day(loan.returned_on, lang) })}</span>
    );
  }
  return loan.overdue ? (
    <span className="rounded bg-red-100 px-2 py-0.5 font-semibold text-red-800">{t('resources.library.overdue')}</span>
  ) : (
    <span className="rounded bg-indigo-50 px-2 py-0.5 font-semibold text-indigo-800">
      {t('resources.library.onLoan')}
    </span>
  );
}

const day = (iso: string, lang: 'en' | 'bn') => formatDate(iso, lang === 'bn' ? 'd MMMM yyyy' : 'dd-LLL-yyyy', lang);

/** A student's own loans, or (a guardian's view) the named child's. */
function MyLoans({ student }: { student?: ViewedStudent }) {
  const { t, lang } = useI18n();
  const [search, setSearch] = useSearchState({ mypage: '1' });
  const { page, offset } = pageOf(search.mypage, SIZE);
  const query = useQuery(loansQuery({ status: 'all', student_id: student?.queryId, limit: SIZE, offset }));
  const caption = student?.child
    ? t('resources.library.childLoansCaption', { name: student.full_name })
    : t('resources.library.myLoansCaption');
  return (
    <Card
      title={
        student?.child ? t('resources.library.childLoans', { name: student.full_name }) : t('resources.library.myLoans')
      }
    >
      <QueryState
        query={query}
        what={t('resources.library.myLoansWhat')}
        empty={t('resources.library.myLoansEmpty')}
        isEmpty={(d) => d.rows.length === 0}
      >
        {(data) => (
          <>
            <DataTable
              caption={caption}
              cards
              head={[
                t('resources.cols.title'),
                t('resources.cols.issued'),
                t('resources.cols.due'),
                t('resources.cols.status'),
              ]}
            >
              {data.rows.map((loan) => (
                <tr key={loan.id} className={loan.overdue ? 'bg-red-50' : undefined}>
                  <Td label={t('resources.cols.title')} className="font-semibold text-slate-900">
                    {loan.title}
                  </Td>
                  <Td label={t('resources.cols.issued')}>{day(loan.issued_on, lang)}</Td>
                  <Td label={t('resources.cols.due')}>{day(loan.due_date, lang)}</Td>
                  <Td label={t('resources.cols.status')}>
                    <LoanStatus loan={loan} />
                  </Td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageSize={SIZE}
              total={data.total}
              onPage={(p) => setSearch({ mypage: String(p) })}
              label={caption}
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}

function SchoolLoans() {
  const { t, lang } = useI18n();
  const [search, setSearch] = useSearchState({ lq: '', lpage: '1', returned: '' });
  const [draft, setDraft] = useState(search.lq);
  const { page, offset } = pageOf(search.lpage, SIZE);
  const query = useQuery(
    loansQuery({ status: search.returned ? 'all' : 'open', q: search.lq || undefined, limit: SIZE, offset }),
  );
  const actor = Loan.useActorRef();
  const busy = Loan.useSelector((s) => s.hasTag('busy'));
  return (
    <Card title={t('resources.library.loans')}>
      <form
        role="search"
        className="mb-4 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch({ lq: draft.trim(), lpage: '1' });
        }}
      >
        <TextField
          className="min-w-0 flex-1"
          label={t('resources.library.loansSearch')}
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t('resources.library.searchButton')}
        </Button>
      </form>
      <label className="mb-3 flex min-h-11 items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={Boolean(search.returned)}
          onChange={(e) => setSearch({ returned: e.target.checked ? '1' : '', lpage: '1' })}
        />
        {t('resources.library.showReturned')}
      </label>
      <QueryState
        query={query}
        what={t('resources.library.loansWhat')}
        empty={t('resources.library.loansEmpty')}
        isEmpty={(d) => d.rows.length === 0}
      >
        {(data) => (
          <>
            <DataTable
              caption={t('resources.library.loansCaption')}
              cards
              head={[
                t('resources.cols.title'),
                t('resources.cols.student'),
                t('resources.cols.issued'),
                t('resources.cols.due'),
                t('resources.cols.status'),
                t('resources.cols.actions'),
              ]}
            >
              {data.rows.map((loan) => (
                <tr key={loan.id} className={loan.overdue ? 'bg-red-50' : undefined}>
                  <Td label={t('resources.cols.title')} className="font-semibold text-slate-900">
                    {loan.title}
                  </Td>
                  <Td label={t('resources.cols.student')}>
                    {loan.student_name} <span className="text-xs text-slate-600">({loan.student_code})</span>
                  </Td>
                  <Td label={t('resources.cols.issued')}>{day(loan.issued_on, lang)}</Td>
                  <Td label={t('resources.cols.due')}>{day(loan.due_date, lang)}</Td>
                  <Td label={t('resources.cols.status')}>
                    <LoanStatus loan={loan} />
                  </Td>
                  <Td label={t('resources.cols.actions')}>
                    {loan.returned_on ? null : (
                      <Button
                        variant="secondary"
                        disabled={busy}
                        aria-label={t('resources.library.returnNamed', {
                          title: loan.title,
                          student: loan.student_name,
                        })}
                        onClick={() =>
                          actor.send({
                            type: 'loan.return',
                            loan: { id: loan.id, label: `${loan.title}|${loan.student_name}` },
                          })
                        }
                      >
                        {t('resources.library.return')}
                      </Button>
                    )}
                  </Td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageSize={SIZE}
              total={data.total}
              onPage={(p) => setSearch({ lpage: String(p) })}
              label={t('resources.library.loansCaption')}
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}

// ---------------------------------------------------------------- the loan flow (school admin)

function LoanFlow({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const [input] = useState(() => {
    const today = schoolToday();
    return {
      defaultDue: DateTime.fromISO(today).plus({ days: 14 }).toISODate()!,
      check: (f: LoanForm) => {
        const e: Record<string, string> = {};
        if (!f.student_code.trim()) e.student_code = t('resources.check.studentCode');
        if (!/^\d{4}-\d{2}-\d{2}$/.test(f.due_date) || f.due_date < schoolToday())
          e.due_date = t('resources.check.dueDate');
        return e;
      },
    };
  });
  const logic = useFlowLogic(libraryLoanMachine, {
    invalidates: [resourceKeys.all],
    on: 'savedChanges',
    provide: {
      actors: {
        issue: fromPromise<LoanAnswer, IssueInput>(({ input: i }) =>
          issueLoan(
            { book_id: i.bookId, student_code: i.form.student_code.trim(), due_date: i.form.due_date },
            { idempotencyKey: i.idempotencyKey },
          ),
        ),
        giveBack: fromPromise<LoanAnswer, { id: number; idempotencyKey: string }>(({ input: i }) =>
          returnLoan(i.id, { idempotencyKey: i.idempotencyKey }),
        ),
      },
    },
  });
  return (
    <Loan.Provider logic={logic} options={{ input }}>
      {children}
      <LoanFeedback />
      <IssueDialog />
      <ReturnDialog />
    </Loan.Provider>
  );
}

function LoanFeedback() {
  const feedback = Loan.useSelector((s) => s.context.feedback);
  return <FeedbackToast feedback={feedback} />;
}

function IssueButton({ book }: { book: BookRow }) {
  const { t } = useI18n();
  const actor = Loan.useActorRef();
  const busy = Loan.useSelector((s) => s.hasTag('busy'));
  return (
    <Button
      variant="primary"
      disabled={busy || book.available === 0}
      aria-label={t('resources.library.issueNamed', { title: book.title })}
      onClick={() => actor.send({ type: 'loan.issue', book: { id: book.id, title: book.title } })}
    >
      {t('resources.library.issue')}
    </Button>
  );
}

function IssueDialog() {
  const { t } = useI18n();
  const errorText = useErrorText();
  const actor = Loan.useActorRef();
  const open = Loan.useSelector((s) => s.hasTag('dialog'));
  const busy = Loan.useSelector((s) => s.hasTag('busy'));
  const book = Loan.useSelector((s) => s.context.book);
  const form = Loan.useSelector((s) => s.context.form);
  const errors = Loan.useSelector((s) => s.context.fieldErrors);
  const error = Loan.useSelector((s) => s.context.error);
  useUnsavedChanges(open && form.student_code.trim() !== '');
  const formId = 'library-issue-form';
  return (
    <SimpleDialog
      open={open}
      onClose={() => !busy && actor.send({ type: 'loan.cancel' })}
      title={t('resources.library.issueTitle', { title: book?.title ?? '' })}
      closeLabel={t('resources.form.cancel')}
      footer={
        <Button type="submit" form={formId} disabled={busy}>
          {busy ? t('resources.form.saving') : t('resources.library.issueButton')}
        </Button>
      }
    >
      <form
        id={formId}
        noValidate
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'loan.submit' });
        }}
      >
        {error ? <Alert tone="error">{errorText(error)}</Alert> : null}
        <TextField
          label={t('resources.fields.studentCode')}
          hint={t('resources.fields.studentCodeHint')}
          value={form.student_code}
          error={errors.student_code}
          disabled={busy}
          autoComplete="off"
          onChange={(e) => actor.send({ type: 'loan.change', field: 'student_code', value: e.target.value })}
        />
        <TextField
          label={t('resources.fields.dueDate')}
          type="date"
          value={form.due_date}
          min={schoolToday()}
          error={errors.due_date}
          disabled={busy}
          onChange={(e) => actor.send({ type: 'loan.change', field: 'due_date', value: e.target.value })}
        />
      </form>
    </SimpleDialog>
  );
}

function ReturnDialog() {
  const { t } = useI18n();
  const actor = Loan.useActorRef();
  const pending = Loan.useSelector((s) => s.context.pendingReturn);
  const open = Loan.useSelector((s) => s.hasTag('confirm'));
  const busy = Loan.useSelector((s) => s.hasTag('confirm') && s.hasTag('busy'));
  const label = pending?.label ?? '|';
  const cut = label.lastIndexOf('|');
  const title = label.slice(0, cut);
  const student = label.slice(cut + 1);
  return (
    <ConfirmDialog
      open={open}
      title={t('resources.library.returnTitle')}
      busy={busy}
      confirmLabel={t('resources.form.confirmReturn')}
      onConfirm={() => actor.send({ type: 'loan.confirm' })}
      onCancel={() => actor.send({ type: 'loan.cancel' })}
    >
      {t('resources.library.returnBody', { title, student })}
    </ConfirmDialog>
  );
}
