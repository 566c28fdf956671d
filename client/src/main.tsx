import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { holdFormActions } from './lib/pending-form-actions';
import './styles/global.css';
// Page styles that would otherwise come with a lazy page chunk: in the entry stylesheet, which the
// pre-render inlines, a pre-rendered page is laid out once (a late stylesheet shifted /privacy).
import './components/form/form.css';
import './features/legal/components/legal.css';
import './features/track/components/track.css';

// Before anything hydrates: a form's code loads at its first use, and what the visitor does meanwhile waits for it.
holdFormActions();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// Public pages arrive pre-rendered (scripts/prerender.mjs, src/app/pages): hydrate them in place.
// In a transition, hydration is time-sliced (React yields to the browser every few milliseconds)
// instead of one long task: the page is already visible, and a tap on a part not yet hydrated
// makes React hydrate that part first and replay the event.
if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
