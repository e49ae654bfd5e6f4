import type { EquipmentDto } from '@domain/schemas/equipment';
import { pastDueWord } from '@domain/status-words';
import { useTranslation } from 'react-i18next';
import { EquipmentActions } from '@/components/equipment/equipment-actions';
import { formatUsage, shortId } from '@/components/equipment/format';
import { OutOfServiceBadge, StatusBadge } from '@/components/equipment/status-badge';
import { TypeIcon } from '@/components/equipment/type-icon';
import { MachineLink } from '@/components/equipment/machine-link';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { DataTable, DetailItem } from '@/components/data-table';
import { formatDate } from '@/lib/format';
import { ForecastText } from '@/components/equipment/forecast-text';
import { EquipmentNameCell } from './equipment-name-cell';

type T = ReturnType<typeof useTranslation<'equipment'>>['t'];

function NextMaintenance({ e, t }: { e: EquipmentDto; t: T }) {
  const days = e.status.daysUntilMaintenance;
  if (!e.nextMaintenanceDate)
    return e.forecast?.basis === 'usage' || e.forecast?.noUsageForecast ? (
      <ForecastText e={e} />
    ) : (
      <span className="text-muted-foreground">—</span>
    );
  return (
    <span>
      {formatDate(e.nextMaintenanceDate)}
      {days !== null && (
        <span
          className={
            days < 0 ? 'block text-xs text-red-700' : 'block text-xs text-muted-foreground'
          }
        >
          {days < 0
            ? t('list.overdueBy', { count: -days })
            : days === 0
              ? t('list.today')
              : t('list.dueIn', { count: days })}
        </span>
      )}
      {e.forecast?.basis === 'usage' ? <ForecastText e={e} /> : null}
    </span>
  );
}

function UsageCell({ e, t }: { e: EquipmentDto; t: T }) {
  return (
    <span>
      <span className="font-medium">{formatUsage(t, e.currentUsage, e.unit)}</span>
      {e.status.overdueUsage !== null ? (
        <span className="block text-xs font-medium text-red-700">
          {t(pastDueWord(e.status) === 'overdue' ? 'list.overdueUsage' : 'list.pastDueUsage', {
            value: formatUsage(t, e.status.overdueUsage, e.unit),
          })}
        </span>
      ) : (
        e.status.remainingUsage !== null && (
          <span className="block text-xs text-muted-foreground">
            {t('list.remaining', { value: formatUsage(t, e.status.remainingUsage, e.unit) })}
          </span>
        )
      )}
      {e.status.lifespanWarning && (
        <span className="block text-xs font-medium text-orange-800">
          {t('list.lifespanWarning')}
        </span>
      )}
    </span>
  );
}

/** The equipment list: a table at 1024 px and wider, cards below. Without `actions`: the table only (for printing). */
export type Selection = { selected: ReadonlySet<string>; toggle: (id: string) => void };

/** A machine's select box (labels for the selected machines). */
function SelectBox({ e, selection, t }: { e: EquipmentDto; selection: Selection; t: T }) {
  return (
    <Checkbox
      checked={selection.selected.has(e.id)}
      onCheckedChange={() => selection.toggle(e.id)}
      aria-label={t('list.select', { name: e.name })}
      className="h-6 w-6"
    />
  );
}

export function EquipmentTable({
  items,
  actions = true,
  selection,
}: {
  items: EquipmentDto[];
  actions?: boolean;
  /** Select boxes on each machine (the Equipment List). */
  selection?: Selection;
}) {
  const { t } = useTranslation('equipment');
  return (
    <>
      <div className="hidden lg:block print:block">
        <Card>
          <DataTable
            rows={items}
            rowKey={(e) => e.id}
            rowProps={() => ({ 'data-testid': 'equipment-row' })}
            columns={[
              selection && {
                key: 'select',
                head: <span className="sr-only">{t('list.selectColumn')}</span>,
                className: 'no-print',
                headClassName: 'w-10',
                cell: (e) => <SelectBox e={e} selection={selection} t={t} />,
              },
              {
                key: 'name',
                head: t('columns.name'),
                cell: (e) => (
                  <EquipmentNameCell
                    type={e.type}
                    name={e.name}
                    id={e.id}
                    serialNumber={e.serialNumber}
                  />
                ),
              },
              {
                key: 'type',
                head: t('columns.type'),
                cell: (e) => t(`types.${e.type}`, { defaultValue: e.type }),
              },
              {
                key: 'usage',
                head: t('columns.currentUsage'),
                cell: (e) => <UsageCell e={e} t={t} />,
              },
              {
                key: 'status',
                head: t('columns.status'),
                cell: (e) => (
                  <>
                    <StatusBadge status={e.status} />
                    <OutOfServiceBadge outOfService={e.outOfService} />
                  </>
                ),
              },
              {
                key: 'fuel',
                head: t('columns.fuelType'),
                cell: (e) => t(`fuel.${e.fuelType}`, { defaultValue: e.fuelType }),
              },
              {
                key: 'next',
                head: t('columns.nextMaintenance'),
                cell: (e) => <NextMaintenance e={e} t={t} />,
              },
              actions && {
                key: 'actions',
                head: t('columns.actions'),
                className: 'no-print',
                cell: (e) => <EquipmentActions equipment={e} className="flex-nowrap" />,
              },
            ]}
          />
        </Card>
      </div>
      {actions ? (
        <ul
          className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:hidden print:hidden"
          aria-label={t('statusPage.all')}
        >
          {items.map((e) => (
            <li key={e.id}>
              <Card className="grid grid-cols-1 gap-3 p-4" data-testid="equipment-card">
                <div className="flex min-w-0 items-start gap-2">
                  {selection ? <SelectBox e={e} selection={selection} t={t} /> : null}
                  <TypeIcon type={e.type} className="mt-0.5 h-6 w-6 shrink-0" />
                  <div className="grid min-w-0 gap-1">
                    <h3 className="font-semibold wrap-anywhere">
                      <MachineLink id={e.id} className="font-semibold">
                        {e.name}
                      </MachineLink>
                    </h3>
                    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <StatusBadge status={e.status} />
                      <OutOfServiceBadge outOfService={e.outOfService} />
                      <p className="text-xs text-muted-foreground">
                        <span className="whitespace-nowrap">
                          {t(`types.${e.type}`, { defaultValue: e.type })}
                        </span>
                        {' · '}
                        <span className="whitespace-nowrap">
                          {t('columns.id')} {shortId(e.id)}
                        </span>
                        {e.serialNumber ? (
                          <>
                            {' · '}
                            <span>
                              {t('columns.serial')} {e.serialNumber}
                            </span>
                          </>
                        ) : null}
                      </p>
                    </div>
                  </div>
                </div>
                <dl className="grid grid-cols-2 gap-2 text-sm">
                  <DetailItem label={t('columns.currentUsage')}>
                    <UsageCell e={e} t={t} />
                  </DetailItem>
                  <DetailItem label={t('columns.nextMaintenance')}>
                    <NextMaintenance e={e} t={t} />
                  </DetailItem>
                  <DetailItem label={t('columns.fuelType')}>
                    {t(`fuel.${e.fuelType}`, { defaultValue: e.fuelType })}
                  </DetailItem>
                </dl>
                <EquipmentActions equipment={e} className="border-t pt-2" />
              </Card>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
