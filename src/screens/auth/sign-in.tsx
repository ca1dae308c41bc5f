/**
 * Sign-in at / and /login (spec part 1, section 2): one field for user id, e-mail or phone, a
 * password, the server's message when it refuses, and the footer with Terms, Privacy and the
 * copyright line. The old portal did no client checks; empty fields are caught here with the
 * contract's own messages so the server is not asked a question with no answer.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/ui/button';
import { prefetchAfterSignInForm } from '@/ui/shell-loader';
import { TextField } from '@/ui/field';
import { useSession, useSessionActor } from '@/ui/session';
import { LegalLinks } from '@/screens/auth/legal';
import { LanguageButtons } from '@/ui/language-switch';
import { useI18n } from '@/i18n/i18n';
import { localDigits } from '@/i18n/digits';
import { translateError, useErrorText } from '@/i18n/errors';
import { NETWORK_ERROR_MESSAGE } from '@/api/client';
import {
  LOGOUT_UNCONFIRMED_MESSAGE,
  PROFILE_MISMATCH_MESSAGE,
  SESSION_ENDED_MESSAGE,
  UNSUPPORTED_ACCOUNT_MESSAGE,
  type SecondFactorCode,
} from '@/machines/session.machine';
import type { TFunction } from 'i18next';

// The spec's copyright range was 2017-2023 (the old portal's last year); the line now runs to the
// current year so it does not go stale.
const COPYRIGHT_TO = Math.max(2023, new Date().getFullYear());
export const COPYRIGHT = `© 2017-${COPYRIGHT_TO} Pathshala`;

type FieldErrors = Partial<Record<'user_code' | 'password', 'enterUserCode' | 'enterPassword'>>;

const CHECK_PREFIX = 'We could not check your saved sign-in: ';

/**
 * The session machine's message in the user's language. The machine keeps English (the spec's
 * texts); the ones it writes itself, and the server's known sign-in answers, are translated here;
 * any other server text is shown as the server wrote it.
 */
export function sessionMessageText(message: string, t: TFunction): string {
  const known: Record<string, string> = {
    [SESSION_ENDED_MESSAGE]: t('shell.signIn.sessionEnded'),
    [UNSUPPORTED_ACCOUNT_MESSAGE]: t('shell.signIn.unsupportedAccount'),
    [PROFILE_MISMATCH_MESSAGE]: t('shell.signIn.profileMismatch'),
    [LOGOUT_UNCONFIRMED_MESSAGE]: t('shell.signIn.logoutUnconfirmed'),
    'Wrong user id or password.': t('shell.signIn.wrongCredentials'),
    [NETWORK_ERROR_MESSAGE]: translateError({ code: 'network', message: NETWORK_ERROR_MESSAGE }),
  };
  if (known[message]) return known[message];
  if (message.startsWith(CHECK_PREFIX)) {
    return t('shell.signIn.couldNotCheck', { message: sessionMessageText(message.slice(CHECK_PREFIX.length), t) });
  }
  return message;
}

export default function SignInScreen() {
  // Two-factor sign-in: the machine keeps the typed user id and password (in memory) while the code
  // is asked for; the screen shows only the code field until the user signs in or leaves. The
  // password form unmounts meanwhile, so nothing typed stays in it.
  const codeError = useSession((s) => s.context.codeError ?? null);
  const codeUser = useSession((s) => s.context.credentials?.user_code ?? null);
  const busy = useSession((s) => s.hasTag('busy'));
  // Once the form is on screen: what signing in will need (the shell, the screens' texts).
  useEffect(() => prefetchAfterSignInForm(), []);
  return (
    <SignInFrame>
      {codeError ? <CodeStep codeError={codeError} userCode={codeUser ?? ''} busy={busy} /> : <PasswordStep />}
    </SignInFrame>
  );
}

function PasswordStep() {
  const { t } = useI18n();
  const actor = useSessionActor();
  const message = useSession((s) => s.context.message);
  const expired = useSession((s) => s.hasTag('expired'));
  const busy = useSession((s) => s.hasTag('busy'));
  const canSubmit = useSession((s) => s.can({ type: 'session.login', user_code: '', password: '' }));
  const rememberedCode = useSession((s) => (s.hasTag('expired') ? s.context.userCode : null));

  const [userCode, setUserCode] = useState(rememberedCode ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    // The contract's own rule (loginBody in src/api/schemas/auth.ts: a user id after trimming and
    // a password, each at least one character), written out here so that the sign-in form does
    // not wait for the schema library on a slow phone; the server checks the whole body again.
    const user_code = userCode.trim();
    const next: FieldErrors = {};
    if (!user_code) next.user_code = 'enterUserCode';
    if (!password) next.password = 'enterPassword';
    setErrors(next);
    if (next.user_code || next.password) return;
    actor.send({ type: 'session.login', user_code, password });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      {message ? (
        <p
          role="alert"
          className={`rounded-md px-3 py-2 text-sm ${expired ? 'bg-amber-50 text-amber-900' : 'bg-red-50 text-red-800'}`}
        >
          {sessionMessageText(message, t)}
        </p>
      ) : null}
      <TextField
        label={t('shell.signIn.userCode')}
        name="user_code"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={userCode}
        onChange={(e) => setUserCode(e.target.value)}
        error={errors.user_code && t(`shell.signIn.${errors.user_code}`)}
      />
      <TextField
        label={t('shell.signIn.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password && t(`shell.signIn.${errors.password}`)}
      />
      <Button type="submit" className="w-full" disabled={!canSubmit || busy}>
        {busy ? t('shell.signIn.signingIn') : t('shell.signIn.submit')}
      </Button>
    </form>
  );
}

function SignInFrame({ children }: { children: ReactNode }) {
  const { t, lang } = useI18n();
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-indigo-50 to-slate-50">
      <main className="flex flex-1 items-center justify-center px-4 py-10">
        <div className="w-full max-w-sm">
          <div className="mb-6 text-center">
            <p className="text-3xl font-bold text-indigo-700">{t('common.appName')}</p>
            <h1 className="mt-2 text-lg font-semibold text-slate-800">{t('shell.signIn.heading')}</h1>
            <LanguageButtons className="mt-3 justify-center" />
          </div>
          {children}
        </div>
      </main>
      <footer className="flex flex-col items-center gap-2 px-4 pb-6 text-sm text-slate-600 sm:flex-row sm:justify-center sm:gap-6">
        <LegalLinks />
        <p>{localDigits(`© 2017-${COPYRIGHT_TO} ${t('common.appName')}`, lang)}</p>
      </footer>
    </div>
  );
}

/**
 * The second step for an account with two-factor sign-in: a code from the authenticator app (or
 * a recovery code). The password is not asked again: the session machine sends the one typed
 * before, kept in memory only. A wrong code shows the server's answer in the user's language.
 */
function CodeStep({
  codeError,
  userCode,
  busy,
}: {
  codeError: { code: SecondFactorCode; message: string };
  userCode: string;
  busy: boolean;
}) {
  const { t } = useI18n();
  const actor = useSessionActor();
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const wrong = codeError.code === 'otp_invalid';

  function submit(event: FormEvent) {
    event.preventDefault();
    const otp = code.trim();
    if (!otp) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    actor.send({ type: 'session.code', otp });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <p className="text-sm text-slate-700">{t('two_factor.signIn.signingInAs', { user: userCode })}</p>
      {wrong ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorText(codeError)}
        </p>
      ) : (
        <p className="rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900">{errorText(codeError)}</p>
      )}
      <TextField
        label={t('two_factor.signIn.codeLabel')}
        name="otp"
        // A recovery code has letters (ABCDE-FGHJK): the full keyboard, not the number pad; the
        // browser still offers a code from a message (one-time-code).
        inputMode="text"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
        hint={t('two_factor.signIn.codeHint')}
        error={empty ? t('two_factor.signIn.enterCode') : null}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t('two_factor.signIn.checking') : t('two_factor.signIn.submit')}
      </Button>
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        disabled={busy}
        onClick={() => actor.send({ type: 'session.cancelCode' })}
      >
        {t('two_factor.signIn.otherAccount')}
      </Button>
    </form>
  );
}
