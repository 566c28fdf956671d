import { describe, expect, it } from 'vitest';
import { formatDate, formatUsd } from './slug';

describe('formatDate', () => {
  it('writes what en-GB writes, for every day of a leap year', () => {
    const day = new Date('2024-01-01T00:00:00Z');
    for (let i = 0; i < 366; i += 1) {
      const iso = day.toISOString().slice(0, 10);
      const expected = day.toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      expect(formatDate(iso)).toBe(expected);
      day.setUTCDate(day.getUTCDate() + 1);
    }
  });

  it('gives back text that is not a date', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate('')).toBe('');
  });
});

describe('formatUsd', () => {
  it('writes what en-US writes', () => {
    for (const amount of [0, 5, 999, 1000, 1250, 12345, 1234567, 1234.5, 99.99, 1234567.891, 0.125, -2500]) {
      expect(formatUsd(amount)).toBe(`$${amount.toLocaleString('en-US')}`);
    }
  });
});
