import { describe, expect, it } from 'vitest';
import { mondayOf, officeToday, shiftDate } from './AppointmentCalendarPage';

describe('calendar dates', () => {
  it('reads today in the office zone, not the device clock', () => {
    // 23:30 UTC on a Monday is already Tuesday in Dubai, still Monday in Accra
    const late = new Date('2026-11-23T23:30:00Z');
    expect(officeToday(late, 'Africa/Accra')).toBe('2026-11-23');
    expect(officeToday(late, 'Asia/Dubai')).toBe('2026-11-24');
  });

  it('moves by days and finds the week’s Monday', () => {
    expect(shiftDate('2026-11-30', -1)).toBe('2026-11-29');
    expect(shiftDate('2026-12-31', 7)).toBe('2027-01-07');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-26')).toBe('2026-11-23');
  });
});
