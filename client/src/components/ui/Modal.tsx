import type { ReactNode, RefObject } from 'react';
import { useDialogBehaviour } from '@/lib/use-dialog-behaviour';
import './modal.css';

export interface ModalProps {
  /** The id of the element that names the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  /** Added to `modal`. */
  className: string;
  onClose: () => void;
  initialFocus?: RefObject<HTMLElement | null>;
  /** A click on the backdrop, outside the dialog, closes it. */
  closeOnBackdrop?: boolean;
  children: ReactNode;
}

/** A modal dialog over a backdrop, open while mounted, with the site's dialog behaviour. */
export function Modal({
  labelledBy,
  describedBy,
  className,
  onClose,
  initialFocus,
  closeOnBackdrop = false,
  children,
}: ModalProps) {
  const ref = useDialogBehaviour<HTMLDivElement>({ open: true, onClose, trapFocus: true, initialFocus });
  return (
    // The backdrop is presentational: a click outside the dialog is a mouse shortcut for Escape,
    // which useDialogBehaviour handles for the keyboard.
    <div
      className="modal-backdrop"
      role="presentation"
      onClick={closeOnBackdrop ? (event) => event.target === event.currentTarget && onClose() : undefined}
    >
      <div
        ref={ref}
        className={`modal ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
      >
        {children}
      </div>
    </div>
  );
}
