import { signedInHint } from './auth';
import { formatWarmers } from './format';
import i18n from './i18n';
import { cn } from './utils';

/**
 * One-time costs a screen pays in its first render, paid instead in short tasks of their own right
 * after the entry runs, while the page waits for its code and data: tailwind-merge's class tables
 * (built on the first `cn`: every screen) and, for a signed-in user (every signed-in first screen shows
 * numbers and dates; the sign-in pages show none), the first Intl formatters (the platform loads its
 * locale data). Inside a render they lengthened the page's long tasks; on their own they fit between
 * the network's answers. Each step is a separate task (setTimeout), so none blocks input for long.
 */
export function warmUp(): void {
  const steps = [
    () => cn('p-1', 'p-2'),
    // The detector has chosen the language synchronously (i18n.ts); its texts may still be loading.
    ...(signedInHint() ? formatWarmers(i18n.resolvedLanguage ?? i18n.language ?? 'en') : []),
  ];
  for (const step of steps) setTimeout(step, 0);
}
