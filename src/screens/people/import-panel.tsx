/**
 * Bulk import: template download, file choice, the dry run's report by row and column,
 * the all-or-nothing import, and the new accounts' one-time passwords to download once.
 */
import { type ChangeEvent } from 'react';
import { peopleListKeys, type PersonKind } from '@/api/people';
import { importMachine } from '@/machines/import.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Card } from '@/ui/page';
import { DataTable, Td } from '@/ui/table';
import { Loading } from '@/ui/status';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { downloadCsv, templateRows } from './csv';
import { useFlow } from '@/ui/use-flow';

export function ImportPanel({ kind }: { kind: PersonKind }) {
  const { t, lang } = useI18n();
  const [state, send] = useFlow(importMachine, {
    invalidates: [peopleListKeys.lists],
    on: 'savedChanges',
    input: { kind },
  });
  const { report, error } = state.context;
  const busy = state.hasTag('busy');
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) send({ type: 'import.file', file: { name: file.name, text: await file.text() } });
  };
  const accounts = state.hasTag('done') ? (report?.accounts ?? []) : [];
  return (
    <Card title={t('people.import.title')}>
      <p className="mb-3 text-sm text-slate-700">{t('people.import.intro')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <Button variant="secondary" onClick={() => void downloadCsv(`${kind}-import-template.csv`, templateRows(kind))}>
          {t('people.import.template')}
        </Button>
        <label className="flex min-h-11 flex-col text-sm font-semibold">
          {t('people.import.file')}
          <input
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(e) => void choose(e)}
            className="mt-1 min-h-11 text-sm font-normal"
          />
        </label>
      </div>
      <div className="mt-4 space-y-3" aria-live="polite">
        {state.hasTag('checking') ? <Loading label={t('people.import.checking')} /> : null}
        {state.hasTag('importing') ? (
          <Loading label={t('people.import.importing', { count: report?.rows ?? 0 })} />
        ) : null}
        {state.hasTag('failed') ? (
          <Alert tone="error" onRetry={() => send({ type: 'import.retry' })} retryLabel={t('people.import.retry')}>
            {t('people.import.failed', { message: error ?? '' })}
          </Alert>
        ) : null}
        {state.hasTag('checked') && report?.ok ? (
          <>
            <Alert tone="info">{t('people.import.clean', { count: report.rows })}</Alert>
            <Button onClick={() => send({ type: 'import.confirm' })} disabled={!state.can({ type: 'import.confirm' })}>
              {t('people.import.confirm', { count: report.rows })}
            </Button>
          </>
        ) : null}
        {state.hasTag('checked') && report && !report.ok ? (
          <>
            <Alert tone="error">{t('people.import.problems', { count: report.errors.length })}</Alert>
            <DataTable
              caption={t('people.import.errorsCaption')}
              cards
              head={[t('people.import.row'), t('people.import.column'), t('people.import.problem')]}
            >
              {report.errors.map((e, i) => (
                <tr key={i}>
                  <Td label={t('people.import.row')}>{localDigits(String(e.row), lang)}</Td>
                  <Td label={t('people.import.column')}>{e.column}</Td>
                  <Td label={t('people.import.problem')}>{e.message}</Td>
                </tr>
              ))}
            </DataTable>
          </>
        ) : null}
        {state.hasTag('done') ? (
          <>
            <Alert tone="success">
              {t('people.import.done', { count: accounts.filter((a) => !a.guardian).length })}
              {accounts.some((a) => a.guardian)
                ? ` ${t('people.import.guardians', { count: accounts.filter((a) => a.guardian).length })}`
                : null}
            </Alert>
            <div className="flex flex-wrap gap-3">
              <Button
                onClick={() =>
                  void downloadCsv(`${kind}-one-time-passwords.csv`, [
                    ['user_code', 'name', 'initial_password'],
                    ...accounts.map((a) => [a.user_code, a.name, a.initial_password]),
                  ])
                }
              >
                {t('people.import.downloadPasswords')}
              </Button>
              <Button variant="secondary" onClick={() => send({ type: 'import.reset' })}>
                {t('people.import.another')}
              </Button>
            </div>
            <DataTable
              caption={t('people.import.accountsCaption')}
              cards
              head={[t('people.import.userCode'), t('people.import.name'), t('people.import.password')]}
            >
              {accounts.slice(0, 50).map((a) => (
                <tr key={a.user_code}>
                  <Td label={t('people.import.userCode')}>{a.user_code}</Td>
                  <Td label={t('people.import.name')}>{a.name}</Td>
                  <Td label={t('people.import.password')}>
                    <code>{a.initial_password}</code>
                  </Td>
                </tr>
              ))}
            </DataTable>
          </>
        ) : null}
      </div>
    </Card>
  );
}
