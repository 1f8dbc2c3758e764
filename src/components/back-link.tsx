import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * The way back from a detail or side screen, the same on every page that has one: a link (it
 * navigates) on its own line, placed under the page's title and before its content or its
 * "does not exist" message.
 */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p>
      <Link to={to} className="back-link">
        <ArrowLeft size={16} aria-hidden="true" />
        {children}
      </Link>
    </p>
  );
}
