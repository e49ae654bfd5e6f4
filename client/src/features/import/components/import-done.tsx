import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatNumber } from '@/lib/format';
import { skippedByWhy, type Outcome } from '../lib/outcome';
import type { ImportKind } from '../lib/template';

/** The finish screen: what was imported, and how many rows were left out and why. */
export function ImportDone({
  kind,
  outcome,
  onAgain,
}: {
  kind: ImportKind;
  outcome: Outcome;
  onAgain: () => void;
}) {
  const { t } = useTranslation('import');
  const n = (v: number | undefined) => formatNumber(v ?? 0, 0);
  const skipped = skippedByWhy(outcome);
  const skippedTotal = skipped.reduce((sum, [, c]) => sum + c, 0);
  return (
    <Card role="status">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CheckCircle2 className="h-5 w-5 text-green-700" aria-hidden /> {t('import.doneTitle')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p>
          {kind === 'equipment'
            ? t('import.doneEquipment', {
                add: n(outcome.counts.add),
                update: n(outcome.counts.update),
              })
            : t('import.doneHistory', {
                reading: n(outcome.counts.reading),
                service: n(outcome.counts.service),
              })}
        </p>
        {skipped.length > 0 ? (
          <div className="grid gap-1 text-sm" data-testid="import-skipped">
            <p className="font-medium">
              {t('import.skipped', { count: skippedTotal, n: n(skippedTotal) })}
            </p>
            <ul className="list-disc pl-5 text-muted-foreground">
              {skipped.map(([action, count]) => (
                <li key={action}>{t(`import.skippedWhy.${action}`, { count, n: n(count) })}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/equipment-list">{t('import.viewList')}</Link>
          </Button>
          <Button variant="outline" onClick={onAgain}>
            {t('import.again')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
