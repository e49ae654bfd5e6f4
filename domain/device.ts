/**
 * The words of a summary that are not product names, stored in English; the client shows them in the
 * reader's language (client/src/lib/device-label.ts).
 */
export const DEVICE_WORDS = {
  androidPhone: 'Android phone',
  androidTablet: 'Android tablet',
  other: 'Other',
} as const;

/**
 * A short, human summary of a browser's User-Agent ("Android · Chrome", "iPhone · Safari"), kept with
 * each operator entry so a manager can tell which phone sent it. Never used to decide anything.
 */
export function deviceSummary(userAgent: string | null | undefined): string | null {
  const ua = (userAgent ?? '').slice(0, 500);
  if (!ua.trim()) return null;
  const os = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? /Mobile/.test(ua)
          ? DEVICE_WORDS.androidPhone
          : DEVICE_WORDS.androidTablet
        : /CrOS/.test(ua)
          ? 'Chromebook'
          : /Windows/.test(ua)
            ? 'Windows'
            : /Macintosh|Mac OS X/.test(ua)
              ? 'Mac'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  const browser = /SamsungBrowser/.test(ua)
    ? 'Samsung Internet'
    : /Edg\//.test(ua)
      ? 'Edge'
      : /Firefox\/|FxiOS/.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS/.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const parts = [os, browser].filter(Boolean);
  return parts.length ? parts.join(' · ') : DEVICE_WORDS.other;
}
