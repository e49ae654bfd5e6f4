import { LogOut, Menu, Truck, User } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { LanguageSelect } from '@/components/language-select';
import { useCurrentUser, useLogout } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { navItemsFor, titleKeyFor } from './nav-items';

// The small screens' menu (a Radix dialog: focus trap, scroll lock) loads when it is first opened.
const MobileMenu = lazy(() => import('./mobile-menu'));

export function Header() {
  const { t } = useTranslation('common');
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  const logout = useLogout();
  const [loggingOut, setLoggingOut] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
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
        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          className="ml-auto shrink-0 xl:hidden"
          aria-label={t('nav.openMenu')}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <Menu className="h-6 w-6" aria-hidden />
        </Button>
        {menuOpen ? (
          <Suspense fallback={null}>
            <MobileMenu
              title={title}
              items={items}
              onClose={() => setMenuOpen(false)}
              returnFocus={() => menuButton.current?.focus()}
              onLogout={() => void onLogout()}
              loggingOut={loggingOut}
            />
          </Suspense>
        ) : null}
      </div>
    </header>
  );
}
