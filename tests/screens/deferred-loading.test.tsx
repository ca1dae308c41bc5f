/**
 * What the first download leaves out must still behave: the shared confirm dialog arrives after
 * the first render (a question asked before then waits for it; if it never comes, the browser's
 * own confirm asks), the sign-in path's contracts come with the call, and the saved sign-in is
 * checked without zod.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { apiGet, NETWORK_ERROR_MESSAGE } from '@/api/client';
import { USER_TYPES } from '@/api/permissions';
import { readStoredSession, STORAGE_KEY } from '@/api/session';
import { server } from '../helpers/msw';

const TITLE = 'Are you sure to delete?';

/** A fresh copy of the confirm module, so that nothing is loaded yet and the mocks apply. */
async function freshConfirm() {
  const lazyRetry = await import('@/ui/lazy-retry');
  lazyRetry.chunkRetry.baseDelayMs = 1;
  const confirm = await import('@/ui/confirm');
  const unsaved = await import('@/ui/unsaved');
  function Deleter({ onAnswer }: { onAnswer: (ok: boolean) => void }) {
    const ask = confirm.useConfirm();
    return (
      <button type="button" onClick={async () => onAnswer(await ask({ title: TITLE, tone: 'danger' }))}>
        Delete
      </button>
    );
  }
  return { ...confirm, ...unsaved, Deleter };
}

describe('the confirm dialog, loaded after the first render', () => {
  beforeEach(() => {
    vi.resetModules();
  });
  afterEach(() => {
    vi.doUnmock('@/ui/confirm-dialog');
    vi.unstubAllGlobals();
  });

  it('shows a question asked before it arrived as soon as it arrives', async () => {
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    vi.doMock('@/ui/confirm-dialog', async (importOriginal) => {
      await arrived;
      return importOriginal();
    });
    const { ConfirmProvider, Deleter } = await freshConfirm();
    const user = userEvent.setup();
    const answers: boolean[] = [];
    render(
      <ConfirmProvider>
        <Deleter onAnswer={(ok) => answers.push(ok)} />
      </ConfirmProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(answers).toEqual([]);

    release();
    await screen.findByRole('dialog', { name: TITLE });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(answers).toEqual([true]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks with the browser’s confirm when the dialog cannot be loaded', async () => {
    vi.doMock('@/ui/confirm-dialog', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const browserConfirm = vi.fn<(message?: string) => boolean>().mockReturnValueOnce(true).mockReturnValueOnce(false);
    vi.stubGlobal('confirm', browserConfirm);
    const { ConfirmProvider, Deleter } = await freshConfirm();
    const user = userEvent.setup();
    const answers: boolean[] = [];
    render(
      <ConfirmProvider>
        <Deleter onAnswer={(ok) => answers.push(ok)} />
      </ConfirmProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(answers).toEqual([true]));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(answers).toEqual([true, false]));
    expect(browserConfirm).toHaveBeenCalledTimes(2);
    expect(browserConfirm).toHaveBeenCalledWith(TITLE);
  });

  it('keeps unsaved work when the dialog cannot be loaded and the user chooses to stay', async () => {
    vi.doMock('@/ui/confirm-dialog', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const browserConfirm = vi.fn<(message?: string) => boolean>(() => false);
    vi.stubGlobal('confirm', browserConfirm);
    const { UnsavedChangesPrompt, useUnsavedChanges, confirmLeave } = await freshConfirm();
    function Dirty() {
      useUnsavedChanges(true);
      return null;
    }
    render(
      <>
        <Dirty />
        <UnsavedChangesPrompt />
      </>,
    );
    await expect(confirmLeave()).resolves.toBe(false);
    expect(browserConfirm).toHaveBeenCalledWith('Leave this page?');
  });
});

describe('the saved sign-in', () => {
  const good = {
    user_type: USER_TYPES.teacher,
    user_code: 'T-1001',
    expires_at: '2999-01-01T00:00:00.000Z',
    school: null,
  };
  const save = (value: unknown) => localStorage.setItem(STORAGE_KEY, JSON.stringify(value));

  it('is used when well-formed, with nothing but its own fields', () => {
    save({ ...good, school: { id: 7, school_name: 'Model School', extra: 1 }, role: 'admin' });
    expect(readStoredSession()).toEqual({ ...good, school: { id: 7, school_name: 'Model School' } });
    save({ ...good, expires_at: null });
    expect(readStoredSession()).toEqual({ ...good, expires_at: null });
  });

  it.each([
    ['a token (saved by an earlier version: it must not stay)', { ...good, accessToken: 'tok-1' }],
    ['an unknown user type', { ...good, user_type: 9 }],
    ['a user type as text', { ...good, user_type: String(USER_TYPES.teacher) }],
    ['no user code', { ...good, user_code: undefined }],
    ['no expiry field', { ...good, expires_at: undefined }],
    ['a malformed school', { ...good, school: { id: '7', school_name: 'Model School' } }],
    ['a list', [good]],
    ['an expired one', { ...good, expires_at: '2000-01-01T00:00:00.000Z' }],
  ])('is ignored and removed when it has %s', (_, value) => {
    save(value);
    expect(readStoredSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('is ignored and removed when it is not JSON', () => {
    localStorage.setItem(STORAGE_KEY, '{not json');
    expect(readStoredSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});

describe('a contract that arrives with the call', () => {
  it('parses the answer once it is loaded, and refuses an answer that does not fit', async () => {
    server.use(
      http.get('/api/probe/me', () => HttpResponse.json({ name: 'Rahim', extra: true })),
      http.get('/api/probe/odd', () => HttpResponse.json({ name: 7 })),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const contract = new Promise<z.ZodObject<{ name: z.ZodString }>>((resolve) =>
      setTimeout(() => resolve(z.object({ name: z.string() })), 20),
    );
    await expect(apiGet('/api/probe/me', contract)).resolves.toEqual({ name: 'Rahim' });
    await expect(apiGet('/api/probe/odd', contract)).rejects.toMatchObject({ code: 'bad_response' });
    expect(logged).toHaveBeenCalledWith('Unexpected answer from GET /api/probe/odd', expect.anything());
    logged.mockRestore();
  });

  it('counts as the network failing when it cannot be loaded', async () => {
    server.use(http.get('/api/probe/me', () => HttpResponse.json({ name: 'Rahim' })));
    const missing = Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(apiGet('/api/probe/me', missing)).rejects.toMatchObject({
      status: 0,
      code: 'network',
      message: NETWORK_ERROR_MESSAGE,
    });
  });
});
