import type { TimelineEntry } from '@domain/schemas/machine-page';
import { ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatUsd } from '@/lib/format';

/**
 * What a timeline entry links to (issue 43): a defect's photo (a failed checklist item's, a reported
 * problem's) as a thumbnail that opens it, and a work-order entry's order with its cost.
 */
export function TimelineLinks({ entry: h }: { entry: TimelineEntry }) {
  const { t } = useTranslation('machines');
  const item = typeof h.params.item === 'string' ? h.params.item : '';
  return (
    <>
      {h.defectPhoto ? (
        <a
          href={`/api/defects/${h.defectPhoto}/photo`}
          target="_blank"
          rel="noreferrer"
          className="w-fit"
        >
          <img
            src={`/api/defects/${h.defectPhoto}/photo`}
            alt={t('timeline.defectPhoto', { item, who: h.operatorName ?? '' })}
            loading="lazy"
            className="h-24 w-24 rounded-md border object-cover"
          />
        </a>
      ) : null}
      {h.workOrder ? (
        <Link
          to={`/work-orders/${h.workOrder.id}`}
          className="flex w-fit items-center gap-1 text-primary underline"
        >
          <ClipboardList className="h-4 w-4" aria-hidden />
          {t('timeline.workOrder', { number: h.params.number })}
          {h.workOrder.total > 0 ? ` · ${formatUsd(h.workOrder.total)}` : ''}
        </Link>
      ) : null}
    </>
  );
}
