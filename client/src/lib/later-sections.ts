/**
 * Blocks laid out only when they come near (global.css): sections marked `section--later`, and
 * blocks marked `later-on-phone` in the one-column phone layout. Until then they have a placeholder
 * height.
 */
export const LATER = '.section--later, .later-on-phone';

/**
 * Scrolling to an element below later blocks would land by their placeholder heights and then move
 * as they take their real ones: the ones before the target, and the one holding it, are laid out
 * first (`later--shown`), so the scroll lands where it stays.
 */
export function showLaterSectionsUpTo(target: Element): void {
  for (const block of document.querySelectorAll(LATER)) {
    const before = block.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (before || block.contains(target)) block.classList.add('later--shown');
  }
}
