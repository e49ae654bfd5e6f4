/**
 * Installable app support, loaded first thing at page load (imported by main.tsx):
 * - keeps the browser's `beforeinstallprompt` event so the landing page's "Install the App" button can use it later;
 * - registers the service worker served at /sw.js (production builds only). A failure is only logged.
 */

/** The Chromium-only install prompt event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let deferredPrompt: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the event: the browser's own mini-infobar is replaced by our "Install the App" button.
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    notify();
  });

  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    window.addEventListener('load', () => {
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => {
        console.warn('Service worker registration failed', err);
      });
    });
  }
}

/** The stored install prompt, or null when the browser has not offered one (Safari, Firefox, already installed). */
export function getInstallPrompt(): BeforeInstallPromptEvent | null {
  return deferredPrompt;
}

/** Subscribe to changes of the stored prompt (for useSyncExternalStore). */
export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows the browser's install dialog when a prompt is stored. Returns 'unavailable' when there is none
 * (the caller then shows manual instructions).
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferredPrompt;
  if (!event) return 'unavailable';
  await event.prompt();
  const choice = await event.userChoice;
  // A prompt can be used only once.
  deferredPrompt = null;
  notify();
  return choice.outcome;
}

/** True when the app already runs installed (standalone window). */
export function isRunningInstalled(): boolean {
  if (typeof window === 'undefined') return false;
  const nav = navigator as Navigator & { standalone?: boolean };
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true || nav.standalone === true
  );
}
