import { Link } from 'react-router-dom';
import { Card, CardBody } from 'reactstrap';

export interface Figure {
  label: string;
  value: number | undefined;
}

/** A titled card of counts, used by the dashboard and the site details page. */
export function FigureCard({
  title,
  figures,
  viewAllPath,
}: {
  title: string;
  figures: Figure[];
  viewAllPath?: string;
}) {
  return (
    <Card className="figure-card h-100" role="group" aria-label={title}>
      <CardBody>
        <div className="d-flex justify-content-between align-items-baseline mb-2">
          <h2 className="h6 text-uppercase text-muted mb-0">{title}</h2>
          {viewAllPath ? (
            <Link to={viewAllPath} className="small" aria-label={`View All ${title}`}>
              View All
            </Link>
          ) : null}
        </div>
        <dl className="d-flex gap-4 mb-0">
          {figures.map((figure) => (
            <div key={figure.label}>
              <dt className="small text-muted fw-normal">{figure.label}</dt>
              <dd className="display-6 mb-0" data-figure={figure.label}>
                {figure.value ?? '–'}
              </dd>
            </div>
          ))}
        </dl>
      </CardBody>
    </Card>
  );
}
