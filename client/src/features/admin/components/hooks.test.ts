import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, setStaffTimeZone } from './hooks';

describe('admin times in the office zone, not the device zone', () => {
  afterEach(() => window.localStorage.clear());

  it('shows a moment as its day in the staff zone', () => {
    // 23:30 in Accra is already the next day in Dubai.
    expect(formatDate('2026-11-24T23:30:00Z')).toBe('24 Nov 2026');
    setStaffTimeZone('Asia/Dubai');
    expect(formatDate('2026-11-24T23:30:00Z')).toBe('25 Nov 2026');
  });

  it('keeps a calendar date as it is in every zone', () => {
    expect(formatDate('2026-11-24', 'Pacific/Pago_Pago')).toBe('24 Nov 2026');
    expect(formatDate('2026-11-24', 'Pacific/Kiritimati')).toBe('24 Nov 2026');
  });

  it('names the zone of a time', () => {
    expect(formatDateTime('2026-11-24T23:30:00Z')).toBe('24 Nov 2026, 23:30 GMT');
    expect(formatDateTime('2026-11-24T23:30:00Z', 'Asia/Dubai')).toBe('25 Nov 2026, 03:30 GST');
  });
});
