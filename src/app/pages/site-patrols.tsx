import { CheckpointsList } from '../../features/checkpoints/checkpoints-list';
import { PatrolsList } from '../../features/patrols/patrols-list';
import { RoundsList } from '../../features/rounds/rounds-list';

/**
 * A site's patrols (issue 38): the rounds walked on a day, then its checkpoints and the rounds
 * that pass them. `openPatrol` (an alert's link) opens that patrol's details.
 */
export function SitePatrols({
  residenceUuid,
  openPatrol,
}: {
  residenceUuid: string;
  openPatrol?: string | null;
}) {
  return (
    <>
      <h2 className="h5">Rounds walked</h2>
      <PatrolsList residenceUuid={residenceUuid} openPatrol={openPatrol} />
      <h2 className="h5 mt-4">Checkpoints</h2>
      <CheckpointsList residenceUuid={residenceUuid} />
      <h2 className="h5 mt-4">Rounds</h2>
      <RoundsList residenceUuid={residenceUuid} />
    </>
  );
}
