import { useEffect, useRef } from 'react';
import { Icon } from '@/components/ui/Icon';
import { NewsletterForm } from './NewsletterForm';

export interface NewsletterDialogProps {
  onClose: () => void;
  onSubscribed: () => void;
}

export default function NewsletterDialog({ onClose, onSubscribed }: NewsletterDialogProps) {
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);

  return (
    <div className="modal-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className="modal newsletter-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="newsletter-title"
      >
        <button ref={closeRef} type="button" className="icon-button modal__close" onClick={onClose}>
          <Icon name="close" size={20} />
          <span className="visually-hidden">Close newsletter pop-up</span>
        </button>
        <div className="newsletter-modal__art" aria-hidden="true">
          <Icon name="mail" size={32} />
        </div>
        <h2 id="newsletter-title">Stay Updated</h2>
        <p className="muted">
          Get the latest job openings, visa updates and travel tips from the Gulf and beyond, straight to your
          inbox.
        </p>
        <NewsletterForm onSubscribed={onSubscribed} />
      </div>
    </div>
  );
}
