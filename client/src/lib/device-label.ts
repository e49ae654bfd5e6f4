import { DEVICE_WORDS } from '@domain/device';

const KEY_OF = new Map<string, string>(
  Object.entries(DEVICE_WORDS).map(([key, word]) => [word, key]),
);

/**
 * The device summary kept with an operator entry ("Android phone · Chrome", domain/device.ts) in the
 * reader's language. It is stored in English; its own words are translated here, product names
 * (iPhone, Chrome, Windows) stay as they are. Summaries stored before this read the same way.
 */
export function deviceLabel(summary: string, t: (key: string) => string): string {
  return summary
    .split(' · ')
    .map((part) => {
      const key = KEY_OF.get(part);
      return key ? t(`common:device.${key}`) : part;
    })
    .join(' · ');
}
