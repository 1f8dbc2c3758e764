import Columns3 from 'lucide-react/icons/columns-3';
import { createContext, useContext, useEffect, useId, useRef, useState } from 'react';
import { Button } from 'reactstrap';

/**
 * Whose column choices a table reads and writes: the signed-in user's id, given by the shell.
 * Without one (a page outside the shell) choices last until the page is left.
 */
const ColumnChoiceOwner = createContext<string | null>(null);
export const ColumnChoiceOwnerProvider = ColumnChoiceOwner.Provider;

const STORAGE_PREFIX = 'guard-console.columns';

function storageKey(owner: string, screen: string): string {
  return `${STORAGE_PREFIX}.${owner}.${screen}`;
}

/** The hidden column ids stored for this user and screen; null when none are (or unreadable). */
function readStored(owner: string | null, screen: string): string[] | null {
  if (!owner) return null;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(owner, screen)) ?? 'null');
    return Array.isArray(parsed) && parsed.every((id) => typeof id === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The columns a user hid on one screen, remembered per user and screen in this browser; the
 * screen's defaults until the user chooses.
 */
export function useHiddenColumns(
  /** null for a table that offers no choice. */
  screen: string | null,
  defaults: readonly string[],
): [readonly string[], (hidden: readonly string[] | null) => void] {
  const owner = useContext(ColumnChoiceOwner);
  const [chosen, setChosen] = useState(() => (screen ? readStored(owner, screen) : null));
  useEffect(() => setChosen(screen ? readStored(owner, screen) : null), [owner, screen]);

  function choose(hidden: readonly string[] | null) {
    setChosen(hidden ? [...hidden] : null);
    if (!owner || !screen) return;
    try {
      if (hidden) localStorage.setItem(storageKey(owner, screen), JSON.stringify(hidden));
      else localStorage.removeItem(storageKey(owner, screen));
    } catch {
      // A full or refused storage keeps the choice for this visit only.
    }
  }
  return [screen ? (chosen ?? defaults) : [], choose];
}

export interface ChoosableColumn {
  id: string;
  label: string;
}

/**
 * The Columns button above a table and the list of its columns to tick, shown below it. The
 * first column names the row and always shows; the list closes on Escape (focus back on the
 * button) or when focus leaves it.
 */
export function ColumnMenu({
  columns,
  hidden,
  onChange,
}: {
  /** The columns a user may hide, in table order. */
  columns: readonly ChoosableColumn[];
  hidden: readonly string[];
  /** The new hidden ids, or null to go back to the screen's defaults. */
  onChange: (hidden: readonly string[] | null) => void;
}) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const hiddenCount = columns.filter((column) => hidden.includes(column.id)).length;

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [open]);

  function close() {
    button.current?.focus();
    setOpen(false);
  }

  function toggle(id: string, shown: boolean) {
    onChange(shown ? hidden.filter((other) => other !== id) : [...hidden, id]);
  }

  return (
    <div className="column-menu">
      <Button
        innerRef={button}
        type="button"
        size="sm"
        color="secondary"
        outline
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <Columns3 size={16} aria-hidden="true" />
        Columns
        {hiddenCount > 0 ? ` (${hiddenCount} hidden)` : null}
      </Button>
      {open ? (
        <div
          ref={panel}
          id={panelId}
          role="group"
          aria-label="Columns shown"
          className="column-menu-panel shadow"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            close();
          }}
          onBlur={(event) => {
            const next = event.relatedTarget as Node | null;
            if (!panel.current?.contains(next) && next !== button.current) setOpen(false);
          }}
        >
          {columns.map((column) => (
            <ColumnToggle
              key={column.id}
              column={column}
              shown={!hidden.includes(column.id)}
              onToggle={(shown) => toggle(column.id, shown)}
            />
          ))}
          <Button
            type="button"
            size="sm"
            color="link"
            className="px-0"
            onClick={() => onChange(null)}
          >
            Show the usual columns
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function ColumnToggle({
  column,
  shown,
  onToggle,
}: {
  column: ChoosableColumn;
  shown: boolean;
  onToggle: (shown: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="form-check">
      <input
        id={id}
        type="checkbox"
        className="form-check-input"
        checked={shown}
        onChange={(event) => onToggle(event.target.checked)}
      />
      <label htmlFor={id} className="form-check-label text-nowrap">
        {column.label}
      </label>
    </div>
  );
}
