import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogBehaviourOptions {
  /** Whether the dialog, drawer or menu is open (a modal that mounts open passes `true`). */
  open: boolean;
  /** Called on Escape. */
  onClose: () => void;
  /** Keeps Tab and Shift+Tab inside the element: for modals, not for a menu beside the page. */
  trapFocus?: boolean;
  /** What gets the focus when it opens; the focus stays where it is when omitted. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * The one behaviour of the site's dialogs, drawers and menus while open: Escape calls `onClose`,
 * the focus moves in (`initialFocus`) and, with `trapFocus`, stays in; on closing, the focus goes
 * back to what had it before (the opener) unless the visitor has since moved it elsewhere.
 * Returns the ref to put on the dialog's element.
 */
export function useDialogBehaviour<T extends HTMLElement>({
  open,
  onClose,
  trapFocus = false,
  initialFocus,
}: DialogBehaviourOptions): RefObject<T | null> {
  const ref = useRef<T>(null);
  const close = useEffectEvent(onClose);

  useEffect(() => {
    if (!open) return undefined;
    const element = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    initialFocus?.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
      else if (event.key === 'Tab' && trapFocus && element) keepFocusInside(element, event);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      const focused = document.activeElement;
      if (!focused || focused === document.body || element?.contains(focused)) opener?.focus();
    };
  }, [open, trapFocus, initialFocus]);

  return ref;
}

function keepFocusInside(container: HTMLElement, event: KeyboardEvent): void {
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
  } else if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
