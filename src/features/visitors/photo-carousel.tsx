import { useState } from 'react';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { Button } from 'reactstrap';

/**
 * The walk-in photos one at a time, with Previous and Next buttons (no auto-play, so nothing moves
 * on its own); a single photo shows without controls.
 */
export function PhotoCarousel({ urls, name }: { urls: readonly string[]; name: string }) {
  const [index, setIndex] = useState(0);
  if (urls.length === 0) {
    return (
      <div className="visitor-photo placeholder-photo d-flex align-items-center justify-content-center">
        <span className="text-muted">No walk-in photos.</span>
      </div>
    );
  }
  const shown = Math.min(index, urls.length - 1);
  const position = `${shown + 1} of ${urls.length}`;
  return (
    <section aria-roledescription="carousel" aria-label="Walk-in photos">
      <img
        src={urls[shown]}
        alt={`Walk-in photo ${position} of ${name}`}
        className="visitor-photo"
      />
      {urls.length > 1 ? (
        <div className="d-flex align-items-center justify-content-between mt-2">
          <Button
            color="light"
            aria-label="Previous photo"
            onClick={() => setIndex((shown - 1 + urls.length) % urls.length)}
          >
            <ChevronLeft size={18} />
          </Button>
          <span aria-live="polite">Photo {position}</span>
          <Button
            color="light"
            aria-label="Next photo"
            onClick={() => setIndex((shown + 1) % urls.length)}
          >
            <ChevronRight size={18} />
          </Button>
        </div>
      ) : null}
    </section>
  );
}
