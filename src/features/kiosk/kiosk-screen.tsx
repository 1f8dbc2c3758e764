import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

/** Moves focus to the element once, when it mounts: each kiosk step starts where it is read. */
export function useFocusOnMount<T extends HTMLElement>(): RefObject<T> {
  const target = useRef<T>(null);
  useEffect(() => {
    target.current?.focus();
  }, []);
  return target;
}

export interface KioskScreenProps {
  title: string;
  /** The heading takes focus when the screen opens, unless the screen gives it to a control. */
  focusHeading?: boolean;
  className?: string;
  children: ReactNode;
}

/** One step of the kiosk: its heading, named for screen readers and tests alike, and its content. */
export function KioskScreen({ title, focusHeading = true, className, children }: KioskScreenProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  return (
    <section
      className={`kiosk-screen${className ? ` ${className}` : ''}`}
      aria-labelledby={headingId}
    >
      <h1 id={headingId} ref={heading} tabIndex={-1} className="kiosk-title">
        {title}
      </h1>
      {children}
    </section>
  );
}
