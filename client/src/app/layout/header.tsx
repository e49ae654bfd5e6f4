import { ChevronDown, Menu, Truck, User } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { LazyDropdown } from '@/components/ui/lazy-dropdown';
import { LanguageSelect } from '@/components/language-select';
import { useCurrentUser, useLogout } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { navItemsFor, titleKeyFor } from './nav-items';

const navLinkClass =
  'whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
// The desktop dropdowns (More, account) load on the first press of their trigger, then open at once
// (components/ui/lazy-dropdown.tsx).
const headerMenus = () => import('./header-menus');
// The small screens' menu (a Radix dialog: focus trap, scroll lock) loads when it is first opened.
const MobileMenu = lazy(() => import('./mobile-menu'));

export function Header() {
  const { t } = useTranslation('common');
  const { user } = useCurrentUser();
  const { pathname, search } = useLocation();
  const logout = useLogout();
  const [loggingOut, setLoggingOut] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  if (!user) return null;
  const items = navItemsFor(user.role);
  const moreItems = items.filter((item) => item.more);
  const moreActive = moreItems.some((item) => pathname === item.to);
  const title = t(titleKeyFor(pathname, user.role, search));
  const displayName =
    [user.firstName, user.lastName].filter(Boolean).join(' ') ||
    user.operatorUsername ||
    user.businessName ||
    user.email ||
    '';

  const moreTrigger = (
    <button
      type="button"
      aria-haspopup="menu"
      className={cn(
        navLinkClass,
        'inline-flex items-center gap-1',
        moreActive ? 'bg-accent text-accent-foreground' : 'text-slate-700',
      )}
    >
      {t('nav.more')}
      <ChevronDown className="h-4 w-4" aria-hidden />
    </button>
  );
  const accountTrigger = (
    <Button
      variant="ghost"
      size="sm"
      aria-haspopup="menu"
      aria-label={t('nav.account', { name: displayName })}
      className={cn(pathname === '/profile' && 'bg-accent text-accent-foreground')}
    >
      <User aria-hidden />
      <span className="max-w-40 truncate">{displayName}</span>
      <ChevronDown aria-hidden />
    </Button>
  );

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
          {items
            .filter((item) => !item.more)
            .map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.to === '/'}
                className={({ isActive }) =>
                  cn(navLinkClass, isActive ? 'bg-accent text-accent-foreground' : 'text-slate-700')
                }
              >
                {t(item.labelKey)}
              </NavLink>
            ))}
          {moreItems.length > 0 ? (
            <LazyDropdown
              trigger={moreTrigger}
              load={headerMenus}
              menu={(m, trigger) => (
                <m.MoreMenu trigger={trigger} items={moreItems} pathname={pathname} />
              )}
            />
          ) : null}
        </nav>
        <div className="ml-auto hidden shrink-0 items-center gap-1.5 xl:flex">
          <LanguageSelect />
          {/* One account menu: profile, settings and a labelled Logout (issue 26). */}
          <LazyDropdown
            trigger={accountTrigger}
            load={headerMenus}
            menu={(m, trigger) => (
              <m.AccountMenu
                trigger={trigger}
                role={user.role}
                loggingOut={loggingOut}
                onLogout={() => void onLogout()}
              />
            )}
          />
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
