/**
 * Documents on machines and records (issue 42): the categories, the limits and which types are kept.
 * Plain code, no zod (the machine page's card imports it).
 */

export const documentCategories = [
  'manual',
  'registration',
  'insurance',
  'warranty',
  'receipt',
  'certificate',
  'photo',
  'other',
] as const;
export type DocumentCategory = (typeof documentCategories)[number];

const MB = 1024 * 1024;
/** One file at most (25 MB); a bigger one is refused with 413 and nothing is stored. */
export const DOCUMENT_MAX_BYTES = 25 * MB;
/** A file is stored in pieces of this size (document_chunk rows); the server holds one at a time. */
export const DOCUMENT_CHUNK_BYTES = 256 * 1024;

/**
 * The types a document may be, as read from its bytes (never its name or the browser's word):
 * images and PDFs open in the browser, everything else downloads.
 */
export const documentTypes = {
  'application/pdf': { kind: 'pdf', inline: true },
  'image/jpeg': { kind: 'image', inline: true },
  'image/png': { kind: 'image', inline: true },
  'image/webp': { kind: 'image', inline: true },
  'image/heic': { kind: 'image', inline: false },
  'image/heif': { kind: 'image', inline: false },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    kind: 'text-document',
    inline: false,
  },
  'application/vnd.oasis.opendocument.text': { kind: 'text-document', inline: false },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    kind: 'spreadsheet',
    inline: false,
  },
  'application/vnd.oasis.opendocument.spreadsheet': { kind: 'spreadsheet', inline: false },
  'text/plain': { kind: 'text', inline: false },
  'text/csv': { kind: 'spreadsheet', inline: false },
} as const;
export type DocumentContentType = keyof typeof documentTypes;
export type DocumentKind = (typeof documentTypes)[DocumentContentType]['kind'] | 'other';

/** What kind of file a stored type is (the card's icon). */
export function documentKindOf(contentType: string): DocumentKind {
  return (documentTypes as Record<string, { kind: DocumentKind }>)[contentType]?.kind ?? 'other';
}

/** Whether the browser shows the file itself (images it can draw, PDFs); everything else downloads. */
export function opensInBrowser(contentType: string): boolean {
  return (documentTypes as Record<string, { inline: boolean }>)[contentType]?.inline ?? false;
}

/**
 * A file's name as it is kept and sent: its last path part (no folders, either slash), no control
 * characters, no quotes or characters a file system refuses, trimmed, at most 200 characters (the
 * extension kept). Accents and spaces stay. An empty result is "file".
 */
export function cleanFilename(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let out = last.replace(/[\u0000-\u001F\u007F-\u009F"<>:|?*]/g, '').replace(/\s+/g, ' ');
  out = out.normalize('NFC').trim().replace(/^\.+/, '');
  if (out.length > 200) {
    const dot = out.lastIndexOf('.');
    const ext = dot > 0 && out.length - dot <= 10 ? out.slice(dot) : '';
    out = out.slice(0, 200 - ext.length) + ext;
  }
  return out || 'file';
}

/** Whole days from today until an expiry (negative when past), YYYY-MM-DD both. */
export function daysUntil(today: string, expiresOn: string): number {
  const a = Date.UTC(+today.slice(0, 4), +today.slice(5, 7) - 1, +today.slice(8, 10));
  const b = Date.UTC(+expiresOn.slice(0, 4), +expiresOn.slice(5, 7) - 1, +expiresOn.slice(8, 10));
  return Math.round((b - a) / 86_400_000);
}

/** A size in bytes as people read it: "2 GB", "25 MB", "1.5 MB", "300 KB", "12 B" (1 KB = 1,024 bytes). */
export function formatBytes(n: number, locale = 'en-US'): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  const digits = i === 0 || v >= 10 ? 0 : 1;
  return `${v.toLocaleString(locale, { maximumFractionDigits: digits })} ${units[i]}`;
}
