import { LogOut, Menu, Truck, User, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { LanguageSelect } from '@/components/language-select';
import { roleLabelKey, useCurrentUser, useLogout } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { navItemsFor, titleKeyFor } from './nav-items';

export function Header() {
  const { t } = useTranslation('common');
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  const logout = useLogout();
  const [loggingOut, setLoggingOut] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  if (!user) return null;
  const items = navItemsFor(user.role);
  const title = t(titleKeyFor(pathname, user.role));
  const displayName =
    [user.firstName, user.lastName].filter(Boolean).join(' ') ||
    user.operatorUsername ||
    user.businessName ||
    user.email ||
    '';

  const onLogout = async () => {
    setLoggingOut(true);
    await logout();
  };

  return (
    <header className="sticky top-0 z-40 border-b bg-white/95 backdrop-blur no-print">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-3 md:px-6">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 font-semibold text-primary"
          aria-label={t('appName')}
        >
          <Truck className="h-6 w-6" aria-hidden />
          <span className="hidden whitespace-nowrap sm:inline xl:hidden 2xl:inline">
            {t('appName')}
          </span>
        </Link>
        <span className="truncate border-l pl-3 font-semibold sm:ml-1 xl:hidden" aria-hidden>
          {title}
        </span>
        <nav
          aria-label={t('nav.main')}
          className="ml-2 hidden min-w-0 flex-1 items-center gap-0.5 xl:flex"
        >
          {items.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === '/'}
              className={({ isActive }) =>
                cn(
                  'whitespace-nowrap rounded-md px-1 py-2 text-[0.8125rem] font-medium hover:bg-accent 2xl:px-2.5 2xl:text-sm',
                  isActive ? 'bg-accent text-accent-foreground' : 'text-slate-700',
                )
              }
            >
              {t(item.labelKey)}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto hidden shrink-0 items-center gap-1.5 xl:flex">
          <LanguageSelect />
          <Button
            asChild
            variant="ghost"
            size="sm"
            className={cn(pathname === '/profile' && 'bg-accent text-accent-foreground')}
          >
            <Link to="/profile" aria-label={t('nav.profile')} title={displayName}>
              <User aria-hidden />
              <span className="hidden max-w-28 truncate 2xl:inline">{displayName}</span>
            </Link>
          </Button>
          {/* Icon only below 2xl: the owner's ten links need the room at 1280 px. */}
          <Button
            variant="outline"
            size="sm"
            onClick={() => void onLogout()}
            disabled={loggingOut}
            aria-label={loggingOut ? t('actions.loggingOut') : t('actions.logout')}
            title={t('actions.logout')}
          >
            <LogOut aria-hidden />
            <span className="hidden 2xl:inline">
              {loggingOut ? t('actions.loggingOut') : t('actions.logout')}
            </span>
          </Button>
        </div>
        <DialogPrimitive.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <DialogPrimitive.Trigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="ml-auto shrink-0 xl:hidden"
              aria-label={t('nav.openMenu')}
            >
              <Menu className="h-6 w-6" aria-hidden />
            </Button>
          </DialogPrimitive.Trigger>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
            <DialogPrimitive.Content className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-2 bg-white p-4 shadow-xl">
              <div className="flex items-center justify-between">
                <DialogPrimitive.Title className="text-lg font-semibold">
                  {title}
                </DialogPrimitive.Title>
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
                    onClick={() => setMenuOpen(false)}
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
                  onClick={() => setMenuOpen(false)}
                  className="flex items-center gap-3 rounded-md px-3 py-2 hover:bg-muted"
                >
                  <User className="h-5 w-5" aria-hidden />
                  <span className="flex flex-col">
                    <span className="font-medium">{t('nav.profile')}</span>
                    <span className="text-xs text-muted-foreground">
                      {t(roleLabelKey(user.role))}
                    </span>
                  </span>
                </Link>
                <LanguageSelect className="px-3" />
                <Button variant="outline" onClick={() => void onLogout()} disabled={loggingOut}>
                  <LogOut aria-hidden />
                  {loggingOut ? t('actions.loggingOut') : t('actions.logout')}
                </Button>
              </div>
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>
      </div>
    </header>
  );
}
