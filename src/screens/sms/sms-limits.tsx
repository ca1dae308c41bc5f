/**
 * /sms-limits: the super admin's SMS limits (docs/DOMAIN.md, "SMS centre"): every school's monthly
 * limit, this month's use, bought SMS, what is left and what waits (paged), setting a school's
 * limit (audited by the server), and the gateway account's balance.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveSmsLimit, smsBalanceQuery, smsKeys, smsSchoolsQuery } from '@/api/sms';
import { useErrorText } from '@/i18n/errors';
import { useI18n } from '@/i18n/i18n';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { SelectField } from '@/ui/select';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useNum } from './shared';

const PAGE = 25;

export default function SmsLimitsScreen() {
  const { t } = useI18n();
  const num = useNum();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [schoolId, setSchoolId] = useState('');
  const [limit, setLimit] = useState('');
  const [invalid, setInvalid] = useState(false);
  const schools = useQuery(smsSchoolsQuery({ limit: PAGE, offset: (page - 1) * PAGE }));
  const balance = useQuery(smsBalanceQuery());
  const save = useMutation({
    mutationFn: (v: { school_id: number; sms_limit: number }) => saveSmsLimit(v),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: smsKeys.all }),
  });
  const rows = schools.data?.rows ?? [];
  const schoolName = (id: number) => rows.find((r) => r.school_id === id)?.school_name ?? '';
  return (
    <>
      <PageHeader title={t('sms.limits.title')} />
      <div className="space-y-4">
        <Card title={t('sms.limits.balance')}>
          <QueryState query={balance} what={t('sms.limits.balance')}>
            {(b) => (
              <p>
                {b.balance === null
                  ? t('sms.limits.noBalance', { adapter: b.adapter })
                  : t('sms.limits.balanceOf', { balance: b.balance, currency: b.currency ?? '', adapter: b.adapter })}
              </p>
            )}
          </QueryState>
        </Card>
        <Card title={t('sms.limits.save')}>
          <form
            className="grid gap-4 sm:grid-cols-3"
            onSubmit={(e) => {
              e.preventDefault();
              const n = Number(limit);
              const ok = !!schoolId && /^\d+$/.test(limit.trim()) && n <= 10_000_000;
              setInvalid(!ok);
              if (ok) save.mutate({ school_id: Number(schoolId), sms_limit: n });
            }}
          >
            <SelectField
              label={t('sms.limits.school')}
              value={schoolId}
              placeholder={t('sms.limits.chooseSchool')}
              onChange={(v) => {
                setSchoolId(v);
                save.reset();
                const row = rows.find((r) => String(r.school_id) === v);
                setLimit(row?.sms_limit != null ? String(row.sms_limit) : '');
              }}
              options={rows.map((r) => ({ value: String(r.school_id), label: r.school_name }))}
            />
            <TextField
              label={t('sms.limits.limit')}
              inputMode="numeric"
              value={limit}
              onChange={(e) => {
                setLimit(e.target.value);
                save.reset();
              }}
              error={invalid ? t('sms.limits.invalid') : null}
            />
            <Button type="submit" className="self-end" disabled={save.isPending}>
              {save.isPending ? t('sms.limits.saving') : t('sms.limits.save')}
            </Button>
          </form>
          {save.isError ? (
            <Alert tone="error" className="mt-3">
              {errorText(save.error)}
            </Alert>
          ) : null}
          {save.isSuccess ? (
            <Alert tone="success" className="mt-3">
              {t('sms.limits.saved', {
                school: schoolName(save.variables.school_id),
                limit: num(save.variables.sms_limit),
              })}
            </Alert>
          ) : null}
        </Card>
        <Card title={t('sms.limits.title')}>
          <QueryState
            query={schools}
            what={t('sms.limits.title')}
            empty={t('sms.limits.empty')}
            isEmpty={(p) => p.total === 0}
          >
            {(p) => (
              <>
                <DataTable
                  caption={t('sms.limits.title')}
                  cards
                  head={[
                    t('sms.limits.school'),
                    t('sms.usage.limit'),
                    t('sms.usage.used'),
                    t('sms.usage.bought'),
                    t('sms.usage.left'),
                    t('sms.usage.waitingCount'),
                  ]}
                >
                  {p.rows.map((r) => (
                    <tr key={r.school_id}>
                      <Td label={t('sms.limits.school')}>{r.school_name}</Td>
                      <Td label={t('sms.usage.limit')}>
                        {r.sms_limit === null ? t('sms.usage.unlimited') : num(r.sms_limit)}
                      </Td>
                      <Td label={t('sms.usage.used')}>{num(r.used)}</Td>
                      <Td label={t('sms.usage.bought')}>{num(r.bought)}</Td>
                      <Td label={t('sms.usage.left')}>{r.left === null ? t('sms.usage.unlimited') : num(r.left)}</Td>
                      <Td label={t('sms.usage.waitingCount')}>{num(r.waiting)}</Td>
                    </tr>
                  ))}
                </DataTable>
                <Pagination
                  page={page}
                  pageSize={PAGE}
                  total={p.total}
                  onPage={setPage}
                  label={t('sms.limits.pages')}
                />
              </>
            )}
          </QueryState>
        </Card>
      </div>
    </>
  );
}
