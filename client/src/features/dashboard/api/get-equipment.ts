import { useQuery } from '@tanstack/react-query';
import { equipmentListQueryOptions } from '@/components/equipment/equipment-queries';
import { useCurrentUser } from '@/lib/auth';

/** All active equipment with its computed status (the tiles count it, the overview filters it); only when signed in. */
export function useDashboardEquipment() {
  const { isAuthenticated } = useCurrentUser();
  return useQuery({ ...equipmentListQueryOptions({}), enabled: isAuthenticated });
}
