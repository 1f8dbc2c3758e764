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
  pageSize?: number;
  onPageChange: (page: number) => void;
}

/** First, previous, a page dropdown, next and last. Renders nothing when everything fits on one page. */
export function Pagination({ page, count, pageSize = PAGE_SIZE, onPageChange }: PaginationProps) {
  const pageCount = Math.ceil(count / pageSize);
  if (pageCount <= 1) return null;
  const atFirst = page <= 1;
  const atLast = page >= pageCount;

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
      <Input
        type="select"
        aria-label="Page"
        value={page}
        onChange={(event) => onPageChange(Number(event.target.value))}
        style={{ width: 'auto' }}
      >
        {Array.from({ length: pageCount }, (_, index) => (
          <option key={index + 1} value={index + 1}>
            {index + 1}
          </option>
        ))}
      </Input>
      <span className="text-muted text-nowrap">of {pageCount}</span>
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
        onClick={() => onPageChange(pageCount)}
      >
        <ChevronsRight size={18} />
      </Button>
    </nav>
  );
}
