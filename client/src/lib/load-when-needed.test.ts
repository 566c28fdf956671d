import { afterEach, describe, expect, it } from 'vitest';
import { whenUsed } from './load-when-needed';

function settled(promise: Promise<void>): () => boolean {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  return () => done;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Scrolls the measured box to three screens down (still waiting), then to 1.2 screens (resolved). */
async function expectResolvedOnlyOnceNear(promise: Promise<void>, moveTo: (top: number) => void) {
  const isDone = settled(promise);
  moveTo(window.innerHeight * 3);
  window.dispatchEvent(new Event('scroll'));
  await tick();
  expect(isDone()).toBe(false);
  moveTo(window.innerHeight * 1.2);
  window.dispatchEvent(new Event('scroll'));
  await tick();
  expect(isDone()).toBe(true);
}

describe('whenUsed', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('resolves at once when the element is not in the document (client-side navigation)', async () => {
    await expect(whenUsed('.absent')).resolves.toBeUndefined();
  });

  it('waits, without any interaction, however long (the page alone never loads the form)', async () => {
    document.body.innerHTML = '<form class="card"><input name="a"></form>';
    const isDone = settled(whenUsed('.card'));
    window.dispatchEvent(new Event('pointerdown'));
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await tick();
    expect(isDone()).toBe(false);
  });

  it.each(['focusin', 'pointerdown', 'touchstart', 'keydown', 'input'])(
    'resolves at the first %s inside the element',
    async (name) => {
      document.body.innerHTML = '<form class="card"><input name="a"></form>';
      const isDone = settled(whenUsed('.card'));
      document.querySelector('input')?.dispatchEvent(new Event(name, { bubbles: true }));
      await tick();
      expect(isDone()).toBe(true);
    },
  );

  it('resolves when a scroll brings the element within half a screen', async () => {
    document.body.innerHTML = '<form class="card"></form>';
    const card = document.querySelector('.card') as HTMLElement;
    let top = 0;
    card.getBoundingClientRect = () => ({ top }) as DOMRect;
    await expectResolvedOnlyOnceNear(whenUsed('.card'), (next) => (top = next));
  });

  it('inside a section laid out later, measures the section: the skipped form has no box to read', async () => {
    document.body.innerHTML = '<section class="section--later"><form class="card"></form></section>';
    const section = document.querySelector('section') as HTMLElement;
    const card = document.querySelector('.card') as HTMLElement;
    let top = 0;
    let formRead = 0;
    section.getBoundingClientRect = () => ({ top }) as DOMRect;
    card.getBoundingClientRect = () => {
      formRead += 1;
      return { top: 0 } as DOMRect;
    };
    await expectResolvedOnlyOnceNear(whenUsed('.card'), (next) => (top = next));
    expect(formRead).toBe(0);
  });
});
