import { useState } from 'react';
import Plus from 'lucide-react/icons/plus';
import ScanLine from 'lucide-react/icons/scan-line';
import { useSearchParams } from 'react-router-dom';
import { Button } from 'reactstrap';
import { useAppDispatch } from '../../app/hooks';
import { clearIfShown, SuccessAlert } from '../../components/success-alert';
import { PassFormModal } from './pass-form-modal';
import { ScanDesk } from './scan-desk';
import { presenceShown } from './visitor-quick-filters';
import { VisitorsList } from './visitors-list';
import { visitorsList } from './visitors-slice';

/** /visitors: every pass the user may see, the desk that checks them, and Add (issue 23). */
export function VisitorsPage() {
  const dispatch = useAppDispatch();
  const [deskOpen, setDeskOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [searchParams] = useSearchParams();
  return (
    <section>
      <h1 className="page-title">Visitors</h1>
      <SuccessAlert message={notice} onDone={clearIfShown(setNotice)} />
      <VisitorsList
        initialPresence={presenceShown(searchParams.get('show'))}
        actions={
          <>
            <Button color="primary" onClick={() => setDeskOpen(true)}>
              <ScanLine size={16} />
              Scan Pass
            </Button>
            <Button color="primary" onClick={() => setAdding(true)}>
              <Plus size={16} aria-hidden="true" />
              Add
            </Button>
          </>
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
      <PassFormModal
        isOpen={adding}
        pass={null}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          setNotice('Success Added');
          void dispatch(visitorsList.load());
        }}
      />
    </section>
  );
}
