import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { documentKindOf, formatBytes } from '@domain/documents';
import type { DocumentDto } from '@domain/schemas/documents';
import { formatDate } from '@/lib/format';
import { DocumentThumb, documentLinkProps } from './document-thumb';
import { ExpiryBadge } from './expiry-badge';

/** A date (or "expires Dec 10, 2026") kept on one line: a phone's narrow card broke it after the day. */
const keepTogether = (text: string) => text.replace(/ /g, '\u00a0');

/**
 * A machine's documents, newest first (issue 42): an image's thumbnail or an icon per type, the title
 * (a PDF or an image opens in a new tab, anything else downloads with its own name), category, size,
 * who uploaded it and when, and the expiry badge. `actions` adds a document's actions (managers).
 */
export function DocumentList({
  documents,
  actions,
}: {
  documents: DocumentDto[];
  actions?: (d: DocumentDto) => ReactNode;
}) {
  const { t, i18n } = useTranslation('documents');
  const locale = i18n.language.startsWith('es') ? 'es-US' : 'en-US';
  return (
    <ul className="divide-y" aria-label={t('list')}>
      {documents.map((d) => {
        return (
          <li key={d.id} className="flex items-start gap-3 py-2 first:pt-0">
            <a {...documentLinkProps(d)} className="shrink-0" tabIndex={-1} aria-hidden>
              <DocumentThumb
                doc={d}
                className="h-12 w-12 rounded border object-cover"
                icon={(Icon) => (
                  <span className="flex h-12 w-12 items-center justify-center rounded border bg-muted">
                    <Icon className="h-6 w-6 text-muted-foreground" aria-hidden />
                  </span>
                )}
              />
            </a>
            <div className="grid min-w-0 flex-1 gap-0.5">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <a {...documentLinkProps(d)} className="font-medium text-primary underline">
                  {d.title}
                </a>
                {d.expiresOn ? <ExpiryBadge expiresOn={d.expiresOn} /> : null}
              </div>
              <span className="text-xs text-muted-foreground">
                {[
                  t(`categories.${d.category}`),
                  t(`kinds.${documentKindOf(d.contentType)}`),
                  formatBytes(d.size, locale),
                ].join(' · ')}
              </span>
              <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                {t('uploaded', { who: d.uploadedBy, date: keepTogether(formatDate(d.uploadedAt)) })}
                {d.expiresOn
                  ? ` · ${keepTogether(t('expiresOn', { date: formatDate(d.expiresOn) }))}`
                  : ''}
              </span>
            </div>
            {actions?.(d)}
          </li>
        );
      })}
    </ul>
  );
}
