/**
 * "New academic session": opens the next session, copying the last one's class routine
 * if asked, after a confirmation. Classes, sections and periods are not bound to a session, so
 * they carry over as they are; the routine is what a school would otherwise type again.
 */
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import type { SessionOpenAnswer } from '@/api/schemas/structure';
import { openSession } from '@/api/structure';
import { sessionOpenMachine, type SessionOpenInput } from '@/machines/session-open.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Card } from '@/ui/page';
import { useToast } from '@/ui/toast';
import { useErrorText } from '@/i18n/errors';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useFlow } from '@/ui/use-flow';
import { lookupKeys } from '@/api/lookups';
import { routineKeys } from '@/api/routines';

export function SessionOpen({ schoolId }: { schoolId: number | null }) {
  const { t, lang } = useI18n();
  const toast = useToast();
  const errorText = useErrorText();
  // A new session changes the lookups (sessions, the sections it copied) and, copied, the routines.
  const [state, send] = useFlow(sessionOpenMachine, {
    invalidates: [lookupKeys.all, routineKeys.all],
    on: 'opened',
    provide: {
      actors: {
        open: fromPromise<SessionOpenAnswer, SessionOpenInput>(({ input }) =>
          openSession(
            { school_info_id: schoolId ?? undefined, copy_routines: input.copyRoutines },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      },
    },
  });
  const { result, error, seq, copyRoutines } = state.context;
  useEffect(() => {
    if (seq === 0) return;
    if (result)
      toast.show(
        lang === 'en'
          ? result.message
          : t('structure.success.session_opened', { year: localDigits(result.session.session_year, lang) }),
        'success',
      );
    // Shown once per answer, not again when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seq]);
  const busy = state.hasTag('busy');
  return (
    <Card title={t('structure.session.title')} className="mt-6">
      <p className="mb-3 text-sm text-slate-700">{t('structure.session.intro')}</p>
      {error ? (
        <div className="mb-3">
          <Alert tone="error">{errorText(error)}</Alert>
        </div>
      ) : null}
      <label className="mb-3 flex min-h-11 items-center gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={copyRoutines}
          disabled={!state.can({ type: 'session.toggleCopy' })}
          onChange={() => send({ type: 'session.toggleCopy' })}
        />
        {t('structure.session.copy')}
      </label>
      <Button
        variant="secondary"
        disabled={!state.can({ type: 'session.open' })}
        onClick={() => send({ type: 'session.open' })}
      >
        {t('structure.session.open')}
      </Button>
      <ConfirmDialog
        open={state.hasTag('confirm')}
        title={t('structure.session.question')}
        confirmLabel={busy ? t('structure.session.opening') : t('structure.session.open')}
        busy={busy}
        onConfirm={() => send({ type: 'session.confirm' })}
        onCancel={() => send({ type: 'session.cancel' })}
      >
        <p>{copyRoutines ? t('structure.session.questionCopy') : t('structure.session.questionNoCopy')}</p>
      </ConfirmDialog>
    </Card>
  );
}
