import type { ReactNode } from 'react';

/**
 * A list that scrolls in its own box (a long SMS preview): a named region the keyboard can reach
 * and scroll (WCAG 2.1.1), around a list that keeps its list semantics. The class names the box;
 * the list inside is unstyled (`ul[class]`).
 */
export function ScrollList({
  className,
  label,
  children,
}: {
  className: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className={className} role="region" aria-label={label} tabIndex={0}>
      <ul className="scroll-list__items">{children}</ul>
    </div>
  );
}
