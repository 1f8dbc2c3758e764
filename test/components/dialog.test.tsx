import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Fragment, useState, type ReactNode } from 'react';
import { Button, ModalBody, ModalFooter } from 'reactstrap';
import { describe, expect, it } from 'vitest';
import { Dialog } from '../../src/components/dialog';

/** reactstrap reads keyCode on keyup, which user-event leaves at 0, so send what a browser sends. */
function pressEscapeWhereFocusIs() {
  fireEvent.keyUp(document.activeElement ?? document.body, {
    key: 'Escape',
    code: 'Escape',
    keyCode: 27,
  });
}

/** The dialog its title names. */
async function findDialog(title: string): Promise<HTMLElement> {
  return screen.findByRole('dialog', { name: title });
}

function dialogTitled(title: string): HTMLElement | null {
  return screen.queryByText(title, { selector: '.modal-title' })?.closest('.modal') ?? null;
}

function focused(): HTMLElement {
  return document.activeElement as HTMLElement;
}

/** The second step these pages open: a password, and whatever footer the test gives it. */
function VerificationStep({
  isOpen,
  close,
  children,
}: {
  isOpen: boolean;
  close: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog title="Verification" isOpen={isOpen} toggle={close}>
      <ModalBody>
        <label htmlFor="password">Password</label>
        <input id="password" type="password" />
      </ModalBody>
      {children}
    </Dialog>
  );
}

/** A page with an Add button, a two-step dialog (form, then a success view) and a second dialog. */
function Page({ withOpener = true }: { withOpener?: boolean }) {
  const [open, setOpen] = useState<'none' | 'form' | 'verify'>('none');
  const [step, setStep] = useState<'form' | 'saved'>('form');
  const close = () => setOpen('none');
  return (
    <main tabIndex={-1}>
      <h1>Logins</h1>
      {withOpener ? <Button onClick={() => setOpen('form')}>Add</Button> : null}
      <Button>Delete row</Button>
      <Dialog
        title="Add Login"
        isOpen={open === 'form'}
        toggle={close}
        onClosed={() => setStep('form')}
      >
        {step === 'form' ? (
          <Fragment key="form">
            <ModalBody>
              <label htmlFor="email">Email</label>
              <input id="email" />
            </ModalBody>
            <ModalFooter>
              <Button onClick={() => setStep('saved')}>Save</Button>
              <Button onClick={() => setOpen('verify')}>Next</Button>
            </ModalFooter>
          </Fragment>
        ) : (
          <Fragment key="saved">
            <ModalBody>
              <h3>Success</h3>
              <p>The login has been added.</p>
            </ModalBody>
            <ModalFooter>
              <Button onClick={close}>Okay</Button>
            </ModalFooter>
          </Fragment>
        )}
      </Dialog>
      <VerificationStep isOpen={open === 'verify'} close={close}>
        <ModalFooter>
          <Button onClick={close}>Verify</Button>
        </ModalFooter>
      </VerificationStep>
    </main>
  );
}

async function openForm() {
  const user = userEvent.setup();
  render(<Page />);
  await user.click(screen.getByRole('button', { name: 'Add' }));
  const dialog = await findDialog('Add Login');
  return { user, dialog };
}

describe('Dialog title', () => {
  it('names the dialog by its title, a heading under the page title', async () => {
    const { user } = await openForm();
    const dialog = screen.getByRole('dialog', { name: 'Add Login' });
    const title = screen.getByRole('heading', { level: 2, name: 'Add Login' });
    expect(dialog).toContainElement(title);
    expect(dialog).toHaveAttribute('aria-labelledby', title.id);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Verification' })).toBeVisible();
  });
});

describe('Dialog focus', () => {
  it('takes the focus when it opens and gives it back to what opened it when it closes', async () => {
    const { user, dialog } = await openForm();
    await waitFor(() => expect(dialog).toContainElement(focused()));

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(focused()).toBe(screen.getByRole('button', { name: 'Add' })));
  });

  it('moves focus to the new content when its content replaces the focused control', async () => {
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(focused()).toBe(screen.getByRole('heading', { name: 'Success' })));
    pressEscapeWhereFocusIs();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(focused()).toBe(screen.getByRole('button', { name: 'Add' }));
  });

  it('keeps focus in the newest dialog when one step opens the next', async () => {
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const verification = await findDialog('Verification');

    // The first dialog fades out and never hands the focus back to the page behind.
    await waitFor(() => expect(dialogTitled('Add Login')).toBeNull());
    expect(verification).toContainElement(focused());
    await user.tab();
    expect(verification).toContainElement(focused());

    // Focus sent behind the dialog comes back into it.
    act(() => screen.getByRole('button', { name: 'Delete row', hidden: true }).focus());
    expect(focused()).toBe(screen.getByLabelText('Password'));

    pressEscapeWhereFocusIs();
    // Closing the second step returns to what opened the first.
    await waitFor(() => expect(focused()).toBe(screen.getByRole('button', { name: 'Add' })));
  });

  it('leaves the focus on a dialog that just opened when its content grows (options loading)', async () => {
    function Loading() {
      const [loaded, setLoaded] = useState(false);
      return (
        <Dialog title="Add Incident" isOpen toggle={() => undefined}>
          <ModalBody>
            <label htmlFor="date">Incident Date</label>
            <input id="date" />
            {loaded ? <p>Options loaded.</p> : null}
            <Button onClick={() => setLoaded(true)}>Load</Button>
          </ModalBody>
        </Dialog>
      );
    }
    render(<Loading />);
    const dialog = await findDialog('Add Incident');
    await waitFor(() => expect(focused()).toBe(dialog));
    act(() => screen.getByRole('button', { name: 'Load' }).click());
    await screen.findByText('Options loaded.');
    // A field focused now would be validated on the user's first click elsewhere.
    expect(focused()).toBe(dialog);
  });

  it('lets focus on its way to the next field arrive when the blur of the last one changes the form', async () => {
    function Tidying() {
      const [tidied, setTidied] = useState(false);
      return (
        <Dialog title="Add Guard" isOpen toggle={() => undefined}>
          <ModalBody>
            <label htmlFor="birthdate">Birthdate</label>
            <input id="birthdate" onBlur={() => setTidied(true)} />
            {tidied ? <p>Tidied to 07/03/1990.</p> : null}
            <label htmlFor="email">Email</label>
            <input id="email" />
          </ModalBody>
        </Dialog>
      );
    }
    render(<Tidying />);
    const dialog = await findDialog('Add Guard');
    await waitFor(() => expect(focused()).toBe(dialog));
    const birthdate = screen.getByLabelText('Birthdate');
    act(() => birthdate.focus());

    // A browser's Tab: the blur, the page's microtasks (the form re-renders), then the focus.
    act(() => birthdate.blur());
    // The observer's microtask only: no timer may run before the focus arrives.
    await Promise.resolve();
    expect(screen.getByText('Tidied to 07/03/1990.')).toBeInTheDocument();
    // Taking the focus now would stop the browser moving it on to Email.
    expect(focused()).toBe(document.body);
    act(() => screen.getByLabelText('Email').focus());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(focused()).toBe(screen.getByLabelText('Email'));
  });

  it('moves focus only to a Tab stop, never to a control taken out of the Tab order', async () => {
    function Picker() {
      const [chosen, setChosen] = useState(false);
      return (
        <Dialog title="Add Guard" isOpen toggle={() => undefined}>
          <ModalBody>
            <input type="file" aria-label="Photo" tabIndex={-1} className="visually-hidden" />
            {chosen ? null : <Button onClick={() => setChosen(true)}>Choose file</Button>}
            <label htmlFor="guard-id">Guard ID</label>
            <input id="guard-id" />
          </ModalBody>
        </Dialog>
      );
    }
    const user = userEvent.setup();
    render(<Picker />);
    await findDialog('Add Guard');
    // The focused button goes with the content it is part of.
    await user.click(screen.getByRole('button', { name: 'Choose file' }));
    await waitFor(() => expect(focused()).toBe(screen.getByLabelText('Guard ID')));
  });

  it('returns to what opened the first step when the button of that step was disabled while it checked', async () => {
    function Steps() {
      const [open, setOpen] = useState<'none' | 'form' | 'verify'>('none');
      const [checking, setChecking] = useState(false);
      const close = () => setOpen('none');
      return (
        <main tabIndex={-1}>
          <Button onClick={() => setOpen('form')}>Add</Button>
          <Dialog title="Add Login" isOpen={open === 'form'} toggle={close}>
            <ModalBody>
              <label htmlFor="email">Email</label>
              <input id="email" />
            </ModalBody>
            <ModalFooter>
              <Button disabled={checking} onClick={() => setChecking(true)}>
                Next
              </Button>
            </ModalFooter>
          </Dialog>
          <VerificationStep isOpen={open === 'verify'} close={close} />
          <Button onClick={() => setOpen('verify')}>Checked</Button>
        </main>
      );
    }
    const user = userEvent.setup();
    render(<Steps />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await findDialog('Add Login');
    const next = screen.getByRole<HTMLButtonElement>('button', { name: 'Next' });
    act(() => next.focus());
    await user.keyboard('{Enter}');
    expect(next).toBeDisabled();
    // What Chromium does to a focused button that becomes disabled, on its next rendering (jsdom
    // blurs only what could take the focus).
    act(() => {
      next.disabled = false;
      next.blur();
      next.disabled = true;
    });
    expect(focused()).toBe(document.body);
    await waitFor(() => expect(focused()).toBe(screen.getByLabelText('Email')));

    act(() => screen.getByRole('button', { name: 'Checked', hidden: true }).click());
    await findDialog('Verification');
    pressEscapeWhereFocusIs();
    await waitFor(() => expect(focused()).toBe(screen.getByRole('button', { name: 'Add' })));
  });

  it('gives the focus to the main region when what opened it is gone', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await findDialog('Add Login');
    rerender(<Page withOpener={false} />);

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(focused()).toBe(screen.getByRole('main', { hidden: true })));
  });

  it('gives the focus back into the dialog below when one opened over it closes', async () => {
    function Stacked() {
      const [list, setList] = useState(false);
      const [details, setDetails] = useState(false);
      return (
        <main>
          <Button onClick={() => setList(true)}>History</Button>
          <Dialog title="History" isOpen={list} toggle={() => setList(false)}>
            <ModalBody>
              <Button onClick={() => setDetails(true)}>View entry</Button>
            </ModalBody>
          </Dialog>
          <Dialog title="Entry" isOpen={details} toggle={() => setDetails(false)}>
            <ModalBody>
              <p>What changed.</p>
            </ModalBody>
          </Dialog>
        </main>
      );
    }
    const user = userEvent.setup();
    render(<Stacked />);
    await user.click(screen.getByRole('button', { name: 'History' }));
    const list = await findDialog('History');
    await user.click(screen.getByRole('button', { name: 'View entry' }));
    const entry = await findDialog('Entry');
    await waitFor(() => expect(entry).toContainElement(focused()));

    pressEscapeWhereFocusIs();
    await waitFor(() => expect(dialogTitled('Entry')).toBeNull());
    expect(list).toBeInTheDocument();
    expect(focused()).toBe(screen.getByRole('button', { name: 'View entry' }));

    pressEscapeWhereFocusIs();
    await waitFor(() => expect(focused()).toBe(screen.getByRole('button', { name: 'History' })));
  });
});
