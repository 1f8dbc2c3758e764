import type { ReactNode } from 'react';
import CircleCheckBig from 'lucide-react/icons/circle-check-big';
import LogOut from 'lucide-react/icons/log-out';
import OctagonX from 'lucide-react/icons/octagon-x';
import './desk-result.css';

export type DeskTone = 'allowed' | 'in' | 'out' | 'refused';

export interface DeskResultProps {
  tone: DeskTone;
  title: string;
  text: string;
  /** A refusal interrupts as an alert; other verdicts are read out by the desk's live region. */
  alert?: boolean;
  /** The action the verdict allows, beside it (the desk's confirm button). */
  children?: ReactNode;
}

/** A desk's verdict, large, coloured and in words, so colour is never the only sign. */
export function DeskResult({ tone, title, text, alert = false, children }: DeskResultProps) {
  const Icon = tone === 'out' ? LogOut : tone === 'refused' ? OctagonX : CircleCheckBig;
  return (
    <div role={alert ? 'alert' : undefined} className={`desk-result desk-result-${tone}`}>
      <Icon size={40} aria-hidden="true" />
      <div className="flex-grow-1">
        <p className="desk-result-title">{title}</p>
        <p className="desk-result-text">{text}</p>
      </div>
      {children}
    </div>
  );
}
