import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ChatPanel from './ChatPanel';

describe('ChatPanel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const messages = () =>
    within(screen.getByRole('list', { name: 'Chat messages' })).queryAllByRole('listitem');

  it('starts with one greeting and the quick options', () => {
    render(<ChatPanel open onClose={() => undefined} />);
    expect(messages()).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Quick options' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('button', { name: /opportunities|services|abroad|appointment|information/ }),
    ).toHaveLength(5);
  });

  it('hides the quick options after the first message and shows a typing indicator until the reply', () => {
    render(<ChatPanel open onClose={() => undefined} random={() => 0.5} />);
    fireEvent.click(screen.getByRole('button', { name: 'Visa services' }));
    expect(screen.queryByRole('group', { name: 'Quick options' })).not.toBeInTheDocument();
    expect(screen.getByTestId('typing-indicator')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1499);
    });
    expect(screen.getByTestId('typing-indicator')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId('typing-indicator')).not.toBeInTheDocument();
    expect(messages()).toHaveLength(3);
    expect(messages()[2]).toHaveTextContent(/visas/);
  });

  it('ignores whitespace-only input', () => {
    render(<ChatPanel open onClose={() => undefined} />);
    const input = screen.getByLabelText('Type your message');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(messages()).toHaveLength(1);
    expect(screen.queryByTestId('typing-indicator')).not.toBeInTheDocument();
  });
});
