/**
 * "Two-factor sign-in" on one's own profile page: the state, turning it on (a QR code of
 * the otpauth:// URI drawn as inline SVG, the key as text in groups of four for typing, and the
 * link, then a first code), the ten recovery codes shown once with a download, and turning it off
 * with a code after confirming (not while the account is required to use it). Turning it on and off
 * asks for the current password first (the server checks it like a sign-in; a session alone must
 * not change how the account signs in); it is kept only in the card's machine, in memory.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { twoFactorMachine } from '@/machines/two-factor.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Card } from '@/ui/page';
import { useConfirm } from '@/ui/confirm';
import { useI18n } from '@/i18n/i18n';
import { localDigits } from '@/i18n/digits';
import { useErrorText } from '@/i18n/errors';
import { QrCode } from './qr-code';

/** ABCD EFGH IJKL …, for typing into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

function downloadText(fileName: string, text: string) {
  const blob = new Blob([text], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `onEnabled`: called once the server confirmed turning it on (a requirement to set it up is met). */
export function TwoFactorCard({ onEnabled }: { onEnabled?: () => void } = {}) {
  const { t, lang } = useI18n();
  const errorText = useErrorText();
  const ask = useConfirm();
  const [state, send] = useMachine(twoFactorMachine);
  const { status, setup, recoveryCodes, error, turnedOff } = state.context;
  const busy = state.hasTag('busy');
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const [password, setPassword] = useState('');
  const [noPassword, setNoPassword] = useState(false);
  const showingCodes = state.hasTag('codes');
  useEffect(() => {
    if (showingCodes) onEnabled?.();
  }, [showingCodes, onEnabled]);

  const codeOrEmpty = (e: FormEvent): string | null => {
    e.preventDefault();
    const c = code.trim();
    setEmpty(!c);
    return c || null;
  };
  /** The typed password, or null (and the field says so) when it is empty. */
  const passwordOrEmpty = (): string | null => {
    setNoPassword(!password);
    return password || null;
  };
  const submitStart = (e: FormEvent) => {
    e.preventDefault();
    const p = passwordOrEmpty();
    if (!p) return;
    send({ type: 'twoFactor.start', password: p });
    setPassword('');
  };
  const submitFirst = (e: FormEvent) => {
    const c = codeOrEmpty(e);
    if (!c) return;
    send({ type: 'twoFactor.code', code: c });
    // A code is good once: the field is empty for the next one (or the next step's).
    setCode('');
  };
  const submitOff = async (e: FormEvent) => {
    const c = codeOrEmpty(e);
    const p = passwordOrEmpty();
    if (!c || !p) return;
    const ok = await ask({
      title: t('two_factor.card.confirmOffTitle'),
      body: t('two_factor.card.confirmOffBody'),
      confirmLabel: t('two_factor.card.confirmOffButton'),
      tone: 'danger',
    });
    if (ok) {
      send({ type: 'twoFactor.disable', code: c, password: p });
      setCode('');
      setPassword('');
    }
  };
  const passwordField = (
    <TextField
      label={t('two_factor.card.currentPassword')}
      name="current_password"
      type="password"
      autoComplete="current-password"
      value={password}
      onChange={(e) => setPassword(e.target.value)}
      error={noPassword ? t('two_factor.card.enterPassword') : null}
    />
  );
  // The first code comes from the app (6 digits: the number pad); turning it off also takes a
  // recovery code, which has letters (the full keyboard, capitals).
  const codeField = (label: string, recovery: boolean) => (
    <TextField
      label={label}
      name="code"
      inputMode={recovery ? 'text' : 'numeric'}
      autoCapitalize={recovery ? 'characters' : undefined}
      autoComplete="one-time-code"
      spellCheck={false}
      value={code}
      onChange={(e) => setCode(e.target.value)}
      error={empty ? t('two_factor.signIn.enterCode') : null}
    />
  );
  const failure = error ? (
    <Alert tone="error" className="mb-3">
      {errorText(error)}
    </Alert>
  ) : null;

  let body;
  if (state.hasTag('loading')) {
    body = <p role="status">{t('two_factor.card.loading')}</p>;
  } else if (state.hasTag('failed')) {
    body = (
      <Alert tone="error" onRetry={() => send({ type: 'twoFactor.retry' })}>
        {t('two_factor.card.couldNotLoad')} {errorText(error)}
      </Alert>
    );
  } else if (state.hasTag('off')) {
    body = (
      <>
        {turnedOff ? (
          <Alert tone="success" className="mb-3">
            {t('two_factor.card.turnedOff')}
          </Alert>
        ) : null}
        {failure}
        <p className="mb-3 text-sm text-slate-700">{t('two_factor.card.intro')}</p>
        <p className="mb-3 font-medium">{t('two_factor.card.off')}</p>
        <form onSubmit={submitStart} noValidate className="space-y-3">
          {passwordField}
          <Button type="submit" disabled={busy}>
            {busy ? t('two_factor.card.starting') : t('two_factor.card.turnOn')}
          </Button>
        </form>
      </>
    );
  } else if (state.hasTag('setup') && setup) {
    body = (
      <form onSubmit={submitFirst} noValidate className="space-y-3">
        {failure}
        <p className="text-sm text-slate-700">{t('two_factor.card.setupSteps')}</p>
        <QrCode text={setup.otpauth_uri} label={t('two_factor.card.qrLabel')} />
        <div>
          <p className="text-sm font-medium text-slate-800">{t('two_factor.card.secretLabel')}</p>
          <p data-testid="two-factor-secret" className="font-mono text-lg tracking-wider break-all">
            {groupedSecret(setup.secret)}
          </p>
        </div>
        <div>
          <p className="text-sm font-medium text-slate-800">{t('two_factor.card.uriLabel')}</p>
          <p className="font-mono text-xs break-all">
            <a href={setup.otpauth_uri} className="underline">
              {setup.otpauth_uri}
            </a>
          </p>
          <p className="mt-1 text-xs text-slate-600">{t('two_factor.card.noQr')}</p>
        </div>
        {codeField(t('two_factor.card.firstCode'), false)}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? t('two_factor.card.saving') : t('two_factor.card.confirmOn')}
          </Button>
          <Button type="button" variant="secondary" disabled={busy} onClick={() => send({ type: 'twoFactor.cancel' })}>
            {t('two_factor.card.cancel')}
          </Button>
        </div>
      </form>
    );
  } else if (state.hasTag('codes') && recoveryCodes) {
    body = (
      <>
        <Alert tone="success" className="mb-3" title={t('two_factor.card.enabledTitle')}>
          {t('two_factor.card.recoveryIntro')}
        </Alert>
        <ul aria-label={t('two_factor.card.fileHeading')} className="mb-3 grid grid-cols-2 gap-2 font-mono">
          {recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="secondary"
            onClick={() =>
              downloadText(
                'pathshala-recovery-codes.txt',
                `${t('two_factor.card.fileHeading')}\r\n\r\n${recoveryCodes.join('\r\n')}\r\n`,
              )
            }
          >
            {t('two_factor.card.download')}
          </Button>
          <Button type="button" onClick={() => send({ type: 'twoFactor.saved' })}>
            {t('two_factor.card.saved')}
          </Button>
        </div>
      </>
    );
  } else if (state.hasTag('on') && status) {
    body = (
      <form onSubmit={(e) => void submitOff(e)} noValidate className="space-y-3">
        {failure}
        <p className="font-medium">
          {localDigits(t('two_factor.card.on', { count: status.recovery_codes_left }), lang)}
        </p>
        {status.required ? (
          <p className="text-sm text-slate-700">{t('two_factor.card.required')}</p>
        ) : (
          <>
            {passwordField}
            {codeField(t('two_factor.card.offCode'), true)}
            <Button type="submit" variant="secondary" disabled={busy}>
              {busy ? t('two_factor.card.turningOff') : t('two_factor.card.turnOff')}
            </Button>
          </>
        )}
      </form>
    );
  }

  return (
    <Card title={t('two_factor.card.title')} className="mt-4">
      {body}
    </Card>
  );
}
