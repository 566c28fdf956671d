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
    const shown = [...document.querySelectorAll('.later--shown')].map((s) => s.id);
    expect(shown).toEqual(['a', 'c']);
  });

  it('lays out the phone-only later blocks before the target too', () => {
    document.body.innerHTML = `
      <div class="card-grid">
        <article id="a" class="card"></article>
        <article id="b" class="card later-on-phone"></article>
        <article id="c" class="card later-on-phone"><h3 id="target">Here</h3></article>
        <article id="d" class="card later-on-phone"></article>
      </div>`;
    showLaterSectionsUpTo(document.getElementById('target') as HTMLElement);
    expect([...document.querySelectorAll('.later--shown')].map((s) => s.id)).toEqual(['b', 'c']);
  });

  it('lays out the target itself when it is a later section', () => {
    document.body.innerHTML = `
      <section id="a" class="section section--later"></section>
      <section id="b" class="section section--later"></section>
      <section id="c" class="section section--later"></section>`;
    showLaterSectionsUpTo(document.getElementById('b') as HTMLElement);
    expect([...document.querySelectorAll('.later--shown')].map((s) => s.id)).toEqual(['a', 'b']);
  });
});
