import { LogOut, Settings, User, type LucideIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';

/**
 * The desktop header's two dropdown menus (More, and the account menu). Radix's menu and its
 * positioning weigh about 37 KB gzip, so this file loads on the first press of either trigger
 * (header.tsx), which then opens the menu at once (`defaultOpen`): first screens stay within their
 * JavaScript budget (ADR 0007).
 */
const menuClass =
  'z-50 grid min-w-52 gap-0.5 rounded-md border bg-white p-1 text-sm shadow-lg no-print';
const menuItemClass =
  'flex min-h-10 cursor-pointer items-center gap-2 rounded-sm px-2 py-2 outline-none data-[highlighted]:bg-accent data-[disabled]:opacity-50 [&_svg]:h-4 [&_svg]:w-4';

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
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={6} className={menuClass}>
          {items.map((item) => (
            <DropdownMenu.Item key={item.to} asChild>
              <Link to={item.to} className={cn(menuItemClass, pathname === item.to && 'bg-accent')}>
                <item.icon aria-hidden />
                {t(item.labelKey)}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function AccountMenu({
  trigger,
  roleLabel,
  hasSettings,
  loggingOut,
  onLogout,
}: {
  trigger: ReactElement;
  roleLabel: string;
  hasSettings: boolean;
  loggingOut: boolean;
  onLogout: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuClass}>
          <DropdownMenu.Label className="px-2 py-1 text-xs text-muted-foreground">
            {roleLabel}
          </DropdownMenu.Label>
          <DropdownMenu.Item asChild>
            <Link to="/profile" className={menuItemClass}>
              <User aria-hidden />
              {t('nav.profile')}
            </Link>
          </DropdownMenu.Item>
          {hasSettings ? (
            <DropdownMenu.Item asChild>
              <Link to="/settings" className={menuItemClass}>
                <Settings aria-hidden />
                {t('nav.settings')}
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={menuItemClass} disabled={loggingOut} onSelect={onLogout}>
            <LogOut aria-hidden />
            {loggingOut ? t('actions.loggingOut') : t('actions.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
