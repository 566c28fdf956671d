import { describe, expect, it } from 'vitest';
import { appointmentDate } from './appointment-date';

describe('appointmentDate', () => {
  it('names the weekday, the day without a leading zero, the month and the year', () => {
    expect(appointmentDate('2026-12-01')).toBe('Tuesday, 1 December 2026');
    expect(appointmentDate('2027-02-28')).toBe('Sunday, 28 February 2027');
  });

  it('names the same day in an office east or west of UTC', () => {
    for (const zone of ['Africa/Accra', 'Asia/Dubai', 'America/New_York']) {
      expect(appointmentDate('2026-12-01', zone)).toBe('Tuesday, 1 December 2026');
    }
  });

  it('is empty for no date or a date that is not one', () => {
    expect(appointmentDate('')).toBe('');
    expect(appointmentDate('01/12/2026')).toBe('');
  });
});
