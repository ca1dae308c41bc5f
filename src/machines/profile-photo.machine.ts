/**
 * One's own profile photo (/myprofile, docs/DOMAIN.md, "Profiles").
 *
 *   idle ─photo.choose (JPEG or PNG, ≤ 2 MB)─> uploading ─┬─> changed ("Photo saved")
 *     │                                                    └─> idle (refused, offline: said why)
 *     └─photo.remove (has one)─> removing ─┬─> changed ("Photo removed")
 *                                          └─> idle
 *
 * A picture of another type or too big is named before it is sent (`photoProblem`); the server
 * judges the content and decides. The photo shown changes only when the server answered with its
 * new address. Pure: I/O through `uploadPhoto` and `removePhoto`; `photoChanged` (the screen's)
 * refreshes the session, whose header shows the photo.
 */
import { assign, fromPromise, setup } from 'xstate';
import { PHOTO_MAX_BYTES, type PhotoResponse } from '@/api/schemas/profiles';
import { failureOf, type Failure } from './shared/failure';

export type PhotoProblem = 'type' | 'size';

/** What the browser tells of a chosen file. */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
}

export function photoProblem(file: ChosenFile): PhotoProblem | null {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return 'type';
  if (file.size > PHOTO_MAX_BYTES) return 'size';
  return null;
}

export interface ProfilePhotoContext {
  photoUrl: string | null;
  file: ChosenFile | null;
  problem: PhotoProblem | null;
  failure: Failure | null;
  /** What the last change was, for the screen's message. */
  last: 'saved' | 'removed' | null;
}

export type ProfilePhotoEvent = { type: 'photo.choose'; file: ChosenFile } | { type: 'photo.remove' };

export const profilePhotoMachine = setup({
  types: {
    context: {} as ProfilePhotoContext,
    events: {} as ProfilePhotoEvent,
    input: {} as { photoUrl: string | null },
  },
  actors: {
    uploadPhoto: fromPromise<PhotoResponse, { file: ChosenFile }>(() =>
      Promise.reject(new Error('uploadPhoto is provided by the screen')),
    ),
    removePhoto: fromPromise<PhotoResponse, void>(() =>
      Promise.reject(new Error('removePhoto is provided by the screen')),
    ),
  },
  actions: {
    photoChanged: () => {},
  },
  guards: {
    acceptable: ({ event }) => event.type === 'photo.choose' && photoProblem(event.file) === null,
    hasPhoto: ({ context }) => context.photoUrl !== null,
  },
}).createMachine({
  id: 'profilePhoto',
  context: ({ input }) => ({ photoUrl: input.photoUrl, file: null, problem: null, failure: null, last: null }),
  initial: 'idle',
  states: {
    idle: {},
    uploading: {
      tags: ['busy'],
      // One change at a time: the buttons are off while one is out.
      on: { 'photo.choose': {}, 'photo.remove': {} },
      invoke: {
        id: 'uploadPhoto',
        src: 'uploadPhoto',
        input: ({ context }) => ({ file: context.file! }),
        onDone: {
          target: 'changed',
          actions: [
            assign(({ event }) => ({ photoUrl: event.output.photo_url, file: null, last: 'saved' as const })),
            'photoChanged',
          ],
        },
        onError: { target: 'idle', actions: assign(({ event }) => ({ failure: failureOf(event.error), file: null })) },
      },
    },
    removing: {
      tags: ['busy'],
      on: { 'photo.choose': {}, 'photo.remove': {} },
      invoke: {
        id: 'removePhoto',
        src: 'removePhoto',
        onDone: {
          target: 'changed',
          actions: [assign({ photoUrl: null, last: 'removed' as const }), 'photoChanged'],
        },
        onError: { target: 'idle', actions: assign(({ event }) => ({ failure: failureOf(event.error) })) },
      },
    },
    changed: { tags: ['changed'] },
  },
  on: {
    'photo.choose': [
      {
        guard: 'acceptable',
        target: '.uploading',
        actions: assign(({ event }) => ({ file: event.file, problem: null, failure: null, last: null })),
      },
      {
        target: '.idle',
        actions: assign(({ event }) => ({ problem: photoProblem(event.file), failure: null, last: null })),
      },
    ],
    'photo.remove': {
      guard: 'hasPhoto',
      target: '.removing',
      actions: assign({ problem: null, failure: null, last: null }),
    },
  },
});
