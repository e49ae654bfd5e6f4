import { LogOut, Settings, User, type LucideIcon } from 'lucide-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { roleLabelKey } from '@/lib/auth';
import { cn } from '@/lib/utils';

/**
 * The desktop header's two dropdown menus (More, and the account menu), made of the app's dropdown
 * primitives (components/ui/dropdown-menu.tsx). Radix's menu and its positioning weigh about 37 KB
 * gzip, so this file loads on the first press of either trigger (header.tsx, through
 * components/ui/lazy-dropdown.tsx), which then opens the menu at once (`defaultOpen`).
 */
const menuClass = 'grid min-w-52 gap-0.5 no-print';

export function MoreMenu({
  trigger,
  items,
  pathname,
}: {
  trigger: ReactElement;
  items: { to: string; labelKey: string; icon: LucideIcon }[];
  pathname: string;
}) {
  const { t } = useTranslation('common');
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="start" sideOffset={6} className={menuClass}>
        {items.map((item) => (
          <DropdownMenuItem key={item.to} asChild>
            <Link to={item.to} className={cn(pathname === item.to && 'bg-accent')}>
              <item.icon aria-hidden />
              {t(item.labelKey)}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function AccountMenu({
  trigger,
  role,
  loggingOut,
  onLogout,
}: {
  trigger: ReactElement;
  role: string;
  loggingOut: boolean;
  onLogout: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" sideOffset={6} className={menuClass}>
        <DropdownMenuLabel>{t(roleLabelKey(role))}</DropdownMenuLabel>
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <User aria-hidden />
            {t('nav.profile')}
          </Link>
        </DropdownMenuItem>
        {role === 'owner' || role === 'manager' ? (
          <DropdownMenuItem asChild>
            <Link to="/settings">
              <Settings aria-hidden />
              {t('nav.settings')}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={loggingOut} onSelect={onLogout}>
          <LogOut aria-hidden />
          {loggingOut ? t('actions.loggingOut') : t('actions.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
