import { afterEach, describe, expect, it } from 'vitest';
import { showLaterSectionsUpTo } from './later-sections';

describe('showLaterSectionsUpTo', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('lays out the later sections before the target and the one holding it, not those after', () => {
    document.body.innerHTML = `
      <section id="a" class="section section--later"></section>
      <section id="b" class="section"></section>
      <section id="c" class="section section--later"><h2 id="target">Here</h2></section>
      <section id="d" class="section section--later"></section>`;
    showLaterSectionsUpTo(document.getElementById('target') as HTMLElement);
    const shown = [...document.querySelectorAll('.section--shown')].map((s) => s.id);
    expect(shown).toEqual(['a', 'c']);
  });

  it('lays out the target itself when it is a later section', () => {
    document.body.innerHTML = `
      <section id="a" class="section section--later"></section>
      <section id="b" class="section section--later"></section>
      <section id="c" class="section section--later"></section>`;
    showLaterSectionsUpTo(document.getElementById('b') as HTMLElement);
    expect([...document.querySelectorAll('.section--shown')].map((s) => s.id)).toEqual(['a', 'b']);
  });
});
