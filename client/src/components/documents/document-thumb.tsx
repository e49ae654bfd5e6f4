import { documentKindOf, opensInBrowser } from '@domain/documents';
import type { DocumentDto } from '@domain/schemas/documents';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { documentIcons } from './document-icons';
import { documentFileUrl, documentThumbnailUrl } from './documents-api';

/** A link to a document's file: opened in a new tab (images, PDFs), else downloaded under its file name. */
export const documentLinkProps = (d: Pick<DocumentDto, 'id' | 'contentType' | 'filename'>) => ({
  href: documentFileUrl(d.id),
  ...(opensInBrowser(d.contentType)
    ? { target: '_blank', rel: 'noopener' }
    : { download: d.filename }),
});

/** A document's thumbnail (classed `className`), else the icon of its kind as `icon` draws it. */
export function DocumentThumb({
  doc,
  className,
  icon,
}: {
  doc: Pick<DocumentDto, 'id' | 'contentType' | 'hasThumbnail'>;
  className: string;
  icon: (Icon: LucideIcon) => ReactNode;
}) {
  return doc.hasThumbnail ? (
    <img src={documentThumbnailUrl(doc.id)} alt="" loading="lazy" className={className} />
  ) : (
    icon(documentIcons[documentKindOf(doc.contentType)])
  );
}
