import { describe, expect, it } from 'vitest';
import { classNames } from './class-names';

describe('classNames', () => {
  it('joins the parts that are set, with one space, in order', () => {
    expect(classNames('section', false, 'section--tint', undefined, null, '', 'section--later')).toBe(
      'section section--tint section--later',
    );
  });

  it('gives an empty string when no part is set', () => {
    expect(classNames(false, undefined)).toBe('');
  });
});
