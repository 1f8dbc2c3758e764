import ChevronRight from 'lucide-react/icons/chevron-right';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card, CardBody } from 'reactstrap';
import './figure-card.css';

export interface Figure {
  label: string;
  value: number | undefined;
  /** Where the count's own rows are listed: the count becomes a link there. */
  path?: string;
  /** The link's accessible name, which holds the count: "Show the 3 visitors who overstay". */
  pathLabel?: (value: number) => string;
}

/** The colour that tells one area's cards from another's (see .figure-accent-* in styles.css). */
export type FigureAccent = 'blue' | 'amber' | 'teal' | 'violet' | 'green' | 'slate';

export interface FigureCardProps {
  title: string;
  icon: LucideIcon;
  accent: FigureAccent;
  figures: Figure[];
  viewAllPath?: string;
}

/**
 * A titled card of counts, used by the dashboard and the site details page. Each count sits above
 * its label, in a row of equal columns, so the eye runs along the numbers; the markup keeps the
 * label first (dt before dd) for screen readers.
 */
export function FigureCard({ title, icon: Icon, accent, figures, viewAllPath }: FigureCardProps) {
  return (
    <Card className={`figure-card figure-accent-${accent} h-100`} role="group" aria-label={title}>
      <CardBody className="d-flex flex-column">
        <div className="d-flex align-items-center gap-2 mb-3">
          <span className="figure-card-icon">
            <Icon size={20} />
          </span>
          <h2 className="figure-card-title">{title}</h2>
        </div>
        <dl className="figure-list">
          {figures.map((figure) => (
            <div className="figure" key={figure.label}>
              <dt>{figure.label}</dt>
              <dd data-figure={figure.label}>
                {figure.path && figure.value !== undefined ? (
                  <Link
                    to={figure.path}
                    className="figure-value-link"
                    aria-label={figure.pathLabel?.(figure.value)}
                  >
                    {figure.value}
                  </Link>
                ) : (
                  (figure.value ?? '–')
                )}
              </dd>
            </div>
          ))}
        </dl>
        {viewAllPath ? (
          <Link to={viewAllPath} className="figure-card-link" aria-label={`View All ${title}`}>
            View All
            <ChevronRight size={16} />
          </Link>
        ) : null}
      </CardBody>
    </Card>
  );
}
