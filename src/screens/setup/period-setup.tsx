/**
 * /period-create and /create-period: a school's periods: shift, period code, serial
 * number, start and end times, with the list, edit and delete. Periods of one shift may not
 * overlap: the server refuses with the period it collides with, shown under the times.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { can } from '@/api/permissions';
import { periodBody, SETUP_PAGE, type SetupPeriodRow } from '@/api/schemas/structure';
import { periodListQuery, setupChoicesQuery } from '@/api/structure';
import type { SetupForm } from '@/machines/setup-crud.machine';
import type { ScreenProps } from '@/routes';
import { PageHeader } from '@/ui/page';
import { ErrorState, Loading } from '@/ui/status';
import { SelectField } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { useSearchState } from '@/ui/use-search-state';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { shortTime, StructureCrud, useSetupSchool } from './structure-crud';
import { routineKeys } from '@/api/routines';

const toNumber = (v: string) => (v.trim() === '' ? undefined : Number(v));

export default function PeriodSetupScreen({ route }: ScreenProps) {
  const { t, lang } = useI18n();
  const { profile, userType } = useSignedIn();
  const [params, setParams] = useSearchState({ school: '', shift_id: '', page: '1' });
  const school = useSetupSchool(params.school, (id) => setParams({ school: id, page: '1' }));
  const choices = useQuery(setupChoicesQuery());
  const page = Math.max(1, Number(params.page) || 1);
  const list = useQuery({
    ...periodListQuery({
      school_info_id: school.schoolId ?? undefined,
      shift_id: params.shift_id === '' ? undefined : Number(params.shift_id),
      limit: SETUP_PAGE.defaultLimit,
      offset: (page - 1) * SETUP_PAGE.defaultLimit,
    }),
    enabled: school.ready,
  });
  const shiftOptions = useMemo(
    () => (choices.data?.shifts ?? []).map((s) => ({ value: String(s.id), label: s.shift_name })),
    [choices.data],
  );
  const firstShift = shiftOptions.length === 1 ? shiftOptions[0].value : '';
  const blank = useMemo<SetupForm>(
    () => ({ shift_id: firstShift, period_code: '', serial: '', start_time: '', end_time: '' }),
    [firstShift],
  );
  const schoolId = school.schoolId;
  const toBody = useMemo(
    () => (f: SetupForm) => ({
      school_info_id: schoolId ?? undefined,
      shift_id: f.shift_id === '' ? 0 : Number(f.shift_id),
      period_code: f.period_code,
      serial: toNumber(f.serial) as number,
      start_time: f.start_time,
      end_time: f.end_time,
    }),
    [schoolId],
  );
  return (
    <>
      <PageHeader kicker={profile.school_name} title={t(`shell.pages.${route.labelKey}`)} />
      {school.chooser}
      {school.ready && choices.isError ? (
        <ErrorState error={choices.error} onRetry={() => void choices.refetch()} />
      ) : school.ready && !choices.data ? (
        <Loading />
      ) : school.ready ? (
        <StructureCrud<'period', SetupPeriodRow>
          key={schoolId ?? 'own'}
          entity="period"
          blank={blank}
          keep={['shift_id']}
          fields={[
            {
              name: 'shift_id',
              kind: 'select',
              options: shiftOptions,
              placeholder: t('structure.choose.shift'),
              required: true,
            },
            { name: 'period_code', kind: 'text', maxLength: 20, required: true },
            { name: 'serial', kind: 'number', required: true },
            { name: 'start_time', kind: 'time', required: true },
            { name: 'end_time', kind: 'time', required: true },
          ]}
          toBody={toBody}
          schema={periodBody}
          formOf={(r) => ({
            shift_id: String(r.shift_id),
            period_code: r.period_code,
            serial: String(r.serial),
            start_time: r.start_time.slice(0, 5),
            end_time: r.end_time.slice(0, 5),
          })}
          labelOf={(r) => `${r.period_code} (${r.shift_name})`}
          columns={[
            { label: t('structure.fields.serial'), value: (r) => localDigits(String(r.serial), lang) },
            { label: t('structure.fields.period_code'), value: (r) => r.period_code },
            { label: t('structure.fields.shift_id'), value: (r) => r.shift_name },
            {
              label: t('structure.fields.start_time'),
              value: (r) =>
                t('structure.times', { start: shortTime(r.start_time, lang), end: shortTime(r.end_time, lang) }),
            },
          ]}
          list={list}
          page={page}
          pageSize={SETUP_PAGE.defaultLimit}
          onPage={(p) => setParams({ page: String(p) })}
          canWrite={can(userType, 'structure.period-write')}
          alsoInvalidate={[routineKeys.all]}
          filters={
            <SelectField
              label={t('structure.filters.shift')}
              value={params.shift_id}
              onChange={(v) => setParams({ shift_id: v, page: '1' }, { replace: true })}
              placeholder={t('structure.filters.allShifts')}
              options={shiftOptions}
            />
          }
        />
      ) : null}
    </>
  );
}
