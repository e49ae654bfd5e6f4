import type { LucideIcon } from 'lucide-react';
import { Fragment, type ReactElement } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

/** One entry of a machine's More menu; `separated` draws a line above it. */
export type MoreMenuItem = {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  separated?: boolean;
  destructive?: boolean;
};

/**
 * A machine row's More menu (equipment-actions.tsx). Loaded on the first press of its trigger, which it
 * then opens at once (components/ui/lazy-dropdown.tsx): a list of 50 machines renders 50 plain buttons,
 * not 50 menus, and Radix's menu code stays out of the screen until a menu is used (ADR 0007).
 */
export default function EquipmentMoreMenu({
  trigger,
  items,
}: {
  trigger: ReactElement;
  items: readonly MoreMenuItem[];
}) {
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent>
        {items.map(({ label, icon: Icon, onSelect, separated, destructive }) => (
          <Fragment key={label}>
            {separated ? <DropdownMenuSeparator /> : null}
            <DropdownMenuItem
              onSelect={onSelect}
              className={destructive ? 'text-destructive focus:text-destructive' : undefined}
            >
              <Icon aria-hidden /> {label}
            </DropdownMenuItem>
          </Fragment>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
