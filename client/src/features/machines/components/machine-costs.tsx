import { useQuery } from '@tanstack/react-query';
import type { CostsDto } from '@domain/schemas/work-orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { api } from '@/lib/api';
import { CostsByMonthTable } from '@/components/costs-by-month-table';
import { formatUsd } from '@/lib/format';

/**
 * The machine's maintenance costs over 12 months (issue 27): parts, labour and other per month, the total
 * and the cost per unit of usage. Its code is its own chunk; its data is asked for only when the manager
 * opens the card, so the machine page opens with two requests (issue 24: its figures and cost chart come
 * with the page's own data).
 */
export default function MachineCosts({ id }: { id: string }) {
  const { t } = useTranslation('machines');
  const [open, setOpen] = useState(false);
  const q = useQuery({
    queryKey: ['work-orders', 'costs', 12, id],
    queryFn: () => api.get<CostsDto>(`/api/costs?months=12&equipmentId=${id}`),
    enabled: open,
  });
  const d = q.data;
  const m = d?.machines[0];
  const months = (d?.months ?? []).filter((x) => x.total > 0);
  return (
    <Card className="grid gap-2 p-4" aria-labelledby="machine-costs">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="machine-costs" className="text-lg font-semibold">
          {t('costs.title')}
        </h2>
        <Link to={`/work-orders?equipmentId=${id}`} className="text-sm text-primary underline">
          {t('costs.createWorkOrder')}
        </Link>
      </div>
      <Button
        variant="outline"
        className="w-fit"
        aria-expanded={open}
        aria-controls="machine-costs-detail"
        onClick={() => setOpen((o) => !o)}
      >
        {t(open ? 'costs.hide' : 'costs.show')}
      </Button>
      <div id="machine-costs-detail" className="grid gap-2" hidden={!open}>
        {open && !d && !q.isError && (
          <p className="text-sm text-muted-foreground" role="status">
            {t('costs.loading')}
          </p>
        )}
        {open && q.isError && (
          <p className="text-sm text-destructive" role="alert">
            {t('costs.failed')}
          </p>
        )}
        {open && d && (
          <>
            <p className="font-semibold" data-testid="machine-cost-total">
              {t('costs.total', { amount: formatUsd(d.totals.total) })}
              {m?.costPerUnit != null
                ? ` · ${t('costs.perUnit', { amount: formatUsd(m.costPerUnit), unit: t(`costs.units.${m.unit}`, { defaultValue: m.unit }) })}`
                : ''}
            </p>
            {months.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('costs.none')}</p>
            ) : (
              <CostsByMonthTable
                months={months}
                caption={t('costs.title')}
                labels={{
                  month: t('costs.month'),
                  parts: t('costs.parts'),
                  labor: t('costs.labor'),
                  other: t('costs.other'),
                  total: t('costs.sum'),
                }}
              />
            )}
          </>
        )}
      </div>
    </Card>
  );
}
