import { afterEach, describe, expect, it } from 'vitest';
import { DRAFT_KEY, clearDraft, loadDraft, saveDraft } from './draft';

describe('the application draft in session storage', () => {
  afterEach(() => window.sessionStorage.clear());

  it('gives back the step and the text and yes/no answers saved', () => {
    saveDraft(3, { firstName: 'Ama', hasPassport: true, cv: null, website: 'spam' });
    expect(loadDraft()).toEqual({ step: 3, values: { firstName: 'Ama', hasPassport: true } });
    clearDraft();
    expect(loadDraft()).toBeNull();
  });

  it('stores nothing (and drops an old draft) when nothing is filled in', () => {
    saveDraft(2, { firstName: 'Ama' });
    saveDraft(2, { firstName: '  ', terms: false });
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it.each([
    ['not JSON', '{'],
    ['not an object', '"text"'],
    ['null', 'null'],
    ['no values', '{"step": 2}'],
    ['values not an object', '{"step": 2, "values": "x"}'],
  ])('ignores a stored draft that is %s', (_, raw) => {
    window.sessionStorage.setItem(DRAFT_KEY, raw);
    expect(loadDraft()).toBeNull();
  });

  it('starts at step 1 and skips values of other types', () => {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ values: { a: 'x', b: 2, c: [1], d: false } }));
    expect(loadDraft()).toEqual({ step: 1, values: { a: 'x', d: false } });
  });
});
