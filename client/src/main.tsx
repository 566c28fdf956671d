import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// Public pages arrive pre-rendered (scripts/prerender.mjs, src/app/pages): hydrate them in place.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
