import { CheckpointsList } from '../../features/checkpoints/checkpoints-list';
import { RoundsList } from '../../features/rounds/rounds-list';

/** A site's patrols (issue 38): its checkpoints, then the rounds that pass them. */
export function SitePatrols({ residenceUuid }: { residenceUuid: string }) {
  return (
    <>
      <h2 className="h5">Checkpoints</h2>
      <CheckpointsList residenceUuid={residenceUuid} />
      <h2 className="h5 mt-4">Rounds</h2>
      <RoundsList residenceUuid={residenceUuid} />
    </>
  );
}
