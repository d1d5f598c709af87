import { Button } from "./button";
import "./pager.css";

interface PagerProps {
  /** 1-based. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "My properties pages". */
  label: string;
  /** A page is loading: the buttons wait for it. */
  isBusy?: boolean;
}

/** Previous / Next with "Page X of Y". Hidden when everything fits on one page. */
export function Pager({ page, totalPages, onPageChange, label, isBusy = false }: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <Button
        variant="secondary"
        className="btn--inline"
        disabled={page <= 1 || isBusy}
        onClick={() => onPageChange(page - 1)}
      >
        Previous
      </Button>
      <p className="pager__status" aria-live="polite">
        Page {page} of {totalPages}
      </p>
      <Button
        variant="secondary"
        className="btn--inline"
        disabled={page >= totalPages || isBusy}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}

/** Pages needed for `totalCount` items, at least one. */
export function pageCount(totalCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalCount / pageSize));
}
