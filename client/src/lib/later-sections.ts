/**
 * Sections marked `section--later` (global.css) are laid out only when they come near, at a
 * placeholder height until then. Scrolling to an element below them would land by those guesses and
 * then move as they take their real heights: the ones before the target, and the one holding it,
 * are laid out first (`section--shown`), so the scroll lands where it stays.
 */
export function showLaterSectionsUpTo(target: Element): void {
  for (const section of document.querySelectorAll('.section--later')) {
    const before = section.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (before || section.contains(target)) section.classList.add('section--shown');
  }
}
