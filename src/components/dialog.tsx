import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Modal, type ModalProps } from 'reactstrap';

/**
 * Every modal of the console: reactstrap's Modal with its title and the focus rules a keyboard
 * user needs.
 * - Its title is the dialog's name (aria-labelledby) and a level-2 heading, under the page's h1
 *   whatever the page, drawn at Bootstrap's modal-title size. Headings inside a dialog's body
 *   start at h3. The header's Close button shows while `toggle` is given (not while it saves).
 * - While open, focus stays inside the newest dialog. Focus that lands behind it (a closing
 *   dialog handing focus back, a click on the page) is moved into it.
 * - When its content changes and takes the focused control with it (a form turning into its
 *   success view, a busy view replacing the buttons) or disables it (Next while its check runs),
 *   focus moves to the new content's first heading or Tab stop (the dialog itself while it has
 *   none), so the user is not dropped on the page and Escape keeps working. Focus merely passing
 *   from one field to the next is left to arrive.
 * - When it closes, focus returns to what opened it; a dialog opened from another dialog (the
 *   Verification step after a login form) returns to what opened the first. When that is gone
 *   (its row was deleted, the page changed), focus goes where the page says, else to its main
 *   region. A dialog opened over one that stays open (an entry's details over a list in a
 *   dialog) returns to the control inside that one which opened it.
 */

interface DialogEntry {
  element: HTMLElement | null;
  opener: HTMLElement | null;
  /** The latest focusWhenOpenerGone. */
  fallback: (() => HTMLElement | null) | undefined;
  /** Focus waits on the dialog itself because its content had nothing to take it (busy). */
  parked: boolean;
}

/** Open dialogs, oldest first; only the newest holds the focus. */
const openDialogs: DialogEntry[] = [];
/** Dialogs whose element is in the page, open or fading out. */
const shownDialogs = new Set<DialogEntry>();

// Tab stops only: a control taken out of the Tab order (the file input behind a photo picker's
// Choose file button, a date field's calendar button) is no place to leave a keyboard user.
const CONTROLS = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]',
].map((control) => `${control}:not([tabindex="-1"])`);
const FIRST_IN_CONTENT = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', ...CONTROLS].join(',');

function isNewest(entry: DialogEntry): boolean {
  return openDialogs[openDialogs.length - 1] === entry;
}

/** What a dialog opened now returns focus to: the opener of the dialog it was opened from. */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) {
    // Focus lost on the way to this step (the last step's button, disabled while its check ran,
    // let it go): the step before, still fading out, knows what opened the first.
    return [...shownDialogs].at(-1)?.opener ?? null;
  }
  // Opened over a dialog that stays open: that dialog's control is where focus comes back to.
  if (openDialogs.some((entry) => entry.element?.contains(active))) return active;
  for (const entry of shownDialogs) {
    if (entry.element?.contains(active)) return entry.opener;
  }
  return active;
}

/**
 * The first heading or control of the body, then of the footer, that takes the focus (a field in
 * a disabled fieldset does not); else the dialog itself.
 */
function focusContent(entry: DialogEntry, element: HTMLElement) {
  for (const part of element.querySelectorAll<HTMLElement>('.modal-body, .modal-footer')) {
    for (const target of part.querySelectorAll<HTMLElement>(FIRST_IN_CONTENT)) {
      if (/^H\d$/.test(target.tagName) && !target.hasAttribute('tabindex')) {
        target.tabIndex = -1;
      }
      target.focus();
      if (document.activeElement === target) {
        entry.parked = false;
        return;
      }
    }
  }
  entry.parked = true;
  element.focus();
}

/** Unless the page, or the dialog below, already put focus somewhere of its own. */
function returnFocus({ opener, fallback }: DialogEntry, closed: HTMLElement | null) {
  const active = document.activeElement;
  if (active && active !== document.body && !closed?.contains(active)) return;
  const below = openDialogs[openDialogs.length - 1];
  if (below) {
    if (opener?.isConnected && below.element?.contains(opener)) opener.focus();
    return;
  }
  if (opener?.isConnected) opener.focus();
  else (fallback?.() ?? document.querySelector<HTMLElement>('main'))?.focus();
}

export type DialogProps = Omit<
  ModalProps,
  'returnFocusAfterClose' | 'trapFocus' | 'labelledBy' | 'title'
> & {
  /** The header's heading, which names the dialog. */
  title: ReactNode;
  /**
   * Where focus goes on closing when what opened the dialog is gone (the Revoke button of the
   * row just revoked); the page's main region when not given.
   */
  focusWhenOpenerGone?: () => HTMLElement | null;
};

export function Dialog({
  isOpen,
  title,
  toggle,
  children,
  focusWhenOpenerGone,
  ...props
}: DialogProps) {
  const titleId = useId();
  const self = useRef<DialogEntry>({
    element: null,
    opener: null,
    fallback: undefined,
    parked: false,
  });
  self.current.fallback = focusWhenOpenerGone;

  // A layout effect: it runs before reactstrap moves focus into the dialog, while focus is still
  // on what opened it.
  useLayoutEffect(() => {
    if (!isOpen) return;
    const entry = self.current;
    entry.opener = openerOf(document.activeElement);
    entry.parked = false;
    openDialogs.push(entry);
    function keepFocusInside(event: FocusEvent) {
      const { element } = entry;
      if (isNewest(entry) && element && !element.contains(event.target as Node)) {
        focusContent(entry, element);
      }
    }
    document.addEventListener('focusin', keepFocusInside);
    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      openDialogs.splice(openDialogs.indexOf(entry), 1);
      // After the commit: a dialog opened in the same commit (the next step) keeps the focus.
      const closed = entry.element;
      queueMicrotask(() => returnFocus(entry, closed));
    };
  }, [isOpen]);

  return (
    <Modal
      isOpen={isOpen}
      toggle={toggle}
      {...props}
      labelledBy={titleId}
      returnFocusAfterClose={false}
    >
      <ContentWatch entry={self.current} />
      <div className="modal-header">
        <h2 id={titleId} className="modal-title h5">
          {title}
        </h2>
        {toggle ? (
          <button type="button" className="btn-close" aria-label="Close" onClick={toggle} />
        ) : null}
      </div>
      {children}
    </Modal>
  );
}

/**
 * Renders inside the dialog's content, so it knows the dialog's element once reactstrap has put
 * it in the page (reactstrap's own ref goes to its transition, which takes only a ref object).
 */
function ContentWatch({ entry }: { entry: DialogEntry }) {
  const marker = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const element = marker.current?.closest<HTMLElement>('.modal') ?? null;
    if (!element) return;
    entry.element = element;
    shownDialogs.add(entry);
    // Focus parked on the dialog itself while it was busy moves on to what the new content
    // offers. Not the focus reactstrap puts on a dialog that opens: a field focused then would
    // be validated on the user's first click, and the message it adds could move the button
    // from under the pointer.
    const needsFocus = () => {
      const active = document.activeElement;
      return !element.contains(active) || (active === element && entry.parked);
    };
    // Focus on its way from one control to the next (Tab from a field whose blur tidies its
    // value) is on the page's body between the two: judged at once, it would be taken from the
    // next field. Judged once the move is over, only focus really lost is moved.
    const refocusWhenSettled = (onlyIf = () => true) => {
      window.setTimeout(() => {
        if (entry.element === element && isNewest(entry) && needsFocus() && onlyIf()) {
          focusContent(entry, element);
        }
      });
    };
    const observer = new MutationObserver(() => {
      if (!isNewest(entry) || !needsFocus()) return;
      if (element.contains(document.activeElement)) focusContent(entry, element);
      else refocusWhenSettled();
    });
    observer.observe(element, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    // A focused button disabled while its step runs (Next, Verify) lets the focus go to the page
    // on the browser's next rendering, after the change the observer saw. Only then: focus let go
    // by a click beside the dialog stays put until the next key or click.
    function onFocusOut(event: FocusEvent) {
      const left = event.target;
      if (event.relatedTarget !== null || !(left instanceof HTMLElement)) return;
      refocusWhenSettled(() => left.matches(':disabled'));
    }
    element.addEventListener('focusout', onFocusOut);
    return () => {
      observer.disconnect();
      element.removeEventListener('focusout', onFocusOut);
      shownDialogs.delete(entry);
      entry.element = null;
    };
  }, [entry]);
  return <span ref={marker} hidden />;
}
