import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { useField } from 'formik';
import { useTranslation } from 'react-i18next';
import { Input, Label } from 'reactstrap';
import { dateTimeInputText, localDayText, readDateTimeInput } from '../../lib/device-time';
import { useKioskFormat } from './kiosk-format';

/** The days a report's time can fall on: today and the days before it. */
const DAYS_OFFERED = 7;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const MINUTES = Array.from({ length: 60 }, (_, minute) => minute);

type Part = 'day' | 'hour' | 'minute';

/** One labelled part of the time: a large select. */
function TimePart({
  label,
  value,
  problemId,
  onChange,
  onBlur,
  children,
}: {
  label: string;
  value: string;
  /** The field's problem, when it has one: the part is marked and described by it. */
  problemId: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <Label for={id}>{label}</Label>
      <Input
        id={id}
        type="select"
        bsSize="lg"
        value={value}
        invalid={problemId !== null}
        aria-describedby={problemId ?? undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        {children}
      </Input>
    </div>
  );
}

/**
 * When an incident happened, in the device's time, as day, hour and minute, each written in the
 * kiosk's language. The Formik field holds a datetime-local value ('yyyy-MM-ddTHH:mm'); a
 * datetime-local input itself would write the time in the browser's locale, whatever the kiosk's.
 */
export function IncidentTimeField({ name }: { name: string }) {
  const { t } = useTranslation('kiosk');
  const format = useKioskFormat();
  const problemId = useId();
  const [field, meta, helpers] = useField<string>(name);
  const [days] = useState(() => {
    const today = new Date();
    return Array.from(
      { length: DAYS_OFFERED },
      (_, back) => new Date(today.getFullYear(), today.getMonth(), today.getDate() - back),
    );
  });
  const chosen = readDateTimeInput(field.value) ?? new Date();
  const problem = meta.touched ? meta.error : undefined;

  const part = (which: Part) => ({
    problemId: problem ? problemId : null,
    onBlur: () => void helpers.setTouched(true),
    onChange: (value: string) => {
      const [year = 0, month = 1, date = 1] = (which === 'day' ? value : localDayText(chosen))
        .split('-')
        .map(Number);
      const hour = which === 'hour' ? Number(value) : chosen.getHours();
      const minute = which === 'minute' ? Number(value) : chosen.getMinutes();
      void helpers.setValue(dateTimeInputText(new Date(year, month - 1, date, hour, minute)));
    },
  });

  return (
    <fieldset className="kiosk-field">
      <legend className="kiosk-label">{t('incident.when')}</legend>
      <div className="kiosk-time-parts">
        <TimePart label={t('incident.whenDay')} value={localDayText(chosen)} {...part('day')}>
          {days.map((day) => (
            <option key={day.getTime()} value={localDayText(day)}>
              {format.date(day)}
            </option>
          ))}
        </TimePart>
        <TimePart
          label={t('incident.whenHour')}
          value={String(chosen.getHours())}
          {...part('hour')}
        >
          {HOURS.map((hour) => (
            <option key={hour} value={String(hour)}>
              {format.hour(new Date(2000, 0, 1, hour))}
            </option>
          ))}
        </TimePart>
        <TimePart
          label={t('incident.whenMinute')}
          value={String(chosen.getMinutes())}
          {...part('minute')}
        >
          {MINUTES.map((minute) => (
            <option key={minute} value={String(minute)}>
              {format.twoDigits(minute)}
            </option>
          ))}
        </TimePart>
      </div>
      {problem ? (
        <p id={problemId} className="invalid-feedback d-block">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
