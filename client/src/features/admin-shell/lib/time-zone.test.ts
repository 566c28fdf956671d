import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, setStaffTimeZone } from './time';

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

  it('shows a moment as its day in the staff zone, not the device zone', () => {
    // 23:30 in Accra is already the next day in Dubai.
    expect(formatDate('2026-11-24T23:30:00Z')).toBe('24 Nov 2026');
    setStaffTimeZone('Asia/Dubai');
    expect(formatDate('2026-11-24T23:30:00Z')).toBe('25 Nov 2026');
  });

  it('keeps a calendar date as it is in every zone', () => {
    expect(formatDate('2026-11-24', 'Pacific/Pago_Pago')).toBe('24 Nov 2026');
    expect(formatDate('2026-11-24', 'Pacific/Kiritimati')).toBe('24 Nov 2026');
  });
});
