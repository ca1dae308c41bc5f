/**
 * The student's guardians, opened from the student list of /add-student: who is
 * linked (name, phone, relation) with Unlink after a confirmation, and a form that creates a
 * guardian or links the one the server finds by phone. A new guardian's one-time password is shown
 * once, with a copy button, until the admin dismisses it. The calls run in the guardian-link machine.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { guardianKeys, studentGuardiansQuery } from '@/api/guardians';
import { ApiError } from '@/api/client';
import { GUARDIAN_RELATIONS, type GuardianRelation } from '@/api/schemas/guardians';
import { guardianLinkMachine } from '@/machines/guardian-link.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { DeferredConfirmDialog } from '@/ui/confirm';
import { SimpleDialog } from '@/ui/dialog';
import { TextField } from '@/ui/field';
import { SelectField } from '@/ui/select';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useErrorText } from '@/i18n/errors';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useFlow } from '@/ui/use-flow';

export interface GuardianStudent {
  id: number;
  name: string;
}

/** The dialog for one student; closed when `student` is null. */
export function GuardiansDialog({ student, onClose }: { student: GuardianStudent | null; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <SimpleDialog
      open={student !== null}
      onClose={onClose}
      title={student ? t('guardians.admin.title', { name: student.name }) : ''}
      wide
    >
      {student ? <GuardiansPanel key={student.id} student={student} /> : null}
    </SimpleDialog>
  );
}

type Draft = { name: string; phone: string; relation: GuardianRelation | '' };
const EMPTY: Draft = { name: '', phone: '', relation: '' };

export function GuardiansPanel({ student }: { student: GuardianStudent }) {
  const { t, lang } = useI18n();
  const errorText = useErrorText();
  const list = useQuery(studentGuardiansQuery(student.id));
  const [state, send] = useFlow(guardianLinkMachine, {
    invalidates: [guardianKeys.ofStudent(student.id)],
    on: 'changed',
  });
  const { created, pending, error, unlinked } = state.context;
  const adding = state.hasTag('adding');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [missing, setMissing] = useState<string[]>([]);
  const [copy, setCopy] = useState<'copied' | 'failed' | null>(null);
  const [lastUnlinked, setLastUnlinked] = useState(0);

  const serverFields = error instanceof ApiError ? (error.fields ?? {}) : {};
  const fieldError = (f: keyof Draft) =>
    missing.includes(f) ? t('guardians.admin.required') : (serverFields[f] ?? null);
  const topError = error ? errorText(error) : null;
  const set = (f: keyof Draft) => (value: string) => {
    setDraft((d) => ({ ...d, [f]: value }));
    setMissing((m) => m.filter((x) => x !== f));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const empty = (['name', 'phone', 'relation'] as const).filter((f) => !draft[f].trim());
    setMissing(empty);
    if (empty.length || !draft.relation) return;
    setCopy(null);
    setLastUnlinked(unlinked);
    send({
      type: 'guardian.add',
      studentId: student.id,
      name: draft.name,
      phone: draft.phone,
      relation: draft.relation,
    });
  };
  // The form empties once the server confirmed the add.
  const [seen, setSeen] = useState<typeof created>(null);
  if (created && created !== seen) {
    setSeen(created);
    setDraft(EMPTY);
  }
  const copyPassword = async (password: string) => {
    try {
      await navigator.clipboard.writeText(password);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  const head = [
    t('guardians.admin.name'),
    t('guardians.admin.phone'),
    t('guardians.admin.relation'),
    t('guardians.admin.actions'),
  ];
  const relationOptions = GUARDIAN_RELATIONS.map((r) => ({ value: r, label: t(`guardians.relation.${r}`) }));

  return (
    <div className="space-y-4">
      {unlinked > lastUnlinked && !error ? <Alert tone="success">{t('guardians.admin.unlinked')}</Alert> : null}
      {topError ? <Alert tone="error">{topError}</Alert> : null}
      {created ? (
        <section
          aria-label={created.matched ? t('guardians.admin.matched') : t('guardians.admin.created')}
          className="space-y-2 rounded-lg border border-emerald-300 bg-emerald-50 p-3"
        >
          <Alert tone="success">{created.matched ? t('guardians.admin.matched') : t('guardians.admin.created')}</Alert>
          <p>
            {t('guardians.admin.userId')}:{' '}
            <code className="font-mono font-bold">{localDigits(created.user_code, lang)}</code>
          </p>
          {created.initial_password ? (
            <>
              <p className="text-base">
                {t('guardians.admin.password')}:{' '}
                <code data-testid="guardian-password" className="font-mono text-lg font-bold select-all">
                  {created.initial_password}
                </code>
              </p>
              <p className="font-semibold text-amber-900">{t('guardians.admin.passwordOnce')}</p>
              <div className="flex flex-wrap items-center gap-3">
                <Button variant="secondary" onClick={() => void copyPassword(created.initial_password!)}>
                  {t('guardians.admin.copy')}
                </Button>
                <span role="status" className="text-sm">
                  {copy === 'copied'
                    ? t('guardians.admin.copied')
                    : copy === 'failed'
                      ? t('guardians.admin.copyFailed')
                      : ''}
                </span>
              </div>
            </>
          ) : null}
          <Button onClick={() => send({ type: 'guardian.dismiss' })}>{t('guardians.admin.done')}</Button>
        </section>
      ) : null}

      <QueryState
        query={list}
        what={t('guardians.admin.listWhat')}
        loadingLabel={t('guardians.admin.loading')}
        empty={t('guardians.admin.empty')}
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => (
          <DataTable caption={t('guardians.admin.title', { name: student.name })} cards head={head}>
            {rows.map((g) => (
              <tr key={g.guardian_id}>
                <Td label={head[0]}>{g.name}</Td>
                <Td label={head[1]}>{localDigits(g.phone, lang)}</Td>
                <Td label={head[2]}>{t(`guardians.relation.${g.relation}`)}</Td>
                <Td label={head[3]}>
                  <Button
                    variant="ghost"
                    aria-label={t('guardians.admin.unlinkFor', { name: g.name })}
                    disabled={state.hasTag('busy')}
                    onClick={() =>
                      send({ type: 'guardian.unlink', studentId: student.id, guardianId: g.guardian_id, name: g.name })
                    }
                  >
                    {t('guardians.admin.unlink')}
                  </Button>
                </Td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>

      <form onSubmit={submit} noValidate className="space-y-3" aria-labelledby="guardian-add-title">
        <h3 id="guardian-add-title" className="font-semibold text-slate-900">
          {t('guardians.admin.addTitle')}
        </h3>
        <p className="text-xs text-slate-600">{t('guardians.admin.addHint')}</p>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label={t('guardians.admin.name')}
            value={draft.name}
            onChange={(e) => set('name')(e.target.value)}
            error={fieldError('name')}
            required
            autoComplete="off"
          />
          <TextField
            label={t('guardians.admin.phone')}
            value={draft.phone}
            onChange={(e) => set('phone')(e.target.value)}
            type="tel"
            inputMode="tel"
            hint={t('guardians.admin.phoneHint')}
            error={fieldError('phone')}
            required
            autoComplete="off"
          />
          <SelectField
            label={t('guardians.admin.relation')}
            value={draft.relation}
            onChange={set('relation')}
            placeholder={t('guardians.admin.choose')}
            options={relationOptions}
            error={fieldError('relation')}
            required
          />
        </div>
        <Button type="submit" disabled={state.hasTag('busy')} aria-busy={adding || undefined}>
          {adding ? t('guardians.admin.adding') : t('guardians.admin.add')}
        </Button>
      </form>

      <DeferredConfirmDialog
        open={state.hasTag('confirm')}
        title={t('guardians.admin.unlinkTitle', { name: pending?.name ?? '' })}
        confirmLabel={
          state.hasTag('confirm') && state.hasTag('busy') ? t('guardians.admin.unlinking') : t('guardians.admin.unlink')
        }
        tone="danger"
        busy={state.hasTag('confirm') && state.hasTag('busy')}
        onConfirm={() => {
          setLastUnlinked(unlinked);
          send({ type: 'guardian.confirm' });
        }}
        onCancel={() => send({ type: 'guardian.cancel' })}
      >
        <p>{t('guardians.admin.unlinkBody', { name: pending?.name ?? '' })}</p>
      </DeferredConfirmDialog>
    </div>
  );
}
