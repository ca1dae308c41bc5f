/**
 * Bulk import of students or teachers from CSV.
 *
 *   idle ─import.file─> checking (dry run) ─┬─> checked (report: problems by row and column, or none)
 *                                            └─> failed (network, refused) ─import.retry─> checking
 *   checked ─import.confirm (no problems)─> importing ─┬─> done (each account's one-time password)
 *                                                      ├─> checked (the database changed since: new report)
 *                                                      └─> failed ─import.retry─> importing
 *   any state but the busy ones ─import.file─> checking; ─import.reset─> idle
 *
 * A file is always checked before it can be imported, and only a file without problems can be.
 * The import keeps one idempotency key while its outcome is unknown. Pure: I/O through `runImport`.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ImportReport } from '@/api/schemas/people';
import { errorMessage, newIdempotencyKey } from '@/api/client';
import { importPeople, type PersonKind } from '@/api/people';

export interface ImportFile {
  name: string;
  text: string;
}

export interface ImportContext {
  kind: PersonKind;
  file: ImportFile | null;
  report: ImportReport | null;
  error: string | null;
  /** What failed: a retry repeats it. */
  failedStep: 'check' | 'import' | null;
  idempotencyKey: string | null;
}

export type ImportEvent =
  | { type: 'import.file'; file: ImportFile }
  | { type: 'import.confirm' }
  | { type: 'import.retry' }
  | { type: 'import.reset' };

const fresh = { file: null, report: null, error: null, failedStep: null, idempotencyKey: null };

export const importMachine = setup({
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent,
    input: {} as { kind: PersonKind },
  },
  actors: {
    runImport: fromPromise<ImportReport, { kind: PersonKind; text: string; dryRun: boolean; idempotencyKey: string }>(
      ({ input }) => importPeople(input.kind, input.text, input),
    ),
  },
  actions: {
    /** The screen provides this to invalidate the lists after an import. */
    savedChanges: () => {},
  },
  guards: {
    reportClean: ({ context }) => !!context.report?.ok,
    importedOk: (_, output: ImportReport) => output.ok && !output.dry_run,
    retryImport: ({ context }) => context.failedStep === 'import',
  },
}).createMachine({
  id: 'import',
  context: ({ input }) => ({ kind: input.kind, ...fresh }),
  initial: 'idle',
  on: {
    'import.reset': { target: '.idle', actions: assign(fresh) },
  },
  states: {
    idle: {
      on: { 'import.file': { target: 'checking', actions: assign(({ event }) => ({ ...fresh, file: event.file })) } },
    },
    checking: {
      tags: ['busy', 'checking'],
      invoke: {
        id: 'checkFile',
        src: 'runImport',
        input: ({ context }) => ({
          kind: context.kind,
          text: context.file!.text,
          dryRun: true,
          idempotencyKey: newIdempotencyKey(),
        }),
        onDone: { target: 'checked', actions: assign(({ event }) => ({ report: event.output, error: null })) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ error: errorMessage(event.error), failedStep: 'check' as const })),
        },
      },
    },
    checked: {
      tags: ['checked'],
      on: {
        'import.file': { target: 'checking', actions: assign(({ event }) => ({ ...fresh, file: event.file })) },
        'import.confirm': {
          guard: 'reportClean',
          target: 'importing',
          actions: assign(({ context }) => ({ idempotencyKey: context.idempotencyKey ?? newIdempotencyKey() })),
        },
      },
    },
    importing: {
      tags: ['busy', 'importing'],
      invoke: {
        id: 'importFile',
        src: 'runImport',
        input: ({ context }) => ({
          kind: context.kind,
          text: context.file!.text,
          dryRun: false,
          idempotencyKey: context.idempotencyKey!,
        }),
        onDone: [
          {
            guard: { type: 'importedOk', params: ({ event }) => event.output },
            target: 'done',
            actions: [assign(({ event }) => ({ report: event.output, idempotencyKey: null })), 'savedChanges'],
          },
          { target: 'checked', actions: assign(({ event }) => ({ report: event.output, idempotencyKey: null })) },
        ],
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ error: errorMessage(event.error), failedStep: 'import' as const })),
        },
      },
    },
    done: {
      tags: ['done'],
      on: {
        'import.file': { target: 'checking', actions: assign(({ event }) => ({ ...fresh, file: event.file })) },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'import.file': { target: 'checking', actions: assign(({ event }) => ({ ...fresh, file: event.file })) },
        'import.retry': [{ guard: 'retryImport', target: 'importing' }, { target: 'checking' }],
      },
    },
  },
});
