import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * The last item of a dashboard card's scrolling list (operator updates, history): "Show more" while the
 * answer filled the page asked for and a larger one may be asked (`limit` below the API's `max`).
 */
export function ShowMoreItem({
  shown,
  limit,
  max,
  page,
  busy,
  onLimit,
}: {
  shown: number;
  limit: number;
  max: number;
  page: number;
  busy: boolean;
  onLimit: (next: number) => void;
}) {
  const { t } = useTranslation('dashboard');
  if (shown < limit || limit >= max) return null;
  return (
    <li className="p-2 text-center">
      <Button
        variant="ghost"
        size="sm"
        disabled={busy}
        onClick={() => onLimit(Math.min(limit + page, max))}
      >
        {t('overview.showMore')}
      </Button>
    </li>
  );
}
