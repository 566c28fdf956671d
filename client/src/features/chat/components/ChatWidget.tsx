import { lazy, Suspense, useState } from 'react';
import { Icon } from '@/components/ui/Icon';
import './chat.css';

const ChatPanel = lazy(() => import('./ChatPanel'));

/** Bottom-left launcher; the panel code loads on first open. */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const toggle = () => {
    setEverOpened(true);
    setOpen((v) => !v);
  };
  return (
    <aside className="chat-widget" aria-label="Chat assistant">
      {everOpened ? (
        <Suspense fallback={null}>
          <ChatPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
      <button
        type="button"
        className="fab fab--chat"
        aria-expanded={open}
        aria-controls="chat-panel"
        onClick={toggle}
      >
        <Icon name={open ? 'close' : 'chat'} size={26} />
        <span className="visually-hidden">{open ? 'Close chat assistant' : 'Open chat assistant'}</span>
      </button>
    </aside>
  );
}
