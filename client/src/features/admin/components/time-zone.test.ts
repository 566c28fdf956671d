import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime, setStaffTimeZone } from './hooks';

describe('times in the staff member’s zone', () => {
  afterEach(() => window.localStorage.clear());

  it('shows the office zone by default and names the zone', () => {
    const text = formatDateTime('2026-11-24T10:00:00Z');
    expect(text).toContain('10:00');
    expect(text).toContain('GMT');
  });

  it('shows a UAE colleague the same instant on their own clock', () => {
    setStaffTimeZone('Asia/Dubai');
    const text = formatDateTime('2026-11-24T10:00:00Z');
    expect(text).toContain('14:00');
    expect(text).toMatch(/GST|GMT\+4/);
  });
});
