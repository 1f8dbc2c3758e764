import { useState } from 'react';
import ScanLine from 'lucide-react/icons/scan-line';
import { Button } from 'reactstrap';
import { useAppDispatch } from '../../app/hooks';
import { ScanDesk } from './scan-desk';
import { VisitorsList } from './visitors-list';
import { visitorsList } from './visitors-slice';

/** /visitors: every pass the user may see, and the desk that checks them in and out. */
export function VisitorsPage() {
  const dispatch = useAppDispatch();
  const [deskOpen, setDeskOpen] = useState(false);
  return (
    <section>
      <h1 className="page-title">Visitors</h1>
      <VisitorsList
        actions={
          <Button color="primary" onClick={() => setDeskOpen(true)}>
            <ScanLine size={16} />
            Scan Pass
          </Button>
        }
      />
      <ScanDesk
        isOpen={deskOpen}
        onClose={() => {
          setDeskOpen(false);
          // The desk may have checked visitors in or out: show the list as it is now.
          void dispatch(visitorsList.load());
        }}
      />
    </section>
  );
}
