import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useResource } from './use-resource';

/** A load whose runs the test settles by hand, recording each run's signal. */
function controlledLoad() {
  const runs: { key: string; signal: AbortSignal; resolve: (value: string) => void }[] = [];
  const load = (key: string) => (signal: AbortSignal) =>
    new Promise<string>((resolve) => runs.push({ key, signal, resolve }));
  return { runs, load };
}

describe('useResource', () => {
  it('loads, then aborts the run in flight when the key changes and keeps only the newer answer', async () => {
    const { runs, load } = controlledLoad();
    const { result, rerender } = renderHook(({ id }) => useResource(load(id), id), {
      initialProps: { id: 'a' },
    });
    expect(result.current[0]).toEqual({ status: 'loading' });
    rerender({ id: 'b' });
    await waitFor(() => expect(runs).toHaveLength(2));
    expect(runs[0]?.signal.aborted).toBe(true);
    act(() => runs[0]?.resolve('late a'));
    act(() => runs[1]?.resolve('b'));
    await waitFor(() => expect(result.current[0]).toEqual({ status: 'success', data: 'b' }));
  });

  it('reload() runs the load again; unmount aborts it', async () => {
    const { runs, load } = controlledLoad();
    const { result, unmount } = renderHook(() => useResource(load('x'), 'x'));
    act(() => runs[0]?.resolve('first'));
    await waitFor(() => expect(result.current[0]).toEqual({ status: 'success', data: 'first' }));
    act(() => result.current[1]());
    await waitFor(() => expect(runs).toHaveLength(2));
    expect(result.current[0]).toEqual({ status: 'loading' });
    unmount();
    expect(runs[1]?.signal.aborted).toBe(true);
  });

  it('starts from data the server served without loading, and reports a failure', async () => {
    const load = vi.fn((signal: AbortSignal) => {
      void signal;
      return Promise.reject(new Error('offline'));
    });
    const { result, rerender } = renderHook(({ id }) => useResource(load, id, { data: 'served' }), {
      initialProps: { id: 'p1' },
    });
    expect(result.current[0]).toEqual({ status: 'success', data: 'served' });
    expect(load).not.toHaveBeenCalled();
    rerender({ id: 'p2' });
    await waitFor(() => expect(result.current[0]).toMatchObject({ status: 'error' }));
    expect(load).toHaveBeenCalledOnce();
  });
});
