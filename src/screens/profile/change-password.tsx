/**
 * /studentpassword and /teacherpassword: one's own password, the current one required.
 * Also where a one-time password's owner lands after signing in (the guard sends them here).
 */
import { TwoFactorCard } from '@/screens/profile/two-factor-card';
import { useMemo, type FormEvent } from 'react';
import { Link } from 'wouter';
import { HOME_ROUTE } from '@/api/permissions';
import { passwordMachine, PASSWORD_RULES, type PasswordForm } from '@/machines/password.machine';
import { PEOPLE_MESSAGES } from '@/api/schemas/people';
import { useMachine } from '@xstate/react';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { useSession, useSessionActor, useSignedIn } from '@/ui/session';
import { linkStyle } from '@/ui/table';
import { useI18n } from '@/i18n/i18n';

/** The form's own rules and the server's field messages, each said in the user's language. */
const RULE_KEYS: Record<string, 'required' | 'weak' | 'mismatch' | 'common' | 'personal' | 'wrong'> = {
  [PASSWORD_RULES.required]: 'required',
  [PASSWORD_RULES.weak]: 'weak',
  [PASSWORD_RULES.mismatch]: 'mismatch',
  [PEOPLE_MESSAGES.commonPassword]: 'common',
  [PEOPLE_MESSAGES.personalPassword]: 'personal',
  [PEOPLE_MESSAGES.wrongPassword]: 'wrong',
};

export default function ChangePasswordScreen() {
  const { t } = useI18n();
  const { profile, userType } = useSignedIn();
  const session = useSessionActor();
  const mustChange = useSession((s) => s.context.mustChangePassword === true);
  const userCode = useSession((s) => s.context.userCode) ?? '';
  const logic = useMemo(
    () =>
      passwordMachine.provide({
        actions: { passwordChanged: () => session.send({ type: 'session.passwordChanged' }) },
      }),
    [session],
  );
  const [state, send] = useMachine(logic, { input: { userCode } });
  const { form, fields, error, message } = state.context;
  const busy = state.hasTag('busy');
  const fieldError = (f: keyof PasswordForm) => {
    const m = fields[f];
    if (!m) return null;
    const key = RULE_KEYS[m];
    return key ? t(`people.password.rules.${key}`) : m;
  };
  const set = (field: keyof PasswordForm) => (e: { target: { value: string } }) =>
    send({ type: 'password.field', field, value: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'password.submit' });
  };
  return (
    <>
      <PageHeader kicker={profile.school_name} title={t('people.password.title')} />
      <Card>
        {state.hasTag('done') ? (
          <>
            <Alert tone="success" className="mb-4">
              {message === 'password Changed successfully!!' ? t('people.success.password_changed') : message}
            </Alert>
            <Link href={HOME_ROUTE[userType]} className={`inline-flex min-h-11 items-center ${linkStyle}`}>
              {t('people.password.home')}
            </Link>
          </>
        ) : (
          <form onSubmit={submit} noValidate className="max-w-md space-y-4">
            {mustChange ? <Alert tone="warning">{t('people.password.mustChange')}</Alert> : null}
            <p className="text-sm text-slate-700">{t('people.password.intro')}</p>
            {error && !Object.keys(fields).length ? <Alert tone="error">{error}</Alert> : null}
            <TextField
              label={t('people.password.current')}
              type="password"
              autoComplete="current-password"
              value={form.current_password}
              onChange={set('current_password')}
              error={fieldError('current_password')}
              required
            />
            <TextField
              label={t('people.password.next')}
              type="password"
              autoComplete="new-password"
              value={form.Pass}
              onChange={set('Pass')}
              error={fieldError('Pass')}
              hint={t('people.password.rules.weak')}
              required
            />
            <TextField
              label={t('people.password.confirm')}
              type="password"
              autoComplete="new-password"
              value={form.confirm}
              onChange={set('confirm')}
              error={fieldError('confirm')}
              required
            />
            <Button type="submit" disabled={busy}>
              {busy ? t('people.password.saving') : t('people.password.submit')}
            </Button>
          </form>
        )}
      </Card>
      {/* Not before the password is changed: the server refuses everything else until then
          (server/auth/guard.ts), so the card would only say "Choose your own password first".
          Once changed, it mounts and asks for the state afresh. */}
      {mustChange ? null : <TwoFactorCard />}
    </>
  );
}
