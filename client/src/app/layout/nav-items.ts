import {
  Archive,
  BarChart3,
  BookOpen,
  CalendarClock,
  ClipboardCheck,
  ClipboardList,
  CreditCard,
  Home,
  LifeBuoy,
  Mail,
  PlusCircle,
  Upload,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import type { Role } from '@domain/roles';

/** `more`: in the header's "More" menu on wide screens (the owner's header holds the daily links only). */
export type NavItem = { to: string; labelKey: string; icon: LucideIcon; more?: boolean };

const HOME: NavItem = { to: '/', labelKey: 'nav.dashboard', icon: Home };

/** Per-role links (spec section 2). Operators see only the home link (Equipment Updates), profile and logout. */
export function navItemsFor(role: Role): NavItem[] {
  if (role === 'operator') return [{ to: '/', labelKey: 'nav.equipmentUpdates', icon: Home }];
  if (role === 'technician') return [{ to: '/', labelKey: 'nav.myWorkOrders', icon: Wrench }];
  if (role === 'platform_admin')
    return [
      { to: '/admin-accounts', labelKey: 'nav.adminAccounts', icon: Users },
      { to: '/admin-outbox', labelKey: 'nav.adminOutbox', icon: Mail },
    ];
  return [
    HOME,
    { to: '/add-equipment', labelKey: 'nav.addEquipment', icon: PlusCircle },
    { to: '/equipment-list', labelKey: 'nav.equipmentList', icon: ClipboardList },
    { to: '/inspections', labelKey: 'nav.inspections', icon: ClipboardCheck },
    { to: '/work-orders', labelKey: 'nav.workOrders', icon: Wrench },
    { to: '/programs', labelKey: 'nav.programs', icon: CalendarClock, more: true },
    { to: '/parts', labelKey: 'nav.parts', icon: Archive, more: true },
    { to: '/costs', labelKey: 'nav.costs', icon: CreditCard, more: true },
    { to: '/reports', labelKey: 'nav.reports', icon: BarChart3, more: true },
    { to: '/import', labelKey: 'nav.import', icon: Upload, more: true },
    { to: '/employees', labelKey: 'nav.operators', icon: Users, more: true },
    { to: '/subscription', labelKey: 'nav.subscription', icon: CreditCard, more: true },
    { to: '/instructions', labelKey: 'nav.instructions', icon: BookOpen, more: true },
    { to: '/contact', labelKey: 'nav.contact', icon: LifeBuoy, more: true },
    { to: '/retired-equipment', labelKey: 'nav.retiredEquipment', icon: Archive, more: true },
  ];
}

/** Page titles by path (and `?edit=` for the edit form); unknown paths are titled Dashboard. */
export function titleKeyFor(pathname: string, role: Role, search = ''): string {
  if (role === 'operator' && pathname !== '/profile') return 'titles.equipmentUpdates';
  if (role === 'technician' && pathname !== '/profile' && !pathname.startsWith('/work-orders/'))
    return 'titles.myWorkOrders';
  if (pathname.startsWith('/work-orders/')) return 'titles.workOrder';
  // Both addresses of the form ("Edit" from a machine's menu opens /add-equipment?edit=).
  if (
    (pathname === '/add' || pathname === '/add-equipment') &&
    new URLSearchParams(search).has('edit')
  )
    return 'titles.editEquipment';
  const map: Record<string, string> = {
    '/': 'titles.dashboard',
    '/add-equipment': 'titles.addEquipment',
    '/add': 'titles.addEquipment',
    '/equipment-list': 'titles.equipmentList',
    '/import': 'titles.import',
    '/employees': 'titles.operators',
    '/subscription': 'titles.subscription',
    '/instructions': 'titles.instructions',
    '/contact': 'titles.contact',
    '/profile': 'titles.profile',
    '/settings': 'titles.settings',
    '/retired-equipment': 'titles.retiredEquipment',
    '/due-soon': 'titles.dueSoon',
    '/work-orders': 'titles.workOrders',
    '/parts': 'titles.parts',
    '/costs': 'titles.costs',
    '/programs': 'titles.programs',
    '/reports': 'titles.reports',
    '/integrations': 'titles.integrations',
    '/admin-accounts': 'titles.adminAccounts',
    '/admin-outbox': 'titles.adminOutbox',
    '/security-questions': 'titles.securityQuestions',
  };
  if (pathname.startsWith('/equipment/')) return 'titles.equipmentByStatus';
  // A machine's page, and its sticker's link that opens it (issue 24).
  if (pathname.startsWith('/machines/') || pathname.startsWith('/m/')) return 'titles.machine';
  if (pathname === '/labels') return 'titles.printLabels';
  if (pathname.startsWith('/checkout/')) return 'titles.checkout';
  if (pathname === '/inspections') return 'titles.inspections';
  if (pathname.startsWith('/inspections/report/')) return 'titles.inspectionReport';
  return map[pathname] ?? 'titles.dashboard';
}
