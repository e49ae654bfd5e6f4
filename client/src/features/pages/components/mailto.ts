/** The mailto: address with the subject and body pre-filled (RFC 6068: percent-encoded, CRLF line breaks). */
export function buildMailto(to: string, subject: string, body: string): string {
  const address = encodeURIComponent(to).replace(/%40/g, '@');
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body.replace(/\r?\n/g, '\r\n'))}`;
}
