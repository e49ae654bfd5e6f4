import { Download, Fuel, RotateCcw } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useInView } from '@/lib/use-in-view';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { IconCardTitle } from '@/components/icon-card-title';
import { useExportRun } from './use-export-run';
import { toast } from '@/components/ui/use-toast';
import { volumeIn } from '@domain/fuel';
import { formatNumber } from '@/lib/format';
import { exportFileName, fuelUsageColumnsIn } from '@domain/csv';
import { downloadRowsAsCsv } from '../api/download-export';
import { useFuelSummary } from '../api/get-fuel-summary';
import { useResetFuel } from '../api/reset-fuel';
import { companyToday, useCurrentUser } from '@/lib/auth';
import { toastFailure } from '@/components/toast-failure';

// recharts is big: only this card's chart loads it, and only when there is something to draw.
// recharts is the heaviest chunk: it loads only when the chart comes near the viewport.
const FuelChart = lazy(() => import('./fuel-chart'));
const CHART_PLACEHOLDER = <div className="h-56 animate-pulse rounded-md bg-muted" />;

export function FuelCard() {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation('common');
  const summary = useFuelSummary();
  const reset = useResetFuel();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const { exporting, run } = useExportRun();
  const chartSlot = useInView<HTMLDivElement>();
  // Volumes arrive in stored gallons; shown in the company's unit, converted once here (domain/fuel.ts).
  const volumeUnit = useCurrentUser().user?.volumeUnit ?? 'gal';
  const raw = summary.data;
  const v = (gallons: number) => volumeIn(gallons, volumeUnit);
  const s = raw && {
    ...raw,
    totalGas: v(raw.totalGas),
    totalDiesel: v(raw.totalDiesel),
    total: v(raw.total),
    top: raw.top.map((m) => ({ ...m, total: v(m.total), gas: v(m.gas), diesel: v(m.diesel) })),
  };
  const total = s?.total ?? 0;

  const exportFuel = () =>
    run(async () => {
      const rows = await downloadRowsAsCsv(
        '/api/fuel-usage/export',
        fuelUsageColumnsIn(volumeUnit),
        exportFileName('fuel-usage', companyToday()),
      );
      if (rows === 0)
        toast({
          title: t('fuel.noData'),
          description: t('fuel.noDataBody'),
          variant: 'destructive',
        });
      else toast({ title: t('exportComplete'), description: t('exportedRows', { count: rows }) });
    });

  const doReset = () =>
    reset.mutate(undefined, {
      onSuccess: () => toast({ title: t('fuel.resetDone'), description: t('fuel.resetDoneBody') }),
      onError: (err) => toastFailure(t, t('fuel.resetFailed'), err, t('fuel.resetFailedBody')),
    });

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
        <IconCardTitle icon={Fuel}>{t('fuel.title')}</IconCardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-3 gap-2 text-center">
          {[
            ['gas', s?.totalGas ?? 0],
            ['diesel', s?.totalDiesel ?? 0],
            ['total', total],
          ].map(([key, value]) => (
            <div key={key} className="rounded-md bg-muted p-2">
              <dt className="text-xs text-muted-foreground">{t(`fuel.${String(key)}`)}</dt>
              <dd className="text-lg font-semibold" data-testid={`fuel-${String(key)}`}>
                {formatNumber(Number(value))}{' '}
                <span className="text-xs font-normal">{volumeUnit}</span>
              </dd>
            </div>
          ))}
        </dl>
        <div>
          <h3 className="mb-2 text-sm font-medium">{t('fuel.topConsumers')}</h3>
          {s && s.top.length > 0 ? (
            <div ref={chartSlot.ref}>
              {chartSlot.inView ? (
                <Suspense fallback={CHART_PLACEHOLDER}>
                  <FuelChart
                    top={s.top}
                    unit={volumeUnit}
                    label={t('fuel.chartLabel', { names: s.top.map((m) => m.name).join(', ') })}
                  />
                </Suspense>
              ) : (
                CHART_PLACEHOLDER
              )}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              {summary.isLoading ? tc('loading') : t('fuel.none')}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => void exportFuel()}
            disabled={exporting}
          >
            <Download aria-hidden />
            {t('fuel.export')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setConfirmOpen(true)}
            disabled={total <= 0 || reset.isPending}
          >
            <RotateCcw aria-hidden />
            {t('fuel.reset')}
          </Button>
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={t('fuel.confirmTitle')}
        description={t('fuel.confirmBody')}
        cancelLabel={tc('actions.cancel')}
        confirmLabel={t('fuel.confirmAction')}
        onConfirm={doReset}
        destructive={false}
        closeOnConfirm
      />
    </Card>
  );
}
