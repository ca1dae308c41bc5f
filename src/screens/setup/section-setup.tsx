/**
 * /section-create and /section_create: a school's sections: the class, the shift and
 * the name, with the list, edit and delete; and opening the next academic session. A school
 * admin works on their own school; a super admin chooses the school first.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { can } from '@/api/permissions';
import { sectionBody, SETUP_PAGE, type SetupSectionRow } from '@/api/schemas/structure';
import { sectionListQuery, setupChoicesQuery } from '@/api/structure';
import type { SetupForm } from '@/machines/setup-crud.machine';
import type { ScreenProps } from '@/routes';
import { PageHeader } from '@/ui/page';
import { ErrorState, Loading } from '@/ui/status';
import { SelectField } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { useSearchState } from '@/ui/use-search-state';
import { useI18n } from '@/i18n/i18n';
import { StructureCrud, useSetupSchool } from './structure-crud';
import { SessionOpen } from './session-open';
import { lookupKeys } from '@/api/lookups';
import { routineKeys } from '@/api/routines';

const toId = (v: string) => (v === '' ? 0 : Number(v));

export default function SectionSetupScreen({ route }: ScreenProps) {
  const { t } = useI18n();
  const { profile, userType } = useSignedIn();
  const [params, setParams] = useSearchState({ school: '', class_id: '', shift_id: '', page: '1' });
  const school = useSetupSchool(params.school, (id) => setParams({ school: id, page: '1' }));
  const choices = useQuery(setupChoicesQuery());
  const page = Math.max(1, Number(params.page) || 1);
  const list = useQuery({
    ...sectionListQuery({
      school_info_id: school.schoolId ?? undefined,
      class_id: params.class_id === '' ? undefined : Number(params.class_id),
      shift_id: params.shift_id === '' ? undefined : Number(params.shift_id),
      limit: SETUP_PAGE.defaultLimit,
      offset: (page - 1) * SETUP_PAGE.defaultLimit,
    }),
    enabled: school.ready,
  });
  const classOptions = useMemo(
    () =>
      (choices.data?.classes ?? [])
        .filter((c) => school.schoolTypeId === null || c.school_type_id === school.schoolTypeId)
        .map((c) => ({ value: String(c.id), label: c.class_name })),
    [choices.data, school.schoolTypeId],
  );
  const shiftOptions = useMemo(
    () => (choices.data?.shifts ?? []).map((s) => ({ value: String(s.id), label: s.shift_name })),
    [choices.data],
  );
  const firstShift = shiftOptions.length === 1 ? shiftOptions[0].value : '';
  const blank = useMemo<SetupForm>(
    () => ({ class_id: '', shift_id: firstShift, section_default_name: '' }),
    [firstShift],
  );
  const schoolId = school.schoolId;
  const toBody = useMemo(
    () => (f: SetupForm) => ({
      school_info_id: schoolId ?? undefined,
      class_id: toId(f.class_id),
      shift_id: toId(f.shift_id),
      section_default_name: f.section_default_name,
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
        <StructureCrud<'section', SetupSectionRow>
          key={schoolId ?? 'own'}
          entity="section"
          blank={blank}
          keep={['class_id', 'shift_id']}
          fields={[
            {
              name: 'class_id',
              kind: 'select',
              options: classOptions,
              placeholder: t('structure.choose.class'),
              required: true,
            },
            {
              name: 'shift_id',
              kind: 'select',
              options: shiftOptions,
              placeholder: t('structure.choose.shift'),
              required: true,
            },
            { name: 'section_default_name', kind: 'text', maxLength: 40, required: true },
          ]}
          toBody={toBody}
          schema={sectionBody}
          formOf={(r) => ({
            class_id: String(r.class_id),
            shift_id: String(r.shift_id),
            section_default_name: r.section_default_name,
          })}
          labelOf={(r) => `${r.class_name} ${r.section_default_name}`}
          columns={[
            { label: t('structure.fields.class_id'), value: (r) => r.class_name },
            { label: t('structure.fields.section_default_name'), value: (r) => r.section_default_name },
            { label: t('structure.fields.shift_id'), value: (r) => r.shift_name },
          ]}
          list={list}
          page={page}
          pageSize={SETUP_PAGE.defaultLimit}
          onPage={(p) => setParams({ page: String(p) })}
          canWrite={can(userType, 'structure.section-write')}
          alsoInvalidate={[lookupKeys.all, routineKeys.all]}
          filters={
            <>
              <SelectField
                label={t('structure.filters.class')}
                value={params.class_id}
                onChange={(v) => setParams({ class_id: v, page: '1' }, { replace: true })}
                placeholder={t('structure.filters.allClasses')}
                options={classOptions}
              />
              <SelectField
                label={t('structure.filters.shift')}
                value={params.shift_id}
                onChange={(v) => setParams({ shift_id: v, page: '1' }, { replace: true })}
                placeholder={t('structure.filters.allShifts')}
                options={shiftOptions}
              />
            </>
          }
        />
      ) : null}
      {school.ready && can(userType, 'structure.session-open') ? <SessionOpen schoolId={schoolId} /> : null}
    </>
  );
}
