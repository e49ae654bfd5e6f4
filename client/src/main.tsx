// First: zod without `new Function` (our CSP forbids it; lib/zod-jitless.ts).
import './lib/zod-jitless';
// Then: keeps the browser's install prompt and registers the service worker (lib/pwa.ts).
import './lib/pwa';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadFirstScreen } from './app/routes';
import './lib/i18n';
import { warmUp } from './lib/warm-up';
import './styles.css';

// The first screen's code, texts and data start downloading in a task of their own, right after this
// one (evaluating the entry is already a long task on a phone), alongside the current-user call.
setTimeout(() => preloadFirstScreen(window.location.pathname), 0);
// Meanwhile, one-time set-up costs (the first Intl formatter, tailwind-merge) run in tasks of their own.
warmUp();

// The first render is a transition: React builds the page in short slices instead of one long task.
startTransition(() => {
  createRoot(document.getElementById('root')!, {
    // An error a boundary caught is shown to the user (components/load-error-boundary.tsx): a warning
    // in the console, not an error (React's default logs it as one).
    onCaughtError: (error) => console.warn('Caught by a boundary:', error),
  }).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
