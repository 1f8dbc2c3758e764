import CalendarDays from 'lucide-react/icons/calendar-days';
import { useField } from 'formik';
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, FormFeedback, FormGroup, Input, InputGroup, Label } from 'reactstrap';
import { dayToForm, FORM_DATE, formDateToDay, normalizeFormDate } from '../lib/dates';

const DateCalendar = lazy(() => import('./date-calendar'));

/**
 * A date bound to Formik by name, typed and shown as DD/MM/YYYY: one Tab stop, unlike the
 * browser's date input (one stop per part, in the browser's order). Alt+Down (or the calendar
 * button, for a pointer) opens a month calendar. '7-3-1990' or '07031990' become '07/03/1990'
 * when the field is left; anything else stays as typed for the form's checks to name.
 */
export function DateField({
  name,
  label,
  notAfterToday = false,
}: {
  name: string;
  label: string;
  /** Days after today cannot be picked (a birthdate, an incident); the form's checks say why. */
  notAfterToday?: boolean;
}) {
  const id = useId();
  const hintId = useId();
  const problemId = useId();
  const calendarId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [field, meta, helpers] = useField<string>(name);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const problem = meta.touched ? meta.error : undefined;

  function closeCalendar(focusField: boolean) {
    // Focus goes back before the calendar goes, so it is never dropped on the page.
    if (focusField) input.current?.focus();
    setCalendarOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.altKey && event.key === 'ArrowDown') {
      event.preventDefault();
      setCalendarOpen(true);
    }
  }

  return (
    <FormGroup>
      <Label for={id}>{label}</Label>
      <div className="position-relative">
        <InputGroup>
          <Input
            innerRef={input}
            id={id}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={FORM_DATE}
            maxLength={10}
            {...field}
            onBlur={(event) => {
              const tidy = normalizeFormDate(event.target.value);
              if (tidy === null || tidy === field.value) {
                field.onBlur(event);
                return;
              }
              void helpers.setTouched(true, false);
              void helpers.setValue(tidy);
            }}
            onKeyDown={onKeyDown}
            aria-describedby={[hintId, problem ? problemId : null].filter(Boolean).join(' ')}
            invalid={problem !== undefined}
          />
          <Button
            type="button"
            color="secondary"
            outline
            // The field's Tab stop is the field; the keyboard opens the calendar with Alt+Down.
            tabIndex={-1}
            aria-label="Open calendar"
            aria-expanded={calendarOpen}
            aria-controls={calendarOpen ? calendarId : undefined}
            // Pressing it leaves focus where it is, so an open calendar does not close on blur
            // before the click closes it.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => (calendarOpen ? closeCalendar(true) : setCalendarOpen(true))}
          >
            <CalendarDays size={18} aria-hidden="true" />
          </Button>
        </InputGroup>
        {calendarOpen ? (
          <div id={calendarId}>
            <Suspense fallback={null}>
              <DateCalendar
                picked={formDateToDay(field.value)}
                latest={notAfterToday ? new Date() : null}
                onPick={(day) => {
                  void helpers.setTouched(true, false);
                  void helpers.setValue(dayToForm(day));
                  closeCalendar(true);
                }}
                onCancel={() => closeCalendar(true)}
                onLeave={() => closeCalendar(false)}
              />
            </Suspense>
          </div>
        ) : null}
      </div>
      <div id={hintId} className="form-text">
        {FORM_DATE}; Alt+Down opens a calendar.
      </div>
      {problem ? (
        <FormFeedback id={problemId} className="d-block">
          {problem}
        </FormFeedback>
      ) : null}
    </FormGroup>
  );
}
