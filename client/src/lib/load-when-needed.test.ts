import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenNeeded } from './load-when-needed';

function settled(promise: Promise<void>): () => boolean {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  return () => done;
}

describe('whenNeeded', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('resolves at once when the element is not in the document (client-side navigation)', async () => {
    await expect(whenNeeded('.absent', 60_000)).resolves.toBeUndefined();
  });

  it('waits for the first interaction when the pre-rendered element is there', async () => {
    document.body.innerHTML = '<div class="card"></div>';
    const isDone = settled(whenNeeded('.card', 60_000));
    await Promise.resolve();
    expect(isDone()).toBe(false);
    window.dispatchEvent(new Event('pointerdown'));
    await Promise.resolve();
    expect(isDone()).toBe(true);
  });

  it('resolves after the fallback delay without any interaction', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div class="card"></div>';
    const isDone = settled(whenNeeded('.card', 3000));
    await vi.advanceTimersByTimeAsync(2999);
    expect(isDone()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isDone()).toBe(true);
  });
});
