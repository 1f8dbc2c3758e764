import { IncidentsList } from './incidents-list';

/** /incidents: every incident at the user's sites. */
export function IncidentsPage() {
  return (
    <section>
      <h1 className="page-title">Incidents</h1>
      <IncidentsList />
    </section>
  );
}
