import type { DocumentDto } from '@domain/schemas/documents';
import { DocumentThumb, documentLinkProps } from './document-thumb';

/**
 * A record's files, small (issue 42): a timeline entry's receipt, invoice or the document it added,
 * as a thumbnail or an icon with its title, opening (images, PDFs) or downloading the file.
 */
export function DocumentChips({ documents }: { documents: DocumentDto[] }) {
  if (documents.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" data-testid="entry-documents">
      {documents.map((d) => {
        return (
          <li key={d.id}>
            <a
              {...documentLinkProps(d)}
              className="flex max-w-56 items-center gap-2 rounded-md border p-1 pr-2 text-xs text-primary underline"
            >
              <DocumentThumb
                doc={d}
                className="h-8 w-8 shrink-0 rounded object-cover"
                icon={(Icon) => (
                  <Icon className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
                )}
              />
              <span className="truncate">{d.title}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** The documents of one timeline entry: a service's or a work order's files, or the file it added. */
export function documentsOfEntry(
  documents: readonly DocumentDto[],
  entry: {
    id: string;
    kind: string;
    params: Record<string, unknown>;
    workOrder?: { id: string } | null;
  },
): DocumentDto[] {
  if (entry.kind === 'service') return documents.filter((d) => d.serviceEntryId === entry.id);
  if (entry.kind === 'work_order' && entry.workOrder)
    return documents.filter((d) => d.workOrderId === entry.workOrder!.id);
  if (entry.kind === 'document_added' || entry.kind === 'document_replaced')
    return documents.filter((d) => d.id === entry.params.documentId);
  return [];
}
