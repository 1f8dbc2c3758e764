import { useState } from 'react';
import moment from 'moment';
import * as yup from 'yup';
import { useAppDispatch } from '../../app/hooks';
import { DateField } from '../../components/date-field';
import { SelectInput } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { SuccessAlert, clearIfShown } from '../../components/success-alert';
import { FORM_DATE, formDateToApi, isValidFormDate } from '../../lib/dates';
import { rosterRangeProblem, SHIFT_MESSAGES } from '@rules/shifts';
import { timesheetCsv, timesheetXlsx } from './timesheet-files';
import { fetchTimesheet } from './watch-slice';

export type TimesheetFormat = 'csv' | 'xlsx';

interface TimesheetValues {
  /** 'DD/MM/YYYY', the reader's local days. */
  from: string;
  to: string;
  format: TimesheetFormat;
}

const dateField = yup
  .string()
  .trim()
  .required(SHIFT_MESSAGES.dateInvalid)
  .test('date', SHIFT_MESSAGES.dateInvalid, (text) => isValidFormDate(text));

const schema = yup.object({
  from: dateField,
  to: dateField.test('range', '', (text, context) => {
    const from = formDateToApi(String(context.parent.from ?? ''));
    const to = formDateToApi(text);
    if (!from || !to) return true;
    const problem = rosterRangeProblem(from, to);
    return problem ? context.createError({ message: problem }) : true;
  }),
  format: yup.string().oneOf(['csv', 'xlsx']),
});

/** This month so far: its first day to its last. */
function thisMonth(): Pick<TimesheetValues, 'from' | 'to'> {
  return {
    from: moment().startOf('month').format(FORM_DATE),
    to: moment().endOf('month').format(FORM_DATE),
  };
}

const MIME: Record<TimesheetFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Exports a timesheet for a period, in CSV or XLSX: every guard the user sees, or one guard (from
 * the guard's page). It gives planned and worked hours with the selfies' times, late minutes,
 * no-shows, hours past 8 a day and 48 a week, and each site's totals.
 */
export function TimesheetModal({
  isOpen,
  onClose,
  guard,
}: {
  isOpen: boolean;
  onClose: () => void;
  guard?: { uuid: string; name: string };
}) {
  const dispatch = useAppDispatch();
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const title = guard ? `Timesheet: ${guard.name}` : 'Timesheet';

  return (
    <>
      <FormModal<TimesheetValues>
        isOpen={isOpen}
        title={title}
        saving={saving}
        busyText="Making the timesheet. Please don't close this window."
        onClose={onClose}
        initialValues={{ ...thisMonth(), format: 'xlsx' }}
        validationSchema={schema}
        submitLabel="Export"
        onSubmit={async (values, form) => {
          const from = formDateToApi(values.from);
          const to = formDateToApi(values.to);
          if (!from || !to) return;
          setSaving(true);
          form.setStatus(undefined);
          const outcome = await dispatch(fetchTimesheet({ from, to, guardUuid: guard?.uuid }));
          if (!fetchTimesheet.fulfilled.match(outcome)) {
            setSaving(false);
            form.setStatus(outcome.payload ?? 'The timesheet could not be made.');
            return;
          }
          try {
            const sheet = outcome.payload;
            const [{ saveAs }, content] = await Promise.all([
              import('file-saver'),
              values.format === 'csv' ? timesheetCsv(sheet) : timesheetXlsx(sheet),
            ]);
            const who = guard ? `-${guard.name.replace(/[^\w-]+/g, '-')}` : '';
            saveAs(
              new Blob([content], { type: MIME[values.format] }),
              `timesheet${who}-${from}-to-${to}.${values.format}`,
            );
            setDone(
              `Timesheet exported: ${sheet.lines.length} ${sheet.lines.length === 1 ? 'line' : 'lines'}, ${sheet.guards.length} ${sheet.guards.length === 1 ? 'guard' : 'guards'}.`,
            );
            onClose();
          } catch {
            form.setStatus('The timesheet file could not be written. Please try again.');
          } finally {
            setSaving(false);
          }
        }}
      >
        {() => (
          <>
            <DateField name="from" label="From" />
            <DateField name="to" label="To" />
            <SelectInput name="format" label="Format">
              <option value="xlsx">Excel (XLSX)</option>
              <option value="csv">CSV</option>
            </SelectInput>
          </>
        )}
      </FormModal>
      <SuccessAlert message={done} onDone={clearIfShown(setDone)} />
    </>
  );
}
