import { useEffect, useState } from 'react';

const STRIPE_JS = 'https://js.stripe.com/v3/';

/**
 * Loads Stripe.js on the subscription page only, and only when Stripe is configured (a
 * publishable key from /api/config). Returns whether it is ready.
 */
export function useStripeScript(publishableKey: string | null | undefined): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!publishableKey) return;
    let script = document.querySelector<HTMLScriptElement>(`script[src="${STRIPE_JS}"]`);
    const done = () => setLoaded(true);
    if (script?.dataset.loaded === 'true') {
      done();
      return;
    }
    if (!script) {
      script = document.createElement('script');
      script.src = STRIPE_JS;
      script.async = true;
      script.addEventListener('load', () => {
        if (script) script.dataset.loaded = 'true';
      });
      script.addEventListener('error', () => console.warn('Stripe.js failed to load'));
      document.head.appendChild(script);
    }
    script.addEventListener('load', done);
    return () => script?.removeEventListener('load', done);
  }, [publishableKey]);
  return loaded;
}
