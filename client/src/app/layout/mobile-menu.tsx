import { LogOut, User, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { LanguageSelect } from '@/components/language-select';
import { roleLabelKey, useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/utils';
import type { NavItem } from './nav-items';

/**
 * The small screens' menu, a side sheet. Its own chunk, loaded when the header's menu button is first
 * pressed (the dialog's focus trap and scroll lock are not on any first screen, page speed ADR 0007);
 * mounted open, and closing it unmounts it (the focus goes back to the header's button).
 */
export default function MobileMenu({
  title,
  items,
  onClose,
  returnFocus,
  onLogout,
  loggingOut,
}: {
  title: string;
  items: NavItem[];
  onClose: () => void;
  /** Where the focus goes when the menu has closed (there is no Radix trigger to return to). */
  returnFocus: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  const { t } = useTranslation('common');
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <DialogPrimitive.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <DialogPrimitive.Content
          className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-2 bg-white p-4 shadow-xl"
          // Runs as the menu unmounts, once its focus trap is gone: the header's button gets the focus.
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus();
          }}
        >
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('actions.close')}>
                <X className="h-5 w-5" aria-hidden />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Description className="sr-only">
            {t('nav.menuDescription')}
          </DialogPrimitive.Description>
          <nav aria-label={t('nav.main')} className="flex flex-col gap-1">
            {items.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.to === '/'}
                onClick={onClose}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-md px-3 py-2.5 font-medium',
                    isActive ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
                  )
                }
              >
                <item.icon className="h-5 w-5" aria-hidden />
                {t(item.labelKey)}
              </NavLink>
            ))}
          </nav>
          <div className="mt-auto flex flex-col gap-2 border-t pt-3">
            <Link
              to="/profile"
              onClick={onClose}
              className="flex items-center gap-3 rounded-md px-3 py-2 hover:bg-muted"
            >
              <User className="h-5 w-5" aria-hidden />
              <span className="flex flex-col">
                <span className="font-medium">{t('nav.profile')}</span>
                <span className="text-xs text-muted-foreground">{t(roleLabelKey(user.role))}</span>
              </span>
            </Link>
            <LanguageSelect className="px-3" />
            <Button variant="outline" onClick={onLogout} disabled={loggingOut}>
              <LogOut aria-hidden />
              {loggingOut ? t('actions.loggingOut') : t('actions.logout')}
            </Button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
