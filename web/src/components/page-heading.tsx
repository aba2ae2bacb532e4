import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The one h1 of a page or step. It takes focus when it appears, so a screen-reader or keyboard user
 * lands on the new content after a route or step change instead of staying on a vanished button.
 */
export function PageHeading({ children, id }: { children: ReactNode; id?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className="page-heading">
      {children}
    </h1>
  );
}
