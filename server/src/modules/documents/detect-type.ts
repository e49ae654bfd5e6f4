import { fileTypeFromBuffer } from 'file-type';
import { documentTypes, type DocumentContentType } from '@domain/documents';

/**
 * What a file is, from its first bytes (issue 42, "Safety"): `file-type` reads the signature (PDF,
 * JPEG, PNG, WebP, HEIC, and inside a zip the office formats). A binary type not on the list is
 * refused; bytes with no signature are accepted only as UTF-8 text (txt, csv) that carries no HTML,
 * SVG or script marker and no shebang (`TextCheck`, run over every chunk). Never the name or the
 * browser's Content-Type.
 */

/** HTML, SVG, XML and script markers a text file may not carry (browsers sniff them). */
const MARKUP =
  /<\s*(!doctype|html|head|body|script|svg|iframe|object|embed|meta|link|style|img|a\s|form|\?xml)|javascript:|vbscript:/i;

/** 'text' (to be checked as it streams) or a known binary type, or null (refused with 415). */
export async function sniffType(head: Buffer): Promise<DocumentContentType | 'text' | null> {
  const found = await fileTypeFromBuffer(head);
  if (found) {
    return Object.hasOwn(documentTypes, found.mime) && !found.mime.startsWith('text/')
      ? (found.mime as DocumentContentType)
      : null;
  }
  return 'text';
}

/**
 * Checks a text file chunk by chunk: valid UTF-8 (a character split between chunks is fine), no NUL,
 * no markup marker (also across a chunk boundary: the last 64 characters are kept), no shebang.
 */
export class TextCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  private tail = '';
  private first = true;

  /** False when the chunk shows the file is not plain text. */
  push(chunk: Buffer): boolean {
    let text: string;
    try {
      text = this.decoder.decode(chunk, { stream: true });
    } catch {
      return false;
    }
    return this.check(text);
  }

  /** False when the file ends in the middle of a character. */
  end(): boolean {
    try {
      return this.check(this.decoder.decode());
    } catch {
      return false;
    }
  }

  private check(text: string): boolean {
    if (this.first && text.length > 0) {
      this.first = false;
      if (/^\uFEFF?\s*#!/.test(text)) return false;
    }
    if (text.includes('\u0000')) return false;
    const window = this.tail + text;
    if (MARKUP.test(window)) return false;
    this.tail = window.slice(-64);
    return true;
  }
}
