/** The roster screens' own words; the rules' messages come from @rules/shifts. */
export const ROSTER_TEXT = {
  dateInvalid: 'Enter the date as DD/MM/YYYY.',
  shiftRequired: 'Choose a shift.',
  sameShift: 'Choose two different shifts.',
  made: (count: number) => `Made ${count} ${count === 1 ? 'shift' : 'shifts'}.`,
  patternAdded: 'Shift pattern added.',
  patternSaved: 'Shift pattern saved.',
  patternDeleted: 'Shift pattern deleted.',
  openPlace: 'Open: no guard',
  oneOffAdded: 'One-off shift added.',
  swapped: 'Guards swapped.',
} as const;
