/**
 * /create-subject and /subject-create: subjects: code, name, class and organization
 * type, and for Nine and Ten the group and whether it may be the 4th subject. Subjects are shared
 * by every school teaching the class, so only the super admin changes them; a school admin sees
 * the list.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { can } from '@/api/permissions';
import { subjectBody, SETUP_PAGE, type SetupSubjectRow } from '@/api/schemas/structure';
import { setupChoicesQuery, subjectListQuery } from '@/api/structure';
import type { SetupForm } from '@/machines/setup-crud.machine';
import type { ScreenProps } from '@/routes';
import { PageHeader } from '@/ui/page';
import { SelectField } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { useSearchState } from '@/ui/use-search-state';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { banglaNameToSend, StructureCrud } from './structure-crud';
import { lookupKeys } from '@/api/lookups';
import { routineKeys } from '@/api/routines';

const BLANK: SetupForm = {
  class_id: '',
  subject_code: '',
  subject_name: '',
  subject_name_bn: '',
  group_id: '',
  optional: 'false',
};

export default function SubjectSetupScreen({ route }: ScreenProps) {
  const { t, lang } = useI18n();
  const { profile, userType } = useSignedIn();
  const [params, setParams] = useSearchState({ class_id: '', page: '1' });
  const choices = useQuery(setupChoicesQuery());
  const page = Math.max(1, Number(params.page) || 1);
  const list = useQuery(
    subjectListQuery({
      class_id: params.class_id === '' ? undefined : Number(params.class_id),
      limit: SETUP_PAGE.defaultLimit,
      offset: (page - 1) * SETUP_PAGE.defaultLimit,
    }),
  );
  const classes = useMemo(() => choices.data?.classes ?? [], [choices.data]);
  const classOptions = useMemo(() => classes.map((c) => ({ value: String(c.id), label: c.class_name })), [classes]);
  const groupOptions = useMemo(
    () => (choices.data?.groups ?? []).map((g) => ({ value: String(g.id), label: g.division_name })),
    [choices.data],
  );
  const toBody = useMemo(
    () => (f: SetupForm) => {
      const cls = classes.find((c) => String(c.id) === f.class_id);
      return {
        // The spec's payload names the organization type too: the class's own.
        school_type_id: cls?.school_type_id,
        class_id: f.class_id === '' ? 0 : Number(f.class_id),
        subject_code: f.subject_code,
        subject_name: f.subject_name,
        subject_name_bn: banglaNameToSend(f.subject_name_bn, f.subject_name_bn_stored),
        group_id: f.group_id === '' ? undefined : Number(f.group_id),
        optional: f.optional === 'true',
      };
    },
    [classes],
  );
  const groupName = (id: number | null) => groupOptions.find((g) => g.value === String(id))?.label ?? '';
  return (
    <>
      <PageHeader kicker={profile.school_name} title={t(`shell.pages.${route.labelKey}`)} />
      <StructureCrud<'subject', SetupSubjectRow>
        entity="subject"
        blank={BLANK}
        fields={[
          { name: 'subject_code', kind: 'text', maxLength: 20, required: true },
          { name: 'subject_name', kind: 'text', maxLength: 100, required: true },
          { name: 'subject_name_bn', kind: 'text', maxLength: 100, hint: t('structure.banglaNameHint') },
          {
            name: 'class_id',
            kind: 'select',
            options: classOptions,
            placeholder: t('structure.choose.class'),
            required: true,
          },
          { name: 'group_id', kind: 'select', options: groupOptions, placeholder: t('structure.choose.everyGroup') },
          { name: 'optional', kind: 'checkbox' },
        ]}
        toBody={toBody}
        schema={subjectBody}
        formOf={(r) => ({
          class_id: String(r.class_id),
          subject_code: r.subject_code,
          subject_name: r.subject_name,
          subject_name_bn: r.subject_name_bn,
          subject_name_bn_stored: r.subject_name_bn,
          group_id: r.group_id === null ? '' : String(r.group_id),
          optional: r.optional ? 'true' : 'false',
        })}
        labelOf={(r) => `${r.subject_name} (${r.class_name})`}
        columns={[
          { label: t('structure.fields.subject_code'), value: (r) => localDigits(r.subject_code, lang) },
          {
            label: t('structure.fields.subject_name'),
            value: (r) =>
              [r.subject_name, r.subject_name_bn, groupName(r.group_id), r.optional ? t('structure.fourth') : '']
                .filter(Boolean)
                .join(' · '),
          },
          { label: t('structure.fields.class_id'), value: (r) => r.class_name },
        ]}
        list={list}
        page={page}
        pageSize={SETUP_PAGE.defaultLimit}
        onPage={(p) => setParams({ page: String(p) })}
        canWrite={can(userType, 'structure.subject-write')}
        alsoInvalidate={[lookupKeys.all, routineKeys.all]}
        filters={
          <SelectField
            label={t('structure.filters.class')}
            value={params.class_id}
            onChange={(v) => setParams({ class_id: v, page: '1' }, { replace: true })}
            placeholder={t('structure.filters.allClasses')}
            options={classOptions}
          />
        }
      />
    </>
  );
}
