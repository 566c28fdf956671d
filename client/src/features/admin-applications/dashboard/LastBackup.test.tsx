import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LastBackup } from './LastBackup';

describe('LastBackup', () => {
  it("shows the last backup's time", () => {
    render(<LastBackup at="2026-11-28T09:00:00Z" />);
    expect(screen.getByTestId('last-backup')).toHaveTextContent(/^Last backup: 28 Nov 2026, 09:00 UTC$/);
    expect(screen.getByText(/09:00/).closest('time')).toHaveAttribute('datetime', '2026-11-28T09:00:00Z');
  });

  it('says so before the first backup', () => {
    render(<LastBackup at={null} />);
    expect(screen.getByTestId('last-backup')).toHaveTextContent(/^Last backup: None yet$/);
  });
});
