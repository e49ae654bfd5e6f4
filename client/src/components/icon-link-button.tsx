import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, type ButtonProps } from '@/components/ui/button';

/** A link to a page of the app that looks like a button, its icon before the words. */
export function IconLinkButton({
  to,
  icon: Icon,
  children,
  ...button
}: { to: string; icon: LucideIcon; children: ReactNode } & Omit<
  ButtonProps,
  'asChild' | 'children'
>) {
  return (
    <Button asChild {...button}>
      <Link to={to}>
        <Icon aria-hidden />
        {children}
      </Link>
    </Button>
  );
}
