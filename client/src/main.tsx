import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// First, so that every component's and page's stylesheet comes after it in the cascade (Vite
// orders the CSS as the imports): tokens, reset, layout and what every page shares. A page's own
// styles come with its chunk and are inlined into its pre-rendered HTML (scripts/prerender.mjs).
import './styles/global.css';
// The toasts' AA colours: in the entry's stylesheet, so no stylesheet is appended when the first toast loads.
import './app/toasts.css';
import { App } from './app/App';
import { holdFormActions } from './lib/pending-form-actions';

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
