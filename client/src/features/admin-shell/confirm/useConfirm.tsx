import { useCallback, useRef, useState, type ReactNode } from 'react';
import './confirm.css';
import { Modal } from '@/components/ui/Modal';

/** What the confirmation asks: a question, what it will do, and the words of the button that does it. */
export interface ConfirmRequest {
  title: string;
  description: string;
  confirmLabel: string;
  /** A money action or a change that cannot be undone: the button is styled as dangerous. */
  danger?: boolean;
}

function ConfirmDialog({
  request,
  onAnswer,
}: {
  request: ConfirmRequest;
  onAnswer: (confirmed: boolean) => void;
}) {
  // The focus starts on "Go back": Enter right after the click does not do the irreversible thing.
  const backRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      labelledBy="confirm-title"
      describedBy="confirm-description"
      className="admin-confirm"
      onClose={() => onAnswer(false)}
      initialFocus={backRef}
    >
      <h2 id="confirm-title">{request.title}</h2>
      <p id="confirm-description">{request.description}</p>
      <div className="admin-actions">
        <button
          type="button"
          className={`admin-button ${request.danger ? 'admin-button--danger' : 'admin-button--primary'}`}
          onClick={() => onAnswer(true)}
        >
          {request.confirmLabel}
        </button>
        <button
          ref={backRef}
          type="button"
          className="admin-button admin-button--ghost"
          onClick={() => onAnswer(false)}
        >
          Go back
        </button>
      </div>
    </Modal>
  );
}

/**
 * The admin area's one confirmation before an action that moves money or cannot be undone
 * (refund, attended, no-show, cancel). Render `dialog`; `confirm(request)` opens it and resolves
 * true when staff confirm, false when they go back (button, Escape).
 */
export function useConfirm(): { dialog: ReactNode; confirm: (request: ConfirmRequest) => Promise<boolean> } {
  const [open, setOpen] = useState<{ request: ConfirmRequest; answer: (confirmed: boolean) => void } | null>(
    null,
  );
  const confirm = useCallback(
    (request: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        setOpen({ request, answer: resolve });
      }),
    [],
  );
  const dialog = open ? (
    <ConfirmDialog
      request={open.request}
      onAnswer={(confirmed) => {
        setOpen(null);
        open.answer(confirmed);
      }}
    />
  ) : null;
  return { dialog, confirm };
}
