import type { FilesRepository } from '../../modules/files/files.repository';
import type { Random } from './random';

/**
 * Draws `count` pictures and stores them as files, named '<name>-01.png' and so on.
 * Returns their uuids: seed rows share these few files rather than storing one each.
 */
export async function saveImageFiles(
  files: FilesRepository,
  random: Random,
  pool: { count: number; name: string; draw: (seed: number) => Uint8Array },
): Promise<string[]> {
  const uuids: string[] = [];
  for (let i = 1; i <= pool.count; i++) {
    const stored = await files.save({
      bytes: pool.draw(random.int(1, 2 ** 31)),
      filename: `${pool.name}-${String(i).padStart(2, '0')}.png`,
      type: 'image/png',
    });
    uuids.push(stored.uuid);
  }
  return uuids;
}
