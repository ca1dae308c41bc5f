/**
 * The Payment Sector form (spec part 2, Payments: Sector Code and Sector Name, the list reloads
 * after each submit). The form clears only after the server saved; a refusal keeps it.
 *
 *   idle ─sector.submit (both filled)─> saving ─┬─ done ─> idle (cleared, message, `saved`)
 *                                               └─ error ─> idle (kept, error)
 *
 * A lost answer (no status, or a 5xx) keeps the idempotency key, so submitting again cannot save
 * the sector twice; a refusal (4xx) forgets it, as the form will change.
 *
 * The Bangla name is optional (docs/i18n.md, "Bangla names"): left empty it is not sent, and the
 * server gives a commonly used head its listed Bangla name.
 */
import { assign, fromPromise, setup } from 'xstate';
import { addSector } from '@/api/fees';
import { newIdempotencyKey } from '@/api/client';
import type { WriteResponse } from '@/api/schemas/fees';
import { keyAfter } from './shared/failure';
import { type Feedback, feedbackOf } from './shared/feedback';

/** The server's confirmation as the flow shows it (./shared/feedback.ts). */
export type { Feedback };

export interface SectorForm {
  sector_code: string;
  sector_name: string;
  sector_name_bn: string;
}
export const emptySectorForm: SectorForm = { sector_code: '', sector_name: '', sector_name_bn: '' };

/** The body the form sends: without `sector_name_bn` when it is empty. */
export const sectorBodyOf = ({ sector_name_bn, ...rest }: SectorForm) =>
  sector_name_bn.trim() === '' ? rest : { ...rest, sector_name_bn };

export interface FeeSectorContext {
  form: SectorForm;
  key: string | null;
  feedback: Feedback | null;
  error: unknown;
}

export type FeeSectorEvent =
  { type: 'sector.change'; field: keyof SectorForm; value: string } | { type: 'sector.submit' };

export const sectorFormComplete = (f: SectorForm) => f.sector_code.trim() !== '' && f.sector_name.trim() !== '';

export const feeSectorMachine = setup({
  types: { context: {} as FeeSectorContext, events: {} as FeeSectorEvent },
  actors: {
    save: fromPromise<WriteResponse, { form: SectorForm; key: string }>(({ input }) =>
      addSector(sectorBodyOf(input.form), { idempotencyKey: input.key }),
    ),
  },
  actions: { saved: () => {} },
  guards: { complete: ({ context }) => sectorFormComplete(context.form) },
}).createMachine({
  id: 'feeSector',
  context: { form: emptySectorForm, key: null, feedback: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'sector.change': {
          actions: assign(({ context, event }) => ({ form: { ...context.form, [event.field]: event.value } })),
        },
        'sector.submit': {
          guard: 'complete',
          target: 'saving',
          actions: assign({ key: ({ context }) => context.key ?? newIdempotencyKey(), error: null }),
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ form: context.form, key: context.key! }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context, event }) => ({
              form: emptySectorForm,
              key: null,
              feedback: feedbackOf(context.feedback, event.output),
            })),
            'saved',
          ],
        },
        onError: {
          target: 'idle',
          actions: assign(({ context, event }) => ({ error: event.error, key: keyAfter(context.key, event.error) })),
        },
      },
    },
  },
});
