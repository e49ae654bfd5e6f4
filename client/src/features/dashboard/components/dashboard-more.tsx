import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminToolsCard } from './admin-tools-card';
import { EquipmentOverview } from './equipment-overview';
import { FilterBar } from './filter-bar';
import { FuelCard } from './fuel-card';

export { AdminToolsCard };

/**
 * The dashboard below its first screen: the fuel summary, the filtered overview and the admin tools.
 * Its own chunk (with the select menus, the export code and the reset-password form's validation),
 * loaded once the tiles and the latest updates are on screen (routes/dashboard.tsx).
 */
export function DashboardMore({
  filters,
  overview,
}: {
  filters: ComponentProps<typeof FilterBar>;
  overview: ComponentProps<typeof EquipmentOverview>;
}) {
  const { t } = useTranslation('dashboard');
  // Below the first screen: the browser lays these out only when they near the viewport
  // (content-visibility: auto; they stay in the page for find-in-page and screen readers), with a
  // reserved height until then and their real height remembered afterwards.
  const offscreen = '[content-visibility:auto] [contain-intrinsic-block-size:auto_32rem]';
  return (
    <>
      <div className={offscreen}>
        <FuelCard />
      </div>
      <section aria-label={t('overview.title')} className={`grid gap-4 ${offscreen}`}>
        <FilterBar {...filters} />
        <EquipmentOverview {...overview} />
      </section>
      <div className={offscreen}>
        <AdminToolsCard />
      </div>
    </>
  );
}
