import { AttendanceList } from '../attendances/attendance-list';
import { GuardsList } from './guards-list';
import { PageTabs, type PageTab } from './page-tabs';

const tabs: PageTab[] = [
  { label: 'All', render: () => <GuardsList /> },
  { label: 'Attendance', render: () => <AttendanceList /> },
];

/** /security-guards: every guard the user may see, and their attendance. */
export function GuardsPage() {
  return (
    <section>
      <h1 className="page-title">Guards</h1>
      <PageTabs tabs={tabs} />
    </section>
  );
}
