import { exportFileName, toCsv } from '@domain/csv';
import type { CostsDto } from '@domain/schemas/work-orders';
import { Download } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { companyToday } from '@/lib/auth';
import { downloadText } from '@/lib/download';
import { CostsByMonthTable } from '@/components/costs-by-month-table';
import { formatNumber, formatUsd } from '@/lib/format';

const CostsChart = lazy(() => import('./costs-chart'));

/** Costs per month (chart, table, CSV) and, for the fleet, the top machines by cost. */
export function CostsPanel({ data, fleet }: { data: CostsDto; fleet: boolean }) {
  const { t } = useTranslation('workOrders');
  const labels = { parts: t('cost.parts'), labor: t('cost.labor'), other: t('cost.other') };
  const onExport = () =>
    downloadText(
      exportFileName('maintenance-costs', companyToday()),
      toCsv(
        [
          { header: 'Month', value: (m: CostsDto['months'][number]) => m.month },
          { header: 'Parts', value: (m) => m.parts },
          { header: 'Labour', value: (m) => m.labor },
          { header: 'Other', value: (m) => m.other },
          { header: 'Total', value: (m) => m.total },
        ],
        data.months,
      ),
    );
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold" data-testid="costs-total">
          {t('cost.totalLine', { amount: formatUsd(data.totals.total) })}
        </p>
        <Button variant="outline" onClick={onExport}>
          <Download aria-hidden /> {t('export')}
        </Button>
      </div>
      <Suspense fallback={<div className="h-64" />}>
        <CostsChart months={data.months} labels={labels} />
      </Suspense>
      <CostsByMonthTable
        months={data.months}
        caption={t('cost.perMonth')}
        labels={{ month: t('cost.month'), ...labels, total: t('cost.total') }}
      />
      {data.machines.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="text-left font-semibold">
              {fleet ? t('cost.topMachines') : t('cost.perUnit')}
            </caption>
            <thead>
              <tr className="text-left">
                <th scope="col">{t('machine')}</th>
                <th scope="col" className="text-right">
                  {t('cost.total')}
                </th>
                <th scope="col" className="text-right">
                  {t('cost.perUnitHead')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.machines.map((m) => (
                <tr key={m.equipmentId} className="border-t">
                  <th scope="row" className="py-1 text-left font-normal">
                    <Link to={`/machines/${m.equipmentId}`} className="underline">
                      {m.name}
                    </Link>
                  </th>
                  <td className="text-right">{formatUsd(m.total)}</td>
                  <td className="text-right">
                    {m.costPerUnit === null
                      ? '—'
                      : t('cost.perUnitValue', {
                          amount: formatUsd(m.costPerUnit),
                          unit: t(`units.${m.unit}`, { defaultValue: m.unit }),
                        })}{' '}
                    <span className="text-muted-foreground">({formatNumber(m.usage)})</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
