import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks <div id="root">');

// As a transition, React renders the first page in slices and lets the browser paint and answer input
// between them, instead of one long task (a phone's main thread is the bottleneck of the first load).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
