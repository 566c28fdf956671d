import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewsletterPopup } from './NewsletterPopup';

const FLAG = 'newsletter-popup-shown';

async function flushLazy() {
  await act(async () => {
    await vi.dynamicImportSettled();
  });
}

describe('newsletter pop-up', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens after 10 s when the flag is not stored, and closing stores the flag', async () => {
    render(<NewsletterPopup />);
    act(() => vi.advanceTimersByTime(9999));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    await flushLazy();
    vi.useRealTimers();
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Stay Updated');
    expect(window.localStorage.getItem(FLAG)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close newsletter pop-up' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(FLAG)).not.toBeNull();
  });

  it('submitting stores the flag and hides it', async () => {
    render(<NewsletterPopup />);
    act(() => vi.advanceTimersByTime(10000));
    await flushLazy();
    vi.useRealTimers();
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(FLAG)).not.toBeNull();
  });

  it('never opens when the flag is already stored', async () => {
    window.localStorage.setItem(FLAG, 'true');
    render(<NewsletterPopup />);
    act(() => vi.advanceTimersByTime(20000));
    await flushLazy();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
