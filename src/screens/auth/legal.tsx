/**
 * The sign-in footer's Terms and Privacy, as small dialogs with short, real text. The dialog's
 * code (Headless UI's, ~30 KB) loads when one is first opened, not with the sign-in form: on a
 * slow phone the form is usable that much sooner (bench/slow-phone.ts).
 */
import { lazy, Suspense, useState } from 'react';
import { useI18n } from '@/i18n/i18n';
import { retryImport } from '@/ui/lazy-retry';

const SimpleDialog = lazy(() => retryImport(() => import('@/ui/dialog')).then((m) => ({ default: m.SimpleDialog })));

function TermsText() {
  const { t } = useI18n();
  return (
    <>
      <p>{t('shell.signIn.terms1')}</p>
      <p>{t('shell.signIn.terms2')}</p>
      <p>{t('shell.signIn.terms3')}</p>
    </>
  );
}

function PrivacyText() {
  const { t } = useI18n();
  return (
    <>
      <p>{t('shell.signIn.privacy1')}</p>
      <p>{t('shell.signIn.privacy2')}</p>
      <p>{t('shell.signIn.privacy3')}</p>
    </>
  );
}

export function LegalLinks() {
  const { t } = useI18n();
  const [open, setOpen] = useState<'terms' | 'privacy' | null>(null);
  const linkClass = 'inline-flex min-h-11 items-center rounded px-1 underline underline-offset-2 hover:text-slate-900';
  return (
    <nav aria-label={t('shell.signIn.legal')} className="flex gap-4">
      <button type="button" className={linkClass} onClick={() => setOpen('terms')}>
        {t('shell.signIn.terms')}
      </button>
      <button type="button" className={linkClass} onClick={() => setOpen('privacy')}>
        {t('shell.signIn.privacy')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SimpleDialog open={open === 'terms'} onClose={() => setOpen(null)} title={t('shell.signIn.termsTitle')}>
            <TermsText />
          </SimpleDialog>
          <SimpleDialog open={open === 'privacy'} onClose={() => setOpen(null)} title={t('shell.signIn.privacy')}>
            <PrivacyText />
          </SimpleDialog>
        </Suspense>
      ) : null}
    </nav>
  );
}
