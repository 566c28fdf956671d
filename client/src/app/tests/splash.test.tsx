import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/app/testing/render-app';

describe('loading splash', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows on the first load of / for 3000 ms, then fades out over 0.5 s', () => {
    renderApp('/');
    const splash = screen.getByTestId('splash');
    expect(splash).toHaveTextContent('and Recruitment Services');
    expect(splash).toHaveTextContent('Connecting Talent Worldwide...');
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.getByTestId('splash')).not.toHaveClass('splash--leaving');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('splash')).toHaveClass('splash--leaving');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
  });

  it('is hidden at once on other routes', () => {
    renderApp('/about');
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
  });
});
