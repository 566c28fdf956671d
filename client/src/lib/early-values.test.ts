import { afterEach, describe, expect, it } from 'vitest';
import { takeEarlyValue } from './early-values';

afterEach(() => {
  delete window.__earlyValues;
  delete document.documentElement.dataset.hydrated;
});

describe('takeEarlyValue', () => {
  it('gives a value kept before hydration once', () => {
    window.__earlyValues = { 'jobs-country': 'Qatar' };
    expect(takeEarlyValue('jobs-country')).toBe('Qatar');
    expect(takeEarlyValue('jobs-country')).toBeUndefined();
  });

  it('gives an empty choice ("All countries") too, not only non-empty ones', () => {
    window.__earlyValues = { 'jobs-country': '' };
    expect(takeEarlyValue('jobs-country')).toBe('');
  });

  it('gives nothing once the page is alive, so a page opened later does not take an old choice', () => {
    window.__earlyValues = { 'jobs-country': 'Qatar' };
    document.documentElement.dataset.hydrated = 'true';
    expect(takeEarlyValue('jobs-country')).toBeUndefined();
  });

  it('gives nothing when the start script kept nothing', () => {
    expect(takeEarlyValue('jobs-q')).toBeUndefined();
  });
});
