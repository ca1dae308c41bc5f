/**
 * Sign-in at / and /login (spec part 1, section 2): one field for user id, e-mail or phone, a
 * password, the server's message when it refuses, and the footer with Terms, Privacy and the
 * copyright line. The old portal did no client checks; empty fields are caught here with the
 * contract's own messages so the server is not asked a question with no answer.
 */
import { useState, type FormEvent } from 'react';
import { loginBody } from '@/api/schemas/auth';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { useSession, useSessionActor } from '@/ui/session';
import { LegalLinks } from '@/screens/auth/legal';

// The spec's copyright range was 2017-2023 (the old portal's last year); the line now runs to the
// current year so it does not go stale.
export const COPYRIGHT = `© 2017-${Math.max(2023, new Date().getFullYear())} Pathshala`;

type FieldErrors = Partial<Record<'user_code' | 'password', string>>;

export default function SignInScreen() {
  const actor = useSessionActor();
  const message = useSession((s) => s.context.message);
  const expired = useSession((s) => s.matches('expired'));
  const busy = useSession((s) => s.hasTag('busy'));
  const canSubmit = useSession((s) => s.can({ type: 'session.login', user_code: '', password: '' }));
  const rememberedCode = useSession((s) => (s.matches('expired') ? s.context.userCode : null));

  const [userCode, setUserCode] = useState(rememberedCode ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = loginBody.safeParse({ user_code: userCode, password });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'user_code' || key === 'password') && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    actor.send({ type: 'session.login', ...parsed.data });
  }

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-indigo-50 to-slate-50">
      <main className="flex flex-1 items-center justify-center px-4 py-10">
        <div className="w-full max-w-sm">
          <div className="mb-6 text-center">
            <p className="text-3xl font-bold text-indigo-700">Pathshala</p>
            <h1 className="mt-2 text-lg font-semibold text-slate-800">Sign in to your school portal</h1>
          </div>
          <form
            onSubmit={submit}
            noValidate
            className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            {message ? (
              <p
                role="alert"
                className={`rounded-md px-3 py-2 text-sm ${expired ? 'bg-amber-50 text-amber-900' : 'bg-red-50 text-red-800'}`}
              >
                {message}
              </p>
            ) : null}
            <TextField
              label="User ID, e-mail or phone"
              name="user_code"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={userCode}
              onChange={(e) => setUserCode(e.target.value)}
              error={errors.user_code}
            />
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
            />
            <Button type="submit" className="w-full" disabled={!canSubmit || busy}>
              {busy ? 'Signing in…' : 'Sign in'}
            </Button>
          </form>
        </div>
      </main>
      <footer className="flex flex-col items-center gap-2 px-4 pb-6 text-sm text-slate-600 sm:flex-row sm:justify-center sm:gap-6">
        <LegalLinks />
        <p>{COPYRIGHT}</p>
      </footer>
    </div>
  );
}
