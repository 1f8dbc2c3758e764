import Archive from 'lucide-react/icons/archive';
import Eye from 'lucide-react/icons/eye';
import History from 'lucide-react/icons/history';
import Pencil from 'lucide-react/icons/pencil';
import QrCode from 'lucide-react/icons/qr-code';
import Trash2 from 'lucide-react/icons/trash-2';
import type { LucideIcon } from 'lucide-react';
import { Button } from 'reactstrap';

export type RowActionKind = 'view' | 'edit' | 'delete' | 'history' | 'sticker' | 'retire';

export interface RowAction {
  kind: RowActionKind;
  onClick: () => void;
}

const LOOK: Record<RowActionKind, { label: string; icon: LucideIcon; className?: string }> = {
  view: { label: 'View', icon: Eye },
  edit: { label: 'Edit', icon: Pencil },
  delete: { label: 'Delete', icon: Trash2, className: 'text-danger' },
  history: { label: 'History', icon: History },
  sticker: { label: 'New sticker', icon: QrCode },
  retire: { label: 'Retire', icon: Archive, className: 'text-danger' },
};

/**
 * The buttons of a table row's Actions cell, the same on every list: an icon and the word.
 * `subject` names the row for screen readers ("Edit Aisyah"). The data table ignores clicks on
 * buttons, so these never open the row.
 */
export function RowActions({ actions, subject }: { actions: RowAction[]; subject: string }) {
  return (
    <div className="row-actions">
      {actions.map(({ kind, onClick }) => {
        const { label, icon: Icon, className } = LOOK[kind];
        return (
          <Button
            key={kind}
            size="sm"
            color="light"
            className={className}
            aria-label={`${label} ${subject}`}
            onClick={onClick}
          >
            <Icon size={14} />
            {label}
          </Button>
        );
      })}
    </div>
  );
}
