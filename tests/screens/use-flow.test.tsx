/**
 * useFlow (src/ui/use-flow.ts): a flow that saved invalidates the keys its screen declared
 * (docs/ARCHITECTURE.md, "The client"), whether it says so by its notify action, by reaching a
 * final state or by emitting `flow.saved`; nothing is invalidated before that.
 */
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { emit, setup } from 'xstate';
import { createQueryClient } from '@/api/query';
import { useFlow } from '@/ui/use-flow';

const flow = setup({
  types: { events: {} as { type: 'save' } | { type: 'finish' } | { type: 'announce' } },
  actions: { saved: () => {} },
}).createMachine({
  initial: 'idle',
  states: {
    idle: {
      on: {
        save: { actions: 'saved' },
        finish: 'done',
        announce: { actions: emit({ type: 'flow.saved' }) },
      },
    },
    done: { type: 'final' },
  },
});

function setupHook(options: Parameters<typeof useFlow<typeof flow>>[1]) {
  const client = createQueryClient({ retry: false });
  const invalidated: unknown[] = [];
  client.invalidateQueries = ((filters?: { queryKey?: unknown }) => {
    invalidated.push(filters?.queryKey);
    return Promise.resolve();
  }) as typeof client.invalidateQueries;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useFlow(flow, options), { wrapper });
  return {
    hook,
    invalidated,
    send: (type: 'save' | 'finish' | 'announce') => act(() => hook.result.current[1]({ type })),
  };
}

describe('useFlow', () => {
  it('invalidates the declared keys when the flow runs its notify action, and runs `also` after', () => {
    const also = vi.fn();
    const { invalidated, send } = setupHook({ invalidates: [['a'], ['b', 1]], on: 'saved', also });
    expect(invalidated).toEqual([]);
    send('save');
    expect(invalidated).toEqual([['a'], ['b', 1]]);
    expect(also).toHaveBeenCalledTimes(1);
  });

  it('invalidates when the flow reaches a final state', () => {
    const { invalidated, send } = setupHook({ invalidates: [['a']] });
    send('finish');
    expect(invalidated).toEqual([['a']]);
  });

  it('invalidates once when a flow that notified then finishes', () => {
    const { invalidated, send } = setupHook({ invalidates: [['a']], on: 'saved' });
    send('save');
    send('finish');
    expect(invalidated).toEqual([['a']]);
  });

  it('invalidates when the flow emits flow.saved', () => {
    const { invalidated, send } = setupHook({ invalidates: [['a']] });
    send('announce');
    expect(invalidated).toEqual([['a']]);
  });

  it('reads the keys when the flow saves, not when it starts', () => {
    let id = 1;
    const client = createQueryClient({ retry: false });
    const seen: unknown[] = [];
    client.invalidateQueries = ((filters?: { queryKey?: unknown }) => {
      seen.push(filters?.queryKey);
      return Promise.resolve();
    }) as typeof client.invalidateQueries;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const hook = renderHook(() => useFlow(flow, { invalidates: [['student', id]], on: 'saved' }), { wrapper });
    id = 2;
    hook.rerender();
    act(() => hook.result.current[1]({ type: 'save' }));
    expect(seen).toEqual([['student', 2]]);
  });
});
