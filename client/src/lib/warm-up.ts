import { formatWarmers } from './format';
import i18n from './i18n';
import { cn } from './utils';

/**
 * One-time costs every screen pays in its first render, paid instead in short tasks of their own right
 * after the entry runs, while the page waits for its code and data: building the first Intl formatter
 * (the platform loads its locale data) and tailwind-merge's class tables (built on the first `cn`).
 * Inside a render they lengthened the page's long tasks; on their own they fit between the network's
 * answers. Each step is a separate task (setTimeout), so none of them blocks input for long.
 */
export function warmUp(): void {
  const steps = [
    // The detector has chosen the language synchronously (i18n.ts); its texts may still be loading.
    ...formatWarmers(i18n.resolvedLanguage ?? i18n.language ?? 'en'),
    () => cn('p-1', 'p-2'),
  ];
  for (const step of steps) setTimeout(step, 0);
}
