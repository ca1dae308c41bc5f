/**
 * "Language / ভাষা": each language named in itself, so whoever cannot read the current one still
 * finds theirs. Signed in, a choice is saved on the server (src/machines/language.machine.ts);
 * before sign-in it is this device's choice only.
 */
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { languageMachine } from '@/machines/language.machine';
import { LANGUAGES, setLanguage, useI18n, type Language } from '@/i18n/i18n';
import { useErrorText } from '@/i18n/errors';
import { useToast } from '@/ui/toast';

interface LanguageChoice {
  choose: (language: Language) => void;
  busy: boolean;
}

const LanguageContext = createContext<LanguageChoice | null>(null);

/** The signed-in user's language choice: saved on the server, then applied; a failure is shown. */
export function LanguageChoiceProvider({ children }: { children: ReactNode }) {
  const actor = useActorRef(languageMachine);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const saved = useSelector(actor, (s) => s.context.saved);
  const { t } = useI18n();
  const errorText = useErrorText();
  const toast = useToast();
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (error && shown.current !== error) {
      shown.current = error;
      toast.show(t('shell.language.couldNotSave', { message: errorText(error) }), 'error');
    }
  }, [error, errorText, t, toast]);
  const lastSaved = useRef<Language | null>(null);
  useEffect(() => {
    if (saved && lastSaved.current !== saved) {
      lastSaved.current = saved;
      toast.show(t('shell.errors.language_saved'), 'success');
    }
  }, [saved, t, toast]);
  const value = { choose: (language: Language) => actor.send({ type: 'language.choose', language }), busy };
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/** Signed in: the provider's saving choice; elsewhere (sign-in page) this device's choice. */
export function useChooseLanguage(): LanguageChoice {
  return useContext(LanguageContext) ?? { choose: (language) => void setLanguage(language), busy: false };
}

/** Two buttons, "English" and "বাংলা", the current one pressed. */
export function LanguageButtons({ className = '' }: { className?: string }) {
  const { t, lang } = useI18n();
  const { choose, busy } = useChooseLanguage();
  return (
    <div role="group" aria-label={t('language.label')} className={`flex gap-1 ${className}`}>
      {LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          aria-pressed={lang === code}
          disabled={busy}
          onClick={() => lang !== code && choose(code)}
          className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-indigo-700 ring-1 ring-inset ring-indigo-200 aria-pressed:bg-indigo-600 aria-pressed:text-white disabled:opacity-60"
        >
          {t(`language.${code}`)}
        </button>
      ))}
    </div>
  );
}
