import { useRef } from 'react';
import { Icon } from '@/components/ui/Icon';
import { Modal } from '@/components/ui/Modal';
import { NewsletterForm } from './NewsletterForm';
import './newsletter.css';

export interface NewsletterDialogProps {
  onClose: () => void;
  onSubscribed: () => void;
}

export default function NewsletterDialog({ onClose, onSubscribed }: NewsletterDialogProps) {
  const closeRef = useRef<HTMLButtonElement>(null);

  return (
    <Modal
      className="newsletter-modal"
      labelledBy="newsletter-title"
      onClose={onClose}
      initialFocus={closeRef}
      closeOnBackdrop
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
    </Modal>
  );
}
