/**
 * Confirmation before anything irreversible or reaching many people. `useConfirm()` asks from an
 * event handler and resolves true or false (`ConfirmProvider` is mounted once in the app).
 *
 * The dialog itself (src/ui/confirm-dialog.tsx, Headless UI) is not part of the first download:
 * `DeferredConfirmDialog` starts loading it once the browser is idle after it mounts, or at once
 * when a question opens (the app mounts it at the root, so it is there long before anyone can
 * ask, without racing the first screen), and a question asked before it arrived is shown the
 * moment it does. Should it fail to load even after retries, the browser's own confirm asks
 * instead, so that the question is never skipped and the user never stuck.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { ConfirmDialogProps, ConfirmTone } from '@/ui/confirm-dialog';
import { retryImport } from '@/ui/lazy-retry';
import { whenIdle } from '@/ui/idle';

export type { ConfirmTone } from '@/ui/confirm-dialog';

type DialogComponent = ComponentType<ConfirmDialogProps>;

let loadedDialog: DialogComponent | null = null;
let loadingDialog: Promise<DialogComponent> | null = null;

/** Loads the dialog once; a failed load is tried afresh by the next call. */
export function loadConfirmDialog(): Promise<DialogComponent> {
  if (loadedDialog) return Promise.resolve(loadedDialog);
  loadingDialog ??= retryImport(() => import('@/ui/confirm-dialog')).then(
    (m) => (loadedDialog = m.ConfirmDialog),
    (error: unknown) => {
      loadingDialog = null;
      throw error;
    },
  );
  return loadingDialog;
}

/** `ConfirmDialog`'s props; renders it once its chunk is here (see the header). */
export function DeferredConfirmDialog(props: ConfirmDialogProps) {
  const [Dialog, setDialog] = useState<DialogComponent | null>(() => loadedDialog);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const { open } = props;
  useEffect(() => {
    if (Dialog) return;
    let live = true;
    const load = () =>
      loadConfirmDialog().then(
        (component) => {
          if (live) setDialog(() => component);
        },
        () => {
          if (!live || !latest.current.open) return; // tried again when a question opens
          const { title, onConfirm, onCancel } = latest.current;
          if (window.confirm(title)) onConfirm();
          else onCancel();
        },
      );
    if (open) void load();
    const cancel = open ? () => undefined : whenIdle(() => void load());
    return () => {
      live = false;
      cancel();
    };
  }, [Dialog, open]);
  return Dialog ? <Dialog {...props} /> : null;
}

export interface ConfirmRequest {
  title: string;
  body?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: ConfirmTone;
}

type Ask = (request: ConfirmRequest) => Promise<boolean>;

const ConfirmContext = createContext<Ask | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<(ConfirmRequest & { resolve: (ok: boolean) => void }) | null>(null);
  const ask = useCallback<Ask>(
    (request) =>
      new Promise<boolean>((resolve) => {
        setPending((prev) => {
          prev?.resolve(false); // a second question replaces an unanswered first one
          return { ...request, resolve };
        });
      }),
    [],
  );
  const answer = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      <DeferredConfirmDialog
        open={pending !== null}
        title={pending?.title ?? ''}
        confirmLabel={pending?.confirmLabel}
        cancelLabel={pending?.cancelLabel}
        tone={pending?.tone}
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
      >
        {pending?.body}
      </DeferredConfirmDialog>
    </ConfirmContext.Provider>
  );
}

/** `await confirm({ title: 'Are you sure to delete?', tone: 'danger', confirmLabel: 'Delete' })`. */
export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm needs <ConfirmProvider> (mounted in src/app.tsx)');
  return ask;
}
