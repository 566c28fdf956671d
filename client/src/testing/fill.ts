import type { UserEvent } from '@testing-library/user-event';

/**
 * Puts `text` into a field the way a paste does: a click into it, then the whole text at once, so
 * the form renders and validates once instead of once per character (`user.type` costs one React
 * render and one yup validation per keystroke: docs/performance/2026-11-28-test-fast-2.md).
 * For fields a test only needs filled; keep `user.type` where the typing itself is under test.
 */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
