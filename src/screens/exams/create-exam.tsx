/**
 * /create-exam: the school admin's exam menu (spec part 1, school admin dashboard tile
 * "Evaluation"; part 2 §Exams "Create Exam menu card links to /newExam"). Tiles to New
 * Exam, mark entry and grade sheets (shown when this user may open them), the school's exam types
 * (rename, add another), and the results publication of a session: publish (students see their
 * results, marks lock) or unlock for correction, each asked first since it reaches every student.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { examKeys, examTypesQuery, publicationQuery } from '@/api/exams';
import { EXAM_KINDS, type ExamKind, type ExamNameRow } from '@/api/schemas/exams';
import { defaultSession, lookupKeys } from '@/api/lookups';
import { routineLookupsQuery } from '@/api/routines';
import { examPublicationMachine } from '@/machines/exam-publication.machine';
import { EXAM_TYPE_NAME_MAX, examTypeMachine } from '@/machines/exam-type.machine';
import { canOpen, findRoute } from '@/routes';
import { localDigits } from '@/i18n/digits';
import { useI18n } from '@/i18n/i18n';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { DeferredConfirmDialog } from '@/ui/confirm';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { SelectField } from '@/ui/select';
import { useSession } from '@/ui/session';
import { EmptyState, QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { RecordDeleteButton, useRecordDelete } from '@/screens/deletes/record-delete';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useSearchState } from '@/ui/use-search-state';
import { dayText, useErrorToast, useExamErrorText, useSuccessToast } from './setup-parts';
import { useFlow } from '@/ui/use-flow';

export default function CreateExam() {
  const { t } = useI18n();
  return (
    <>
      <PageHeader title={t('shell.pages.createExam')} />
      <div className="space-y-6">
        <ExamTiles />
        <div className="grid gap-6 lg:grid-cols-2">
          <Publication />
          <ExamTypes />
        </div>
      </div>
    </>
  );
}

const TILES = [
  { to: '/newExam', label: 'newExam', hint: 'newExamHint' },
  { to: '/teacherevaluation', label: 'markEntry', hint: 'markEntryHint' },
  { to: '/gradesheet', label: 'gradeSheet', hint: 'gradeSheetHint' },
] as const;

function ExamTiles() {
  const { t } = useI18n();
  const userType = useSession((s) => s.context.userType);
  const tiles = TILES.filter((tile) => {
    const target = findRoute(tile.to);
    // As the dashboards' tiles: what this user may open (mark entry needs the admin in page.teacher-evaluation).
    return target !== undefined && canOpen(target, userType);
  });
  return (
    <nav aria-label={t('examSetup.menu.tilesLabel')}>
      <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:grid-cols-3">
        {tiles.map((tile) => {
          const label = t(`examSetup.menu.${tile.label}`);
          return (
            <li key={tile.to}>
              <Link
                href={tile.to}
                className="flex h-full min-h-11 flex-col gap-1 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:bg-indigo-50 hover:ring-indigo-300"
              >
                <span className="font-semibold text-slate-900">{label}</span>
                <span className="text-xs text-slate-600">{t(`examSetup.menu.${tile.hint}`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Publication() {
  const { t, lang } = useI18n();
  const lookups = useQuery(routineLookupsQuery(null));
  const sessions = lookups.data?.sessions ?? [];
  const [params, setParams] = useSearchState({ session: '' });
  const fallback = defaultSession(sessions);
  const sessionId = Number(params.session) || fallback?.id || 0;
  const session = sessions.find((s) => s.id === sessionId) ?? null;
  const state = useQuery({ ...publicationQuery({ session_id: sessionId }), enabled: sessionId > 0 });
  const errorText = useExamErrorText();
  const [snap, send] = useFlow(examPublicationMachine, { invalidates: [examKeys.all], on: 'changed' });
  const pending = snap.context.pending;
  const busy = snap.hasTag('busy');
  useSuccessToast(snap.context.feedback?.seq, () => {
    const code = snap.context.feedback?.code;
    return code === 'exams.published'
      ? t('examSetup.publication.published')
      : code === 'exams.unlocked'
        ? t('examSetup.publication.unlocked')
        : (snap.context.feedback?.text ?? '');
  });
  useErrorToast(snap.context.error, errorText);

  const ask = (action: 'publish' | 'unlock') =>
    session &&
    send({
      type: action === 'publish' ? 'publication.publish' : 'publication.unlock',
      sessionId: session.id,
      sessionYear: session.session_year,
    });

  return (
    <Card title={t('examSetup.publication.title')}>
      <p className="mb-4 text-sm text-slate-600">{t('examSetup.publication.intro')}</p>
      <SelectField
        label={t('examSetup.publication.session')}
        value={sessionId ? String(sessionId) : ''}
        onChange={(v) => setParams({ session: v })}
        options={sessions.map((s) => ({ value: String(s.id), label: localDigits(s.session_year, lang) }))}
        disabled={busy}
        className="max-w-xs"
      />
      <div className="mt-4">
        <QueryState
          query={lookups}
          what={t('examSetup.publication.what')}
          loadingLabel={t('examSetup.publication.loading')}
        >
          {() =>
            !sessionId ? (
              <EmptyState>{t('examSetup.publication.noSessions')}</EmptyState>
            ) : (
              <QueryState
                query={state}
                what={t('examSetup.publication.what')}
                loadingLabel={t('examSetup.publication.loading')}
              >
                {(p) => {
                  const published = p.published_at ? dayText(p.published_at, lang) : '';
                  const unlocked = p.unlocked_at ? dayText(p.unlocked_at, lang) : '';
                  return (
                    <div className="space-y-3">
                      <p className="text-sm font-medium text-slate-800" data-testid="publication-state">
                        {!p.published
                          ? t('examSetup.publication.state.notPublished')
                          : p.locked
                            ? t('examSetup.publication.state.publishedLocked', { date: published })
                            : t('examSetup.publication.state.publishedUnlocked', { date: published, unlocked })}
                      </p>
                      <div className="flex flex-wrap gap-2">
                        {!p.locked ? (
                          <Button onClick={() => ask('publish')} disabled={busy}>
                            {p.published ? t('examSetup.publication.publishAgain') : t('examSetup.publication.publish')}
                          </Button>
                        ) : (
                          <Button variant="secondary" onClick={() => ask('unlock')} disabled={busy}>
                            {t('examSetup.publication.unlock')}
                          </Button>
                        )}
                      </div>
                    </div>
                  );
                }}
              </QueryState>
            )
          }
        </QueryState>
      </div>
      <DeferredConfirmDialog
        open={snap.hasTag('confirm')}
        busy={busy}
        title={
          pending
            ? t(
                pending.action === 'publish'
                  ? 'examSetup.publication.confirmPublishTitle'
                  : 'examSetup.publication.confirmUnlockTitle',
                { year: localDigits(pending.sessionYear, lang) },
              )
            : ''
        }
        confirmLabel={
          pending?.action === 'unlock'
            ? t('examSetup.publication.confirmUnlock')
            : t('examSetup.publication.confirmPublish')
        }
        onConfirm={() => send({ type: 'publication.confirm' })}
        onCancel={() => send({ type: 'publication.cancel' })}
      >
        {pending ? (
          <p>
            {t(
              pending.action === 'publish'
                ? 'examSetup.publication.confirmPublishBody'
                : 'examSetup.publication.confirmUnlockBody',
              { year: localDigits(pending.sessionYear, lang) },
            )}
          </p>
        ) : null}
      </DeferredConfirmDialog>
    </Card>
  );
}

function ExamTypes() {
  const { t } = useI18n();
  const types = useQuery(examTypesQuery());
  const errorText = useExamErrorText();
  const [snap, send] = useFlow(examTypeMachine, { invalidates: [examKeys.all], on: 'changed' });
  const busy = snap.hasTag('busy');
  // Deleting a type made by mistake (docs/DOMAIN.md, "Deleting"); the names' cache reads them too.
  const deletes = useRecordDelete([examKeys.all, lookupKeys.all]);
  const [renaming, setRenaming] = useState<{ id: number; name: string; nameBn: string } | null>(null);
  const [newName, setNewName] = useState('');
  const [newNameBn, setNewNameBn] = useState('');
  const [kind, setKind] = useState<ExamKind>('class_test');
  const originalRow = (types.data ?? []).find((r) => r.id === renaming?.id);
  useUnsavedChanges(
    newName.trim() !== '' ||
      newNameBn.trim() !== '' ||
      (renaming !== null &&
        (renaming.name !== originalRow?.exam_name || renaming.nameBn !== (originalRow?.exam_name_bn ?? ''))),
  );

  // A save clears what was typed for it.
  const savedSeq = snap.context.saved?.seq;
  const [handled, setHandled] = useState(0);
  if (savedSeq && savedSeq !== handled) {
    setHandled(savedSeq);
    if (snap.context.saved?.op === 'add') {
      setNewName('');
      setNewNameBn('');
    } else setRenaming(null);
  }
  useSuccessToast(savedSeq, () =>
    snap.context.saved?.op === 'add'
      ? t('examSetup.types.added', { name: snap.context.saved.row.exam_name })
      : t('examSetup.types.renamed', { name: snap.context.saved?.row.exam_name ?? '' }),
  );

  const error = snap.context.error;
  const request = snap.context.request;
  const errorFor = (op: 'add' | 'rename', id?: number, bn = false): string | null => {
    if (!error || !request || request.op !== op || (op === 'rename' && request.op === 'rename' && request.id !== id))
      return null;
    // A too-long Bangla name is the Bangla field's; anything else the name's.
    if ('problem' in error)
      return (error.problem === 'bnTooLong') === bn ? t(`examSetup.types.problems.${error.problem}`) : null;
    return bn ? null : errorText(error.cause);
  };

  return (
    <Card title={t('examSetup.types.title')}>
      <p className="mb-4 text-sm text-slate-600">{t('examSetup.types.intro')}</p>
      {deletes.element}
      <QueryState
        query={types}
        what={t('examSetup.types.what')}
        loadingLabel={t('examSetup.types.loading')}
        empty={t('examSetup.types.empty')}
        isEmpty={(d) => d.length === 0}
      >
        {(rows) => (
          <DataTable
            cards
            minWidth="24rem"
            caption={t('examSetup.types.caption')}
            head={[t('examSetup.types.head.name'), t('examSetup.types.head.kind'), t('examSetup.types.head.actions')]}
          >
            {rows.map((row: ExamNameRow) => (
              <tr key={row.id}>
                <Td label={t('examSetup.types.head.name')} className="font-semibold text-slate-900">
                  {renaming?.id === row.id ? (
                    <form
                      noValidate
                      className="flex flex-col gap-2"
                      onSubmit={(e) => {
                        e.preventDefault();
                        send({
                          type: 'type.rename',
                          id: row.id,
                          name: renaming.name,
                          // Sent only when changed: absent, the server keeps the stored one.
                          nameBn: renaming.nameBn !== (row.exam_name_bn ?? '') ? renaming.nameBn : undefined,
                        });
                      }}
                    >
                      <TextField
                        label={t('examSetup.types.newNameOf', { name: row.exam_name })}
                        value={renaming.name}
                        maxLength={EXAM_TYPE_NAME_MAX + 10}
                        disabled={busy}
                        onChange={(e) => setRenaming({ ...renaming, name: e.target.value })}
                        error={errorFor('rename', row.id)}
                      />
                      <TextField
                        label={t('examSetup.types.nameBnOf', { name: row.exam_name })}
                        hint={t('examSetup.types.nameBnHint')}
                        value={renaming.nameBn}
                        maxLength={EXAM_TYPE_NAME_MAX + 10}
                        disabled={busy}
                        onChange={(e) => setRenaming({ ...renaming, nameBn: e.target.value })}
                        error={errorFor('rename', row.id, true)}
                      />
                      <div className="flex flex-wrap gap-2">
                        <Button type="submit" disabled={busy}>
                          {t('examSetup.types.save')}
                        </Button>
                        <Button variant="secondary" disabled={busy} onClick={() => setRenaming(null)}>
                          {t('examSetup.types.cancel')}
                        </Button>
                      </div>
                    </form>
                  ) : (
                    <>
                      {row.exam_name}
                      {row.exam_name_bn ? (
                        <span className="block text-sm font-normal text-slate-600">{row.exam_name_bn}</span>
                      ) : null}
                    </>
                  )}
                </Td>
                <Td label={t('examSetup.types.head.kind')}>{t(`examSetup.types.kinds.${row.kind}`)}</Td>
                <Td label={t('examSetup.types.head.actions')}>
                  {renaming?.id === row.id ? null : (
                    <Button
                      variant="secondary"
                      aria-label={t('examSetup.types.renameNamed', { name: row.exam_name })}
                      disabled={busy}
                      onClick={() => setRenaming({ id: row.id, name: row.exam_name, nameBn: row.exam_name_bn ?? '' })}
                    >
                      {t('examSetup.types.rename')}
                    </Button>
                  )}
                  {renaming?.id === row.id ? null : (
                    <RecordDeleteButton deletes={deletes} kind="exam_type" id={row.id} label={row.exam_name} />
                  )}
                </Td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
      <form
        noValidate
        className="mt-6 grid gap-3 sm:grid-cols-2"
        aria-label={t('examSetup.types.addTitle')}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'type.add', kind, name: newName, nameBn: newNameBn.trim() ? newNameBn : undefined });
        }}
      >
        <h3 className="font-semibold text-slate-900 sm:col-span-2">{t('examSetup.types.addTitle')}</h3>
        <TextField
          label={t('examSetup.types.addName')}
          value={newName}
          maxLength={EXAM_TYPE_NAME_MAX + 10}
          disabled={busy}
          onChange={(e) => setNewName(e.target.value)}
          error={errorFor('add')}
        />
        <TextField
          label={t('examSetup.types.addNameBn')}
          hint={t('examSetup.types.nameBnHint')}
          value={newNameBn}
          maxLength={EXAM_TYPE_NAME_MAX + 10}
          disabled={busy}
          onChange={(e) => setNewNameBn(e.target.value)}
          error={errorFor('add', undefined, true)}
        />
        <SelectField
          label={t('examSetup.types.addKind')}
          value={kind}
          onChange={(v) => setKind(v as ExamKind)}
          options={EXAM_KINDS.map((k) => ({ value: k, label: t(`examSetup.types.kinds.${k}`) }))}
          disabled={busy}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy} className="w-full sm:w-auto">
            {t('examSetup.types.add')}
          </Button>
        </div>
      </form>
      {types.isError && types.data !== undefined ? <Alert>{errorText(types.error)}</Alert> : null}
    </Card>
  );
}
