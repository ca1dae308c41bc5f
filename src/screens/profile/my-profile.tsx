/**
 * /myprofile: everyone edits their own profile and photo (docs/DOMAIN.md, "Profiles"). The form
 * runs profile-form.machine.ts, the photo profile-photo.machine.ts; after either is saved the
 * session gets the server's new profile, so the header's name and photo change at once. The
 * fields are the user type's own (a teacher's designation and department, a student's and a
 * teacher's middle name); the save goes to the user type's path (src/api/profiles.ts).
 */
import { useRef, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { fetchMe } from '@/api/session';
import {
  fieldsFor,
  formOf,
  myProfileQuery,
  profileKeys,
  removeMyPhoto,
  saveMyProfile,
  uploadMyPhoto,
  type ProfileForm,
} from '@/api/profiles';
import { schoolToday } from '@/api/school-time';
import { BLOOD_GROUPS, type MyProfile, type PhotoResponse, type ProfileUpdateResponse } from '@/api/schemas/profiles';
import type { UserType } from '@/api/permissions';
import { profileFormMachine, sameForm } from '@/machines/profile-form.machine';
import { profilePhotoMachine, type ChosenFile } from '@/machines/profile-photo.machine';
import { Alert } from '@/ui/alert';
import { Avatar } from '@/ui/avatar';
import { initials } from '@/ui/app-shell';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { SelectField } from '@/ui/select';
import { useSessionActor, useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useFlow } from '@/ui/use-flow';
import { useErrorText } from '@/i18n/errors';
import { useI18n } from '@/i18n/i18n';
import { latinDigits } from '@/i18n/digits';

export default function MyProfileScreen() {
  const { t } = useI18n();
  const { profile } = useSignedIn();
  const mine = useQuery(myProfileQuery());
  return (
    <>
      <PageHeader kicker={profile.school_name ?? undefined} title={t('profiles.title')} />
      <QueryState query={mine} what={t('profiles.what')} loadingLabel={t('profiles.loading')}>
        {(data) => (
          <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
            <PhotoCard profile={data} />
            <DetailsCard profile={data} />
          </div>
        )}
      </QueryState>
    </>
  );
}

/** After a save: the session's copy of the profile from the server (the header reads it). */
function useRefreshSession() {
  const session = useSessionActor();
  const { profile } = useSignedIn();
  return () =>
    void fetchMe({ user_code: profile.user_code, user_type: profile.user_type })
      .then((fresh) => session.send({ type: 'session.profileChanged', profile: fresh }))
      .catch(() => undefined);
}

function PhotoCard({ profile }: { profile: MyProfile }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const refresh = useRefreshSession();
  const input = useRef<HTMLInputElement>(null);
  const files = useRef(new Map<string, File>());
  const [state, send] = useFlow(profilePhotoMachine, {
    input: { photoUrl: profile.photo_url },
    invalidates: [profileKeys.all],
    on: 'photoChanged',
    also: refresh,
    provide: {
      actors: {
        // The machine knows the file by its key; the File itself stays here, for the upload.
        uploadPhoto: fromPromise<PhotoResponse, { file: ChosenFile }>(({ input: { file } }) => {
          const chosen = files.current.get(file.name);
          if (!chosen) return Promise.reject(new Error('The chosen file is gone: choose it again.'));
          return uploadMyPhoto(chosen);
        }),
        removePhoto: fromPromise<PhotoResponse, void>(() => removeMyPhoto()),
      },
    },
  });
  const busy = state.hasTag('busy');
  const { photoUrl, problem, failure, last } = state.context;
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{t('profiles.photo.heading')}</h2>
      <div className="flex flex-col items-center gap-3 text-center">
        <Avatar photoUrl={photoUrl} initials={initials(profile.full_name)} alt={t('profiles.photo.alt')} size="large" />
        {photoUrl ? null : <p className="text-sm text-slate-600">{t('profiles.photo.none')}</p>}
        <p id="photo-hint" className="text-sm text-slate-600">
          {t('profiles.photo.hint')}
        </p>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="photo-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            const key = `${file.name}|${file.size}|${file.lastModified}`;
            files.current.set(key, file);
            send({ type: 'photo.choose', file: { name: key, type: file.type, size: file.size } });
          }}
        />
        <div className="flex flex-wrap justify-center gap-2">
          <Button type="button" disabled={busy} aria-describedby="photo-hint" onClick={() => input.current?.click()}>
            {photoUrl ? t('profiles.photo.replace') : t('profiles.photo.choose')}
          </Button>
          {photoUrl ? (
            <Button type="button" variant="secondary" disabled={busy} onClick={() => send({ type: 'photo.remove' })}>
              {t('profiles.photo.remove')}
            </Button>
          ) : null}
        </div>
        <div aria-live="polite" className="w-full">
          {busy ? <p className="text-sm text-slate-700">{t('profiles.photo.uploading')}</p> : null}
          {state.hasTag('changed') && last ? (
            <Alert tone="success">{last === 'saved' ? t('profiles.photo.saved') : t('profiles.photo.removed')}</Alert>
          ) : null}
          {problem ? <Alert tone="error">{t(`profiles.photo.${problem}`)}</Alert> : null}
          {failure ? (
            <Alert tone="error">
              {failure.fields.file
                ? t(failure.status === 413 ? 'profiles.photo.size' : 'profiles.photo.type')
                : errorText(failure)}
            </Alert>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

function DetailsCard({ profile }: { profile: MyProfile }) {
  const { t, lang } = useI18n();
  const errorText = useErrorText();
  const { userType } = useSignedIn();
  const refresh = useRefreshSession();
  const fields = fieldsFor(userType as UserType);
  const [state, send] = useFlow(profileFormMachine, {
    input: { form: formOf(profile), fields, today: schoolToday() },
    invalidates: [profileKeys.all],
    on: 'profileSaved',
    also: refresh,
    provide: {
      actors: {
        saveProfile: fromPromise<ProfileUpdateResponse, { form: ProfileForm; idempotencyKey: string }>(({ input }) =>
          saveMyProfile(userType as UserType, profile.code, input.form, { idempotencyKey: input.idempotencyKey }),
        ),
      },
    },
  });
  const { form, saved, problems, failure } = state.context;
  const dirty = !sameForm(form, saved);
  useUnsavedChanges(dirty, t('profiles.unsaved'));
  const busy = state.hasTag('busy');
  const problemOf = (f: keyof ProfileForm) => (problems[f] ? t(`profiles.problems.${problems[f]}`) : null);
  const field = (f: keyof ProfileForm, extra: Partial<Parameters<typeof TextField>[0]> = {}) =>
    fields.includes(f) ? (
      <TextField
        label={t(`profiles.fields.${f}`)}
        name={f}
        value={form[f]}
        onChange={(e) => send({ type: 'profile.field', field: f, value: e.target.value })}
        error={problemOf(f)}
        disabled={busy}
        {...extra}
      />
    ) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'profile.submit' });
  };
  return (
    <Card>
      <h2 className="mb-1 text-lg font-semibold text-slate-900">{t('profiles.detailsHeading')}</h2>
      <p className="mb-4 text-sm text-slate-700">{t('profiles.intro')}</p>
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('profiles.title')}>
        <div aria-live="polite">
          {state.hasTag('saved') ? <Alert tone="success">{t('profiles.updated')}</Alert> : null}
          {failure && !Object.keys(problems).length ? <Alert tone="error">{errorText(failure)}</Alert> : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('first_name', { autoComplete: 'given-name', required: true })}
          {field('middle_name', { autoComplete: 'additional-name' })}
          {field('last_name', { autoComplete: 'family-name' })}
          {field('mobile', {
            type: 'tel',
            inputMode: 'tel',
            autoComplete: 'tel',
            hint: t('profiles.mobileHint'),
            onChange: (e) => send({ type: 'profile.field', field: 'mobile', value: latinDigits(e.target.value) }),
          })}
          {field('email', { type: 'email', inputMode: 'email', autoComplete: 'email' })}
          {field('dob', { type: 'date', max: schoolToday(), lang })}
          <SelectField
            label={t('profiles.fields.blood_group')}
            name="blood_group"
            value={form.blood_group}
            onChange={(value) => send({ type: 'profile.field', field: 'blood_group', value })}
            placeholder={t('profiles.bloodGroupNone')}
            options={BLOOD_GROUPS.map((g) => ({ value: g, label: g }))}
            error={problemOf('blood_group')}
            disabled={busy}
          />
          {field('designation', { autoComplete: 'organization-title' })}
          {field('department')}
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? t('profiles.saving') : t('profiles.save')}
        </Button>
      </form>
    </Card>
  );
}
