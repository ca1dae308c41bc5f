/**
 * /create-class and /class-create: classes: name, code and organization type. Classes
 * are shared by every school of a type, so only the super admin adds, edits or deletes them; a
 * school admin sees the list.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { can } from '@/api/permissions';
import { classBody, SETUP_PAGE, type SetupClassRow } from '@/api/schemas/structure';
import { classListQuery, schoolTypesQuery } from '@/api/structure';
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

const BLANK: SetupForm = { school_type_id: '', class_name: '', class_name_bn: '', class_code: '', sort_order: '' };

const toBody = (f: SetupForm) => ({
  school_type_id: f.school_type_id === '' ? 0 : Number(f.school_type_id),
  class_name: f.class_name,
  class_name_bn: banglaNameToSend(f.class_name_bn, f.class_name_bn_stored),
  class_code: f.class_code,
  sort_order: f.sort_order.trim() === '' ? undefined : Number(f.sort_order),
});

export default function ClassSetupScreen({ route }: ScreenProps) {
  const { t, lang } = useI18n();
  const { profile, userType } = useSignedIn();
  const [params, setParams] = useSearchState({ school_type_id: '', page: '1' });
  const types = useQuery(schoolTypesQuery());
  const page = Math.max(1, Number(params.page) || 1);
  const list = useQuery(
    classListQuery({
      school_type_id: params.school_type_id === '' ? undefined : Number(params.school_type_id),
      limit: SETUP_PAGE.defaultLimit,
      offset: (page - 1) * SETUP_PAGE.defaultLimit,
    }),
  );
  const typeOptions = useMemo(
    () => (types.data ?? []).map((ty) => ({ value: String(ty.id), label: ty.name })),
    [types.data],
  );
  return (
    <>
      <PageHeader kicker={profile.school_name} title={t(`shell.pages.${route.labelKey}`)} />
      <StructureCrud<'class', SetupClassRow>
        entity="class"
        blank={BLANK}
        fields={[
          { name: 'class_name', kind: 'text', maxLength: 40, required: true },
          { name: 'class_name_bn', kind: 'text', maxLength: 40, hint: t('structure.banglaNameHint') },
          { name: 'class_code', kind: 'text', maxLength: 20, required: true },
          {
            name: 'school_type_id',
            kind: 'select',
            options: typeOptions,
            placeholder: t('structure.choose.schoolType'),
            required: true,
          },
          { name: 'sort_order', kind: 'number', hint: t('structure.sortOrderHint') },
        ]}
        toBody={toBody}
        schema={classBody}
        formOf={(r) => ({
          school_type_id: String(r.school_type_id),
          class_name: r.class_name,
          class_name_bn: r.class_name_bn,
          class_name_bn_stored: r.class_name_bn,
          class_code: r.class_code,
          sort_order: String(r.sort_order),
        })}
        labelOf={(r) => `${r.class_name} (${r.school_type_name})`}
        columns={[
          {
            label: t('structure.fields.class_name'),
            value: (r) => [r.class_name, r.class_name_bn].filter(Boolean).join(' · '),
          },
          { label: t('structure.fields.class_code'), value: (r) => localDigits(r.class_code, lang) },
          { label: t('structure.fields.school_type_id'), value: (r) => r.school_type_name },
        ]}
        list={list}
        page={page}
        pageSize={SETUP_PAGE.defaultLimit}
        onPage={(p) => setParams({ page: String(p) })}
        canWrite={can(userType, 'structure.class-write')}
        alsoInvalidate={[lookupKeys.all, routineKeys.all]}
        filters={
          <SelectField
            label={t('structure.filters.type')}
            value={params.school_type_id}
            onChange={(v) => setParams({ school_type_id: v, page: '1' }, { replace: true })}
            placeholder={t('structure.filters.allTypes')}
            options={typeOptions}
          />
        }
      />
    </>
  );
}
