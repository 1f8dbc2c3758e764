import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Button, ModalBody } from 'reactstrap';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateField } from '../../src/components/date-field';
import { Dialog } from '../../src/components/dialog';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 10, 10, 30, 0));
});

afterEach(() => {
  vi.useRealTimers();
});

/** A form in a dialog, as every date field sits: the date, then a field after it. */
function DateForm({ initial = '', notAfterToday = false }) {
  const [open, setOpen] = useState(true);
  const [submitted, setSubmitted] = useState('');
  return (
    <>
      <p>{open ? 'Form open' : 'Form closed'}</p>
      <p>Submitted: {submitted}</p>
      <Dialog title="Add Incident" isOpen={open} toggle={() => setOpen(false)}>
        <ModalBody>
          <Formik
            initialValues={{ when: initial, remarks: '' }}
            onSubmit={(values) => setSubmitted(values.when)}
          >
            <Form>
              <DateField name="when" label="Incident Date" notAfterToday={notAfterToday} />
              <label htmlFor="remarks">Remarks</label>
              <input id="remarks" name="remarks" />
              <Button type="submit">Submit</Button>
            </Form>
          </Formik>
        </ModalBody>
      </Dialog>
    </>
  );
}

function field(): HTMLInputElement {
  return screen.getByLabelText('Incident Date');
}

function focused(): HTMLElement {
  return document.activeElement as HTMLElement;
}

async function openCalendarByKeyboard(user: ReturnType<typeof userEvent.setup>) {
  field().focus();
  await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
  return screen.findByRole('dialog', { name: /\d{4}$/ });
}

describe('Date field', () => {
  it('is typed as DD/MM/YYYY with one Tab stop, and tidies dashes, dots and bare digits', async () => {
    const user = userEvent.setup();
    render(<DateForm />);
    await waitFor(() => expect(field()).toHaveAttribute('placeholder', 'DD/MM/YYYY'));
    expect(field()).toHaveAccessibleDescription('DD/MM/YYYY; Alt+Down opens a calendar.');

    await user.click(field());
    await user.type(field(), '7-3-2025');
    await user.tab();
    // Past the field in one step: the calendar button is for a pointer.
    expect(focused()).toBe(screen.getByLabelText('Remarks'));
    expect(field()).toHaveValue('07/03/2025');

    await user.clear(field());
    await user.type(field(), '01022024');
    await user.tab();
    expect(field()).toHaveValue('01/02/2024');

    // What is not a date stays as typed, for the form's own check to name.
    await user.clear(field());
    await user.type(field(), '31/02/2024');
    await user.tab();
    expect(field()).toHaveValue('31/02/2024');
  });

  it('opens a calendar on Alt+Down at the typed day, moves by keys and picks with Enter', async () => {
    const user = userEvent.setup();
    render(<DateForm initial="14/02/2025" />);
    const calendar = await openCalendarByKeyboard(user);

    expect(calendar).toHaveAccessibleName('February 2025');
    expect(focused()).toHaveAccessibleName('Friday, 14 February 2025');
    expect(focused()).toHaveAttribute('aria-pressed', 'true');

    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(focused()).toHaveAccessibleName('Saturday, 22 February 2025');
    await user.keyboard('{PageDown}');
    expect(focused()).toHaveAccessibleName('Saturday, 22 March 2025');
    expect(calendar).toHaveAccessibleName('March 2025');
    await user.keyboard('{Home}');
    expect(focused()).toHaveAccessibleName('Monday, 17 March 2025');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /\d{4}$/ })).toBeNull());
    expect(field()).toHaveValue('17/03/2025');
    expect(focused()).toBe(field());
  });

  it('closes only the calendar on Escape, handing focus back to the field', async () => {
    const user = userEvent.setup();
    render(<DateForm initial="14/02/2025" />);
    await openCalendarByKeyboard(user);

    // As a browser sends it: both to the day, the keyup after whatever the keydown did.
    const day = focused();
    fireEvent.keyDown(day, { key: 'Escape', code: 'Escape', keyCode: 27 });
    fireEvent.keyUp(document.activeElement ?? day, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /\d{4}$/ })).toBeNull());
    expect(focused()).toBe(field());
    expect(screen.getByText('Form open')).toBeInTheDocument();
    expect(field()).toHaveValue('14/02/2025');
  });

  it('keeps days after today out of reach when the date may not be later than today', async () => {
    const user = userEvent.setup();
    render(<DateForm notAfterToday />);
    const calendar = await openCalendarByKeyboard(user);

    expect(calendar).toHaveAccessibleName('March 2025');
    expect(focused()).toHaveAccessibleName('Monday, 10 March 2025');
    expect(focused()).toHaveAttribute('aria-current', 'date');
    expect(screen.getByRole('button', { name: 'Tuesday, 11 March 2025' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();

    await user.keyboard('{ArrowDown}');
    expect(focused()).toHaveAccessibleName('Monday, 10 March 2025');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(field()).toHaveValue('03/03/2025');
  });

  it('opens from its button for a pointer, and a month button keeps focus for another press', async () => {
    const user = userEvent.setup();
    render(<DateForm initial="14/02/2025" />);
    await user.click(await screen.findByRole('button', { name: 'Open calendar' }));
    const calendar = await screen.findByRole('dialog', { name: 'February 2025' });

    const previous = screen.getByRole('button', { name: 'Previous month' });
    await user.click(previous);
    await user.click(previous);
    expect(calendar).toHaveAccessibleName('December 2024');
    expect(focused()).toBe(previous);

    await user.click(screen.getByRole('button', { name: 'Tuesday, 3 December 2024' }));
    expect(field()).toHaveValue('03/12/2024');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Submitted: 03/12/2024')).toBeInTheDocument();
  });
});
