const HERE = 'http://here.invalid';

/** A control character (a tab or a newline is dropped by URL parsing, and could hide a host). */
const hasControl = (v: string) =>
  [...v].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * Where to continue after signing in (`?next=`, e.g. a machine's sticker `/m/<id>`): a path on this
 * site only. Anything that could leave it (`https://…`, `//host`, `/\host`, `javascript:`, control
 * characters) is refused with null, so the sign-in pages are never an open redirect.
 */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || next.length > 500 || !next.startsWith('/')) return null;
  if (next.startsWith('//') || next.includes('\\') || hasControl(next)) return null;
  let url: URL;
  try {
    url = new URL(next, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
