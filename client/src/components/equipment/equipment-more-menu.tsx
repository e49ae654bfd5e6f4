import type { LucideIcon } from 'lucide-react';
import { Fragment, type ReactElement } from 'react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

/**
 * One entry of a More menu: an action (`onSelect`) or a link (`to`); `separated` draws a line above it.
 * Entries that are `false` are left out (the caller's conditions).
 */
export type MoreMenuItem = {
  label: string;
  icon: LucideIcon;
  separated?: boolean;
  destructive?: boolean;
} & ({ onSelect: () => void; to?: never } | { to: string; onSelect?: never });

/**
 * A More menu: a machine row's (equipment-actions.tsx), the machine page's (machine-more-menu.tsx), a
 * document's (document-menu.tsx). Loaded on the first press of its trigger, which it
 * then opens at once (components/ui/lazy-dropdown.tsx): a list of 50 machines renders 50 plain buttons,
 * not 50 menus, and Radix's menu code stays out of the screen until a menu is used (ADR 0007).
 */
export default function EquipmentMoreMenu({
  trigger,
  items,
}: {
  trigger: ReactElement;
  items: readonly (MoreMenuItem | false)[];
}) {
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent>
        {items.map((item) => {
          if (!item) return null;
          const { label, icon: Icon, onSelect, to, separated, destructive } = item;
          const content = (
            <>
              <Icon aria-hidden /> {label}
            </>
          );
          return (
            <Fragment key={label}>
              {separated ? <DropdownMenuSeparator /> : null}
              {to !== undefined ? (
                <DropdownMenuItem asChild>
                  <Link to={to}>{content}</Link>
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem
                  onSelect={onSelect}
                  className={destructive ? 'text-destructive focus:text-destructive' : undefined}
                >
                  {content}
                </DropdownMenuItem>
              )}
            </Fragment>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
