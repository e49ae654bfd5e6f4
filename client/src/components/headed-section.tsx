import type { ReactNode } from 'react';

/**
 * A section named by its heading (`aria-labelledby` its `id`): the heading (`level`, h2 unless told,
 * classed `headingClassName`), then the content, or instead `none` (a muted line) when it is given, as a
 * list does when it has nothing to show.
 */
export function HeadedSection({
  id,
  heading,
  level: Heading = 'h2',
  headingClassName,
  className,
  none,
  children,
  ...rest
}: {
  id: string;
  heading: ReactNode;
  level?: 'h2' | 'h3';
  headingClassName: string;
  className?: string;
  none?: string | null | undefined;
  children?: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <section aria-labelledby={id} className={className} {...rest}>
      <Heading id={id} className={headingClassName}>
        {heading}
      </Heading>
      {none != null ? <p className="text-sm text-muted-foreground">{none}</p> : children}
    </section>
  );
}
