import type { ReactNode } from 'react';

/**
 * Sections whose screens later issues build: the route exists so navigation and guards work now.
 * `children` is the way back, where the page has no navigation around it.
 */
export function NotBuiltPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section>
      <h1 className="page-title">{title}</h1>
      <p className="text-muted">This screen is not available in this version yet.</p>
      {children}
    </section>
  );
}
