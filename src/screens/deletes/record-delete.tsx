/**
 * The Delete action of an admin's list (docs/DOMAIN.md, "Deleting"), run by the record-delete
 * flow (src/machines/record-delete.machine.ts): a dialog says what will go before anything is
 * sent (an invoice asks its cancellation reason first); a refusal shows what depends on the record,
 * with counts, and the alternative, until dismissed; a success says so and reads the list again.
 *
 *   const deletes = useRecordDelete([peopleKeys.all]);
 *   <RecordDeleteButton deletes={deletes} kind="student" id={r.id} label={`${r.full_name} (${r.student_code})`} />
 *   {deletes.element}
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { DeletableKind } from '@/api/schemas/record-deletes';
import { localDigits } from '@/i18n/digits';
import { useErrorText } from '@/i18n/errors';
import { useI18n } from '@/i18n/i18n';
import { recordDeleteMachine } from '@/machines/record-delete.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { DeferredConfirmDialog } from '@/ui/confirm';
import { TextField } from '@/ui/field';
import { useToast } from '@/ui/toast';
import { useFlow } from '@/ui/use-flow';

export interface RecordDeletes {
  ask: (kind: DeletableKind, ids: readonly number[], label: string) => void;
  /** A delete is asked about or under way: the list's Delete buttons wait. */
  busy: boolean;
  element: ReactNode;
}

/** The flow of one list's deletes, with its dialogs and refusal (`element`, rendered once). */
export function useRecordDelete(invalidates: readonly QueryKey[]): RecordDeletes {
  const { t, lang } = useI18n();
  const errorText = useErrorText();
  const toast = useToast();
  const [state, send] = useFlow(recordDeleteMachine, { invalidates, on: 'deleted' });
  const { target, refusal, feedback, error, reason } = state.context;

  const shown = useRef(0);
  useEffect(() => {
    if (!feedback || feedback.seq === shown.current) return;
    shown.current = feedback.seq;
    const key = `deletes.success.${feedback.code.replace(/^deletes\./, '')}`;
    const text = t(key as never);
    toast.show(text && text !== key ? text : feedback.text, 'success');
  }, [feedback, toast, t]);
  useEffect(() => {
    if (error) toast.show(errorText(error), 'error');
  }, [error, toast, errorText]);

  const kind = target?.kind;
  const element = (
    <>
      {refusal ? (
        <Alert tone="error" title={t('deletes.refusedTitle')} className="my-3">
          <p>{t('deletes.refusedLead', { label: refusal.target.label })}</p>
          <ul className="list-disc pl-5">
            {Object.entries(refusal.dependents).map(([name, n]) => (
              <li key={name}>
                {t('deletes.dependent', {
                  n: localDigits(String(n), lang),
                  what: t(`deletes.dependents.${name}` as never) || name.replace(/_/g, ' '),
                })}
              </li>
            ))}
          </ul>
          {refusal.instead ? <p className="font-medium">{t(`deletes.instead.${refusal.instead}`)}</p> : null}
          <Button variant="secondary" className="mt-2" onClick={() => send({ type: 'records.dismiss' })}>
            {t('deletes.dismiss')}
          </Button>
        </Alert>
      ) : null}
      <DeferredConfirmDialog
        open={state.hasTag('reason')}
        title={t('deletes.titles.invoice')}
        confirmLabel={t('deletes.next')}
        cancelLabel={t('deletes.cancel')}
        onConfirm={() => send({ type: 'records.next' })}
        onCancel={() => send({ type: 'records.cancel' })}
      >
        <TextField
          label={t('deletes.reason')}
          hint={t('deletes.reasonHint')}
          value={reason}
          maxLength={300}
          onChange={(e) => send({ type: 'records.reason', reason: e.target.value })}
        />
      </DeferredConfirmDialog>
      <DeferredConfirmDialog
        open={state.hasTag('confirm')}
        busy={state.hasTag('busy')}
        tone="danger"
        title={kind ? t(`deletes.titles.${kind}`) : t('deletes.title')}
        confirmLabel={
          state.hasTag('busy')
            ? t('deletes.deleting')
            : kind === 'invoice'
              ? t('deletes.confirmInvoice')
              : t('deletes.confirm')
        }
        cancelLabel={t('deletes.cancel')}
        onConfirm={() => send({ type: 'records.confirm' })}
        onCancel={() => send({ type: 'records.cancel' })}
      >
        {target && kind ? (
          <>
            <p>{t(`deletes.what.${kind}`, { label: target.label })}</p>
            <p>{t('deletes.onlyMistakes')}</p>
          </>
        ) : null}
      </DeferredConfirmDialog>
    </>
  );
  return {
    ask: (k, ids, label) => send({ type: 'records.delete', kind: k, ids: [...ids], label }),
    busy: !state.can({ type: 'records.delete', kind: 'student', ids: [0], label: '' }),
    element,
  };
}

/** A row's Delete button (an invoice's: "Cancel invoice"), named for the record it deletes. */
export function RecordDeleteButton({
  deletes,
  kind,
  id,
  label,
}: {
  deletes: RecordDeletes;
  kind: Exclude<DeletableKind, 'routine'>;
  id: number;
  label: string;
}) {
  const { t } = useI18n();
  return (
    <Button
      variant="ghost"
      className="text-red-700"
      aria-label={`${kind === 'invoice' ? t('deletes.cancelInvoice') : t('deletes.action')}: ${label}`}
      disabled={deletes.busy}
      onClick={() => deletes.ask(kind, [id], label)}
    >
      {kind === 'invoice' ? t('deletes.cancelInvoice') : t('deletes.action')}
    </Button>
  );
}
