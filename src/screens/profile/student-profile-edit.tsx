/**
 * /studentprofileedit: the student edits their own mobile and e-mail (the spec's page; the whole
 * profile and the photo are on /myprofile). A save says "Profile updated" (docs/DOMAIN.md, "Profiles").
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { newIdempotencyKey } from '@/api/client';
import { peopleKeys, studentProfileQuery, updateStudentProfile } from '@/api/people';
import type { StudentProfile } from '@/api/schemas/people';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useErrorText } from '@/i18n/errors';
import { useI18n } from '@/i18n/i18n';

export default function StudentProfileEditScreen() {
  const { t } = useI18n();
  const { profile } = useSignedIn();
  const student = useQuery(studentProfileQuery(profile.id));
  return (
    <>
      <PageHeader kicker={profile.school_name} title={t('people.profileEdit.title')} />
      <Card>
        <QueryState
          query={student}
          what={t('people.profileEdit.what')}
          loadingLabel={t('people.profileEdit.loading')}
          empty={t('shell.profile.noStudentRecord')}
          isEmpty={(data) => data === null}
        >
          {(data) => (data ? <EditForm student={data} /> : null)}
        </QueryState>
      </Card>
    </>
  );
}

function EditForm({ student }: { student: StudentProfile }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [mobile, setMobile] = useState(student.mobile_no);
  const [email, setEmail] = useState(student.email);
  const [key, setKey] = useState(newIdempotencyKey);
  const dirty = mobile !== student.mobile_no || email !== student.email;
  useUnsavedChanges(dirty, t('people.form.unsaved'));
  const save = useMutation({
    mutationFn: () => updateStudentProfile(student.student_code, { mobile, email }, { idempotencyKey: key }),
    onSuccess: () => {
      setKey(newIdempotencyKey());
      void queryClient.invalidateQueries({ queryKey: peopleKeys.studentProfile(student.id) });
    },
  });
  const fields = (save.error as { fields?: Record<string, string> } | null)?.fields ?? {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">{student.full_name}</h2>
      <p className="text-sm text-slate-700">{t('people.profileEdit.intro')}</p>
      {save.isSuccess && !dirty ? <Alert tone="success">{t('profiles.updated')}</Alert> : null}
      {save.isError && !Object.keys(fields).length ? <Alert tone="error">{errorText(save.error)}</Alert> : null}
      <TextField
        label={t('people.form.fields.mobile')}
        type="tel"
        inputMode="tel"
        value={mobile}
        onChange={(e) => setMobile(e.target.value)}
        hint={t('people.form.mobileHint')}
        error={fields.mobile ?? null}
      />
      <TextField
        label={t('people.form.fields.email')}
        type="email"
        inputMode="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fields.email ?? null}
      />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('people.profileEdit.saving') : t('people.profileEdit.save')}
      </Button>
    </form>
  );
}
