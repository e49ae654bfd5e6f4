import { partsText } from '@domain/csv';
import type { EquipmentDto } from '@domain/schemas/equipment';
import type { MachinePageDto } from '@domain/schemas/machine-page';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatUsage } from '@/components/equipment/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate, formatDateTime, formatUsd } from '@/lib/format';
import { useStarterText } from '@/lib/starter-text';

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id} role="region" data-testid={id}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0 pb-2">
        <CardTitle id={id} className="text-base">
          {title}
        </CardTitle>
        {action}
      </CardHeader>
      <CardContent className="text-sm">{children}</CardContent>
    </Card>
  );
}

/** The service log (parts, costs), inspections and open defects, service parts and description. */
export function MachineSections({
  equipment: e,
  page,
}: {
  equipment: EquipmentDto;
  page: MachinePageDto;
}) {
  const { t } = useTranslation('machines');
  const { t: te } = useTranslation('equipment');
  const st = useStarterText();
  const none = <p className="text-muted-foreground">{t('sections.none')}</p>;
  return (
    <div className="grid content-start gap-3">
      <Section id="service-log" title={t('sections.serviceLog')}>
        {page.services.length === 0 ? (
          none
        ) : (
          <ul className="divide-y">
            {page.services.map((s) => (
              <li key={s.id} className="grid gap-0.5 py-2 first:pt-0">
                <div className="flex flex-wrap justify-between gap-x-3">
                  <span className="font-medium">{formatDate(s.serviceDate)}</span>
                  {s.cost !== null ? (
                    <span className="font-medium">{formatUsd(s.cost)}</span>
                  ) : null}
                </div>
                <span className="text-muted-foreground">
                  {[
                    s.usage !== null && e.unit !== 'n/a' ? formatUsage(te, s.usage, e.unit) : null,
                    s.performedBy,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                {s.parts.length ? (
                  <span>
                    {t('sections.parts')}: {partsText(s.parts)}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section
        id="inspections-section"
        title={t('sections.inspections')}
        action={
          <Link className="text-sm text-primary underline" to={`/inspections/report/${e.id}`}>
            {te('actions.inspectionReport')}
          </Link>
        }
      >
        {page.openDefects.length ? (
          <div className="mb-3 grid gap-1">
            <h3 className="font-semibold">{t('sections.openDefects')}</h3>
            <ul className="grid gap-1">
              {page.openDefects.map((d) => (
                <li key={d.id}>
                  {d.critical ? (
                    <span className="mr-1 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-900">
                      {t('sections.critical')}
                    </span>
                  ) : null}
                  <span className="font-medium">{st(d.itemLabel)}</span>
                  {d.note ? `: ${d.note}` : ''}
                  <span className="block text-xs text-muted-foreground">
                    {formatDateTime(d.at)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {page.inspections.length === 0 ? (
          none
        ) : (
          <ul className="divide-y">
            {page.inspections.map((i) => (
              <li key={i.id} className="flex flex-wrap justify-between gap-x-3 py-1.5">
                <span>
                  <span className="font-medium">{st(i.templateName)}</span>
                  <span className="block text-xs text-muted-foreground">
                    {formatDateTime(i.at)} · {i.operatorName}
                  </span>
                </span>
                <span className={i.failedCount ? 'font-medium text-red-700' : 'text-green-800'}>
                  {i.failedCount
                    ? t('sections.failed', { count: i.failedCount })
                    : t('sections.passed')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="service-parts" title={t('sections.serviceParts')}>
        {e.serviceParts.length === 0 ? (
          none
        ) : (
          <ul className="grid gap-1">
            {e.serviceParts.map((p, i) => {
              // The catalogue part it is, with its stock, or "not in the parts list" (issue 43).
              const stock = page.serviceStock[i] ?? null;
              return (
                <li key={i} className="[overflow-wrap:anywhere]" data-testid="service-part">
                  {p.part}
                  {p.partNumber ? (
                    <span className="text-muted-foreground"> · {p.partNumber}</span>
                  ) : null}
                  {p.qty ? <span className="text-muted-foreground"> × {p.qty}</span> : null}
                  <span
                    className={
                      stock
                        ? 'block text-xs text-muted-foreground'
                        : 'block text-xs text-orange-800'
                    }
                  >
                    {stock
                      ? te('service.onHand', { count: stock.onHand, unit: stock.unit })
                      : te('form.noCataloguePart')}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </Section>
      <Section id="description" title={t('sections.description')}>
        {e.description ? (
          <p className="whitespace-pre-wrap wrap-anywhere">{e.description}</p>
        ) : (
          none
        )}
      </Section>
    </div>
  );
}
