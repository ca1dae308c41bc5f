/**
 * The notice editor's flow, provided once by the notice screen (`<NoticeEditor.Provider>`) and read
 * by its parts with `NoticeEditor.useSelector` / `NoticeEditor.useActorRef`, instead of threading
 * the actor through every child.
 */
import { createActorContext } from '@xstate/react';
import { noticeEditorMachine } from '@/machines/notice-editor.machine';

export const NoticeEditor = createActorContext(noticeEditorMachine);
