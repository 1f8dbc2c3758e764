import moment, { type Moment } from 'moment';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import type { LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from 'reactstrap';
import './date-calendar.css';

/** Weeks start on Monday, as Malaysian calendars print them. */
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const DAY_KEY = 'YYYY-MM-DD';

export interface DateCalendarProps {
  /** The day shown picked, or null. */
  picked: Date | null;
  /** The last day that may be picked; later days show but cannot be chosen. */
  latest: Date | null;
  onPick: (day: Date) => void;
  /** Escape: close and go back to the field. */
  onCancel: () => void;
  /** Focus left the calendar (Tab, or a click elsewhere): close without taking focus back. */
  onLeave: () => void;
}

/** The month's days in weeks of seven, Monday first, with null for the days of other months. */
function weeksOf(month: Moment): (Moment | null)[][] {
  const first = month.clone().startOf('month');
  const lead = first.isoWeekday() - 1;
  const days: (Moment | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 0; day < first.daysInMonth(); day += 1) days.push(first.clone().add(day, 'day'));
  while (days.length % 7 !== 0) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7));
}

/** The day a key moves to from `active`, or null for a key the calendar does not use. */
function dayAfterKey(active: Moment, event: KeyboardEvent): Moment | null {
  const months = event.shiftKey ? 12 : 1;
  switch (event.key) {
    case 'ArrowLeft':
      return active.clone().subtract(1, 'day');
    case 'ArrowRight':
      return active.clone().add(1, 'day');
    case 'ArrowUp':
      return active.clone().subtract(1, 'week');
    case 'ArrowDown':
      return active.clone().add(1, 'week');
    case 'Home':
      return active.clone().startOf('isoWeek');
    case 'End':
      return active.clone().endOf('isoWeek').startOf('day');
    case 'PageUp':
      return active.clone().subtract(months, 'month');
    case 'PageDown':
      return active.clone().add(months, 'month');
    default:
      return null;
  }
}

/** A month arrow of the calendar's head; it keeps focus, so it can be pressed again. */
function MonthButton({
  label,
  icon: Icon,
  onClick,
  disabled = false,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      type="button"
      color="link"
      size="sm"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
    >
      <Icon size={18} aria-hidden="true" />
    </Button>
  );
}

/**
 * The calendar a date field opens: one month of day buttons. Only the active day is a Tab stop;
 * the arrows move by day and week, Page Up and Page Down by month (with Shift, by year), Home and
 * End to the week's ends, Enter picks and Escape goes back to the field. Loaded only when opened.
 */
export default function DateCalendar({
  picked,
  latest,
  onPick,
  onCancel,
  onLeave,
}: DateCalendarProps) {
  const titleId = useId();
  const root = useRef<HTMLDivElement>(null);
  const last = latest ? moment(latest).startOf('day') : null;
  const clamp = (day: Moment) => (last && day.isAfter(last) ? last.clone() : day);
  const [active, setActive] = useState(() => clamp(moment(picked ?? undefined).startOf('day')));
  // The day takes focus when the calendar opens and when a key moves it; the month buttons keep
  // it, so they can be pressed again.
  const focusDay = useRef(true);

  useEffect(() => {
    if (!focusDay.current) return;
    root.current
      ?.querySelector<HTMLButtonElement>(`[data-day="${active.format(DAY_KEY)}"]`)
      ?.focus();
  }, [active]);

  function moveTo(day: Moment, takeFocus: boolean) {
    focusDay.current = takeFocus;
    setActive(clamp(day));
  }

  function onDayKey(event: KeyboardEvent) {
    const next = dayAfterKey(active, event);
    if (!next) return;
    event.preventDefault();
    moveTo(next, true);
  }

  const today = moment().startOf('day');
  const pickedDay = picked ? moment(picked).startOf('day') : null;
  return (
    <div
      ref={root}
      className="date-calendar shadow"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      // Escape closes the calendar only, on its keyup: reactstrap's Modal closes the whole form on
      // the keyup of an Escape, which would reach the field had the calendar closed on keydown.
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.preventDefault();
      }}
      onKeyUp={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onCancel();
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) onLeave();
      }}
    >
      <div className="date-calendar-head">
        <MonthButton
          label="Previous month"
          icon={ChevronLeft}
          onClick={() => moveTo(active.clone().subtract(1, 'month'), false)}
        />
        <div id={titleId} className="fw-semibold" aria-live="polite">
          {active.format('MMMM YYYY')}
        </div>
        <MonthButton
          label="Next month"
          icon={ChevronRight}
          onClick={() => moveTo(active.clone().add(1, 'month'), false)}
          disabled={last !== null && active.clone().add(1, 'month').startOf('month').isAfter(last)}
        />
      </div>
      <table className="date-calendar-month" aria-labelledby={titleId}>
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th key={weekday} scope="col">
                {weekday}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(active).map((week, row) => (
            <tr key={row}>
              {week.map((day, column) => (
                <td key={column}>
                  {day ? (
                    <button
                      type="button"
                      className="date-calendar-day"
                      data-day={day.format(DAY_KEY)}
                      tabIndex={day.isSame(active, 'day') ? 0 : -1}
                      aria-label={day.format('dddd, D MMMM YYYY')}
                      aria-pressed={pickedDay?.isSame(day, 'day') ?? false}
                      aria-current={day.isSame(today, 'day') ? 'date' : undefined}
                      disabled={last !== null && day.isAfter(last)}
                      onKeyDown={onDayKey}
                      onClick={() => onPick(day.toDate())}
                    >
                      {day.date()}
                    </button>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
