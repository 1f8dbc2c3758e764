import { Badge, Button, ModalBody, ModalFooter, Table } from 'reactstrap';
import type { Patrol } from '@contract/patrols';
import { Dialog } from '../../components/dialog';
import { PatrolStateBadge } from './patrol-state-badge';
import { clockOf, patrolTitle, scannedText } from './patrol-words';

/** One walked round: who, when, and each checkpoint's scan time, note and photo. */
export function PatrolDetailsModal({
  patrol,
  isOpen,
  onClose,
}: {
  patrol: Patrol | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      isOpen={isOpen && patrol !== null}
      title={patrol ? `${patrolTitle(patrol)} at ${patrol.residence_name}` : ''}
      toggle={onClose}
      size="lg"
    >
      {patrol ? (
        <ModalBody>
          <dl className="row mb-3">
            <dt className="col-sm-4">State</dt>
            <dd className="col-sm-8">
              <PatrolStateBadge state={patrol.state} />
            </dd>
            <dt className="col-sm-4">Due</dt>
            <dd className="col-sm-8">
              {clockOf(patrol.due_at)}, to be walked by {clockOf(patrol.closes_at)} (
              {patrol.in_order ? 'in order' : 'any order'})
            </dd>
            <dt className="col-sm-4">Walked by</dt>
            <dd className="col-sm-8">{patrol.guard_name ?? 'Nobody'}</dd>
            <dt className="col-sm-4">Time taken</dt>
            <dd className="col-sm-8">
              {patrol.minutes_taken === null
                ? '-'
                : `${patrol.minutes_taken} min, from ${clockOf(patrol.started_at)}`}
            </dd>
            <dt className="col-sm-4">Checkpoints scanned</dt>
            <dd className="col-sm-8">{scannedText(patrol)}</dd>
          </dl>
          <Table size="sm" responsive>
            <caption className="visually-hidden">Checkpoints of the round</caption>
            <thead>
              <tr>
                <th scope="col">Checkpoint</th>
                <th scope="col">Scanned</th>
                <th scope="col">Note</th>
                <th scope="col">Photo</th>
              </tr>
            </thead>
            <tbody>
              {patrol.checkpoints.map((point) => (
                <tr key={point.uuid}>
                  <th scope="row" className="fw-normal">
                    {point.name}
                  </th>
                  <td>
                    {point.scanned_at ? (
                      <>
                        {clockOf(point.scanned_at)}
                        {point.sent_late ? (
                          <Badge color="light" className="text-dark ms-1 border">
                            Sent late
                          </Badge>
                        ) : null}
                      </>
                    ) : (
                      <Badge color="danger">Not scanned</Badge>
                    )}
                  </td>
                  <td>{point.note || '-'}</td>
                  <td>
                    {point.photo_url ? (
                      <a href={point.photo_url} target="_blank" rel="noreferrer">
                        <img
                          src={point.photo_url}
                          alt={`Photo at ${point.name}`}
                          width={64}
                          height={64}
                          className="object-fit-cover rounded"
                        />
                      </a>
                    ) : (
                      '-'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </ModalBody>
      ) : null}
      <ModalFooter>
        <Button color="secondary" outline onClick={onClose}>
          Close
        </Button>
      </ModalFooter>
    </Dialog>
  );
}
