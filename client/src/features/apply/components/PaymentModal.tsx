import { useEffect, useRef } from 'react';
import { constants } from '@/config/rules';
import { toast } from '@/lib/forms/toast';

export const PAYMENT_SUCCESS = 'Payment processed successfully! Welcome to Vandy Recruitment.';

/** "Complete Your Application": the $50 processing fee; no payment call is made (spec section 4). */
export function PaymentModal({ onClose }: { onClose: () => void }) {
  const payRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    payRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);
  const pay = () => {
    void toast(PAYMENT_SUCCESS, 'success');
    onClose();
  };
  return (
    <div className="modal-backdrop">
      <div className="modal payment-modal" role="dialog" aria-modal="true" aria-labelledby="payment-title" aria-describedby="payment-text">
        <h2 id="payment-title">Complete Your Application</h2>
        <p id="payment-text" className="muted">
          To complete your application, please pay the processing fee. Our team starts reviewing your documents once it is received.
        </p>
        <p className="payment-modal__fee">
          <span className="visually-hidden">Processing fee: </span>${constants.processingFeeUsd}
        </p>
        <p className="muted">Processing fee</p>
        <div className="payment-modal__actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancel
          </button>
          <button ref={payRef} type="button" className="button button--gold" onClick={pay}>
            Pay with Paystack
          </button>
        </div>
      </div>
    </div>
  );
}
