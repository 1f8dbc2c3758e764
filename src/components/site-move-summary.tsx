import type { SiteMoveWords } from '../lib/site-move-words';

/**
 * What one site's move ends, a line each ("Nothing else ends." when nothing does), then where its
 * records go: the body of Edit Site's move confirmation, and of each site a company form gives up.
 */
export function SiteMoveSummary({ words }: { words: Pick<SiteMoveWords, 'ends' | 'records'> }) {
  return (
    <>
      {words.ends.length > 0 ? (
        <ul>
          {words.ends.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p>Nothing else ends.</p>
      )}
      {words.records ? <p className="mb-0">{words.records}</p> : null}
    </>
  );
}
