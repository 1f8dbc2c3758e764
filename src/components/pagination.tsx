import { useState, type KeyboardEvent } from 'react';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import ChevronsLeft from 'lucide-react/icons/chevrons-left';
import ChevronsRight from 'lucide-react/icons/chevrons-right';
import { Button, Input } from 'reactstrap';
import { PAGE_SIZE } from '../lib/constants';

export interface PaginationProps {
  /** The current page, 1-based. */
  page: number;
  /** Total number of records across all pages (the API's meta.count). */
  count: number;
  /** `count` is the server's cap of a long search: more pages follow ("of 1,250+"). */
  countCapped?: boolean;
  pageSize?: number;
  onPageChange: (page: number) => void;
  /** The real last page of a capped count (the list counts it whole first); else the last page. */
  onLastPage?: () => void;
}

const wholeNumber = new Intl.NumberFormat('en');

/**
 * The page picker: the page's number, which the user may type over, beside the page count. It
 * costs the same at 2 pages as at a million (a dropdown listed one option per page).
 */
function PageInput({
  page,
  pageCount,
  onPageChange,
}: {
  page: number;
  /** The highest page that may be typed; unbounded for a capped count. */
  pageCount: number;
  onPageChange: (page: number) => void;
}) {
  // What the user is typing, until it is gone to or given up; otherwise the page shows.
  const [draft, setDraft] = useState<string | null>(null);

  /** Goes to the typed page; anything else puts the current page back. */
  function go() {
    const wanted = Number(draft);
    setDraft(null);
    if (Number.isInteger(wanted) && wanted >= 1 && wanted <= pageCount && wanted !== page) {
      onPageChange(wanted);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      go();
    } else if (event.key === 'Escape') {
      setDraft(null);
    }
  }

  return (
    <Input
      type="number"
      inputMode="numeric"
      aria-label="Page"
      min={1}
      max={Number.isFinite(pageCount) ? pageCount : undefined}
      step={1}
      value={draft ?? String(page)}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={go}
      // Wide enough for the largest page number and the spinner.
      style={{ width: `${String(Number.isFinite(pageCount) ? pageCount : page).length + 5}ch` }}
    />
  );
}

/** First, previous, the page picker, next and last. Renders nothing when everything fits on one page. */
export function Pagination({
  page,
  count,
  countCapped = false,
  pageSize = PAGE_SIZE,
  onPageChange,
  onLastPage,
}: PaginationProps) {
  const pageCount = Math.ceil(count / pageSize);
  if (pageCount <= 1) return null;
  const atFirst = page <= 1;
  // Past a capped count more pages follow, whatever page this is.
  const atLast = !countCapped && page >= pageCount;

  return (
    <nav
      aria-label="Pagination"
      className="d-flex align-items-center justify-content-end gap-2 mt-3"
    >
      <Button
        color="light"
        aria-label="First page"
        disabled={atFirst}
        onClick={() => onPageChange(1)}
      >
        <ChevronsLeft size={18} />
      </Button>
      <Button
        color="light"
        aria-label="Previous page"
        disabled={atFirst}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeft size={18} />
      </Button>
      <PageInput
        page={page}
        pageCount={countCapped ? Number.POSITIVE_INFINITY : pageCount}
        onPageChange={onPageChange}
      />
      <span className="text-muted text-nowrap">
        of {wholeNumber.format(pageCount)}
        {countCapped ? '+' : ''}
      </span>
      <Button
        color="light"
        aria-label="Next page"
        disabled={atLast}
        onClick={() => onPageChange(page + 1)}
      >
        <ChevronRight size={18} />
      </Button>
      <Button
        color="light"
        aria-label="Last page"
        disabled={atLast}
        onClick={() => (onLastPage ? onLastPage() : onPageChange(pageCount))}
      >
        <ChevronsRight size={18} />
      </Button>
    </nav>
  );
}
