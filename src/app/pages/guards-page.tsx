import { Tabs, type Tab } from '../../components/tabs';
import { AttendanceList } from '../../features/attendances/attendance-list';
import { GuardsList } from '../../features/guards/guards-list';

const tabs: Tab[] = [
  { id: 'all', label: 'All', render: () => <GuardsList /> },
  { id: 'attendance', label: 'Attendance', render: () => <AttendanceList /> },
];

/** /security-guards: every guard the user may see, and their attendance. */
export function GuardsPage() {
  return (
    <section>
      <h1 className="page-title">Guards</h1>
      <Tabs label="Guards" tabs={tabs} />
    </section>
  );
}
