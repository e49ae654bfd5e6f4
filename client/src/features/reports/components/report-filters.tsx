import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addInterval } from '@domain/dates';
import { equipmentTypes } from '@domain/kinds';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { companyToday } from '@/lib/auth';
import type { ReportFilter } from '../api/get-utilization';

type Period = '30' | '90' | '365' | 'custom';

/** The period (30 or 90 days, 12 months, custom) and type every report tab shares, and its filter. */
export function useReportFilters() {
  const today = companyToday();
  const [period, setPeriod] = useState<Period>('30');
  const [custom, setCustom] = useState({ from: addInterval(today, -29, 'days'), to: today });
  const [type, setType] = useState('');
  const filter: ReportFilter =
    period === 'custom'
      ? { ...custom, ...(type ? { type } : {}) }
      : {
          from: addInterval(today, -(Number(period) - 1), 'days'),
          to: today,
          ...(type ? { type } : {}),
        };
  return { today, period, setPeriod, custom, setCustom, type, setType, filter };
}
export type ReportFilters = ReturnType<typeof useReportFilters>;

/** The pickers of the period and the type (above every tab; not printed). */
export function ReportFiltersBar({ f }: { f: ReportFilters }) {
  const { t } = useTranslation('reports');
  const { t: te } = useTranslation('equipment');
  // A custom period's first or last day, no later than `max`.
  const dateField = (end: 'from' | 'to', max: string) => (
    <label className="grid gap-1 text-sm">
      <span className="text-muted-foreground">{t(`filters.${end}`)}</span>
      <Input
        type="date"
        className="h-11"
        aria-label={t(`filters.${end}`)}
        max={max}
        value={f.custom[end]}
        onChange={(e) => e.target.value && f.setCustom((c) => ({ ...c, [end]: e.target.value }))}
      />
    </label>
  );
  return (
    <div className="no-print flex flex-wrap items-end gap-4">
      <div role="radiogroup" aria-label={t('filters.period')} className="flex flex-wrap gap-2">
        {(['30', '90', '365', 'custom'] as const).map((p) => (
          <Button
            key={p}
            role="radio"
            aria-checked={f.period === p}
            variant={f.period === p ? 'default' : 'outline'}
            className="h-11"
            onClick={() => f.setPeriod(p)}
          >
            {p === '30'
              ? t('filters.days_30')
              : p === '90'
                ? t('filters.days_90')
                : p === '365'
                  ? t('filters.months_12')
                  : t('filters.custom')}
          </Button>
        ))}
      </div>
      {f.period === 'custom' ? (
        <div className="flex flex-wrap gap-3">
          {dateField('from', f.custom.to)}
          {dateField('to', f.today)}
        </div>
      ) : null}
      <label className="grid gap-1 text-sm">
        <span className="text-muted-foreground">{t('filters.type')}</span>
        <NativeSelect
          className="h-11 min-w-40"
          aria-label={t('filters.type')}
          value={f.type}
          onChange={(e) => f.setType(e.target.value)}
        >
          <option value="">{t('filters.allTypes')}</option>
          {equipmentTypes.map((v) => (
            <option key={v} value={v}>
              {te(`types.${v}`)}
            </option>
          ))}
        </NativeSelect>
      </label>
    </div>
  );
}
