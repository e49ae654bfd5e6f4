import { AlertTriangle, ClipboardCheck, OctagonAlert } from 'lucide-react';
import { MachineLink } from '@/components/equipment/machine-link';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CriticalBadge } from '@/components/critical-badge';
import { CountBadge } from '@/components/count-badge';
import { HeadedSection } from '@/components/headed-section';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useInspectionsSummary } from '../api/inspections-summary';
import { useStarterText } from '@/lib/starter-text';

const SHOWN = 5;
/** Each of the card's three lists: an h3 with its icon and count. */
const SECTION = {
  level: 'h3',
  headingClassName: 'flex items-center gap-2 font-medium',
  className: 'grid content-start gap-2',
} as const;

/**
 * Pre-use inspections on the dashboard (issue 16): open defects with the machine, the inspection and
 * the photo; machines out of service; machines with a daily checklist not inspected today. Shown only
 * when there is something to show (a company without checklists sees no change).
 */
export function InspectionsCard() {
  const { t } = useTranslation('inspections');
  const st = useStarterText();
  const { data } = useInspectionsSummary();
  if (!data) return null;
  const { openDefects, outOfService, notInspectedToday, notInspectedTotal } = data;
  if (openDefects.length + outOfService.length + notInspectedTotal === 0) return null;
  return (
    <Card aria-labelledby="inspections-card-title">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 pb-2">
        <CardTitle id="inspections-card-title" className="flex items-center gap-2 text-lg">
          <ClipboardCheck className="h-5 w-5 text-primary" aria-hidden />
          {t('card.title')}
        </CardTitle>
        <Button asChild size="sm" variant="outline">
          <Link to="/inspections">{t('card.open')}</Link>
        </Button>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <HeadedSection
          {...SECTION}
          id="card-defects"
          heading={
            <>
              <AlertTriangle className="h-4 w-4 text-red-700" aria-hidden />
              {t('defects.title')}
              <CountBadge count={openDefects.length} />
            </>
          }
        >
          <ul className="grid gap-2">
            {openDefects.slice(0, SHOWN).map((d) => (
              <li key={d.id} className="flex gap-2 text-sm">
                {d.hasPhoto ? (
                  <img
                    src={`/api/defects/${d.id}/photo`}
                    alt={t('defects.photoOf', { item: st(d.itemLabel) })}
                    className="h-12 w-12 shrink-0 rounded object-cover"
                    loading="lazy"
                  />
                ) : null}
                <div className="min-w-0">
                  <p>
                    <MachineLink id={d.equipmentId}>{d.equipmentName}</MachineLink>:{' '}
                    {st(d.itemLabel)}
                    <CriticalBadge critical={d.critical} className="ml-1" />
                  </p>
                  <p className="truncate text-xs text-muted-foreground">
                    {d.reported ? t('defects.phoneReport') : st(d.templateName)} · {d.operatorName}{' '}
                    · {formatDateTime(d.createdAt)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </HeadedSection>
        <HeadedSection
          {...SECTION}
          id="card-oos"
          heading={
            <>
              <OctagonAlert className="h-4 w-4 text-red-700" aria-hidden />
              {t('outOfService.listTitle')}
              <CountBadge count={outOfService.length} />
            </>
          }
        >
          <ul className="grid gap-1 text-sm">
            {outOfService.slice(0, SHOWN).map((m) => (
              <li key={m.id}>
                <MachineLink id={m.id}>{m.name}</MachineLink>
                <span className="text-muted-foreground"> · {m.reason}</span>
              </li>
            ))}
          </ul>
        </HeadedSection>
        <HeadedSection
          {...SECTION}
          id="card-not-inspected"
          heading={
            <>
              {t('notInspected.title')}
              <CountBadge count={notInspectedTotal} variant="warning" />
            </>
          }
        >
          <ul className="grid gap-1 text-sm">
            {notInspectedToday.slice(0, SHOWN).map((m) => (
              <li key={m.id}>
                <MachineLink id={m.id}>{m.name}</MachineLink>
              </li>
            ))}
            {notInspectedTotal > SHOWN ? (
              <li className="text-muted-foreground">
                {t('notInspected.more', { count: notInspectedTotal - SHOWN })}
              </li>
            ) : null}
          </ul>
        </HeadedSection>
      </CardContent>
    </Card>
  );
}
