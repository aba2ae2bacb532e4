import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadShelledPage } from './app/router';
import { earlyGallerySettled } from './features/public-gallery/early-start';
import './app/styles.css';
// The public gallery's cover, which index.html may draw before any page has loaded.
import './features/public-gallery/early-view.css';
// The cookie banner, which index.html draws on a first visit before the app has loaded.
import './app/chrome/cookie-banner.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks <div id="root">');

// As a transition, React renders the first page in slices and lets the browser paint and answer input
// between them, instead of one long task (a phone's main thread is the bottleneck of the first load).
const startApp = () =>
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });

// A public gallery's address starts with the cover index.html draws (early-view.ts): the app, its
// chrome and its page wait until it has painted, or until there is none, so that the page's largest
// paint has the network and the main thread to itself. An order or checkout result address starts with
// its first screen drawn by index.html: the app waits for the page's chunk, so that its first render
// shows the page, not a loading indicator in between. Everywhere else the app starts at once.
const startWhen = earlyGallerySettled() ?? preloadShelledPage(window.location.pathname);
if (startWhen) void startWhen.then(startApp);
else startApp();
