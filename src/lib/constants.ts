/** Business constants shared by every list screen (spec part 1 §9, part 2 §9). */

/** Rows per page for every list: limit 8, offset = (page - 1) * 8. */
export const PAGE_SIZE = 8;

/** Data tables keep a fixed height and scroll, so the page layout does not jump between pages. */
export const TABLE_HEIGHT = 560;
export const ROW_HEIGHT = 62;
/** Attendance rows hold check-in and check-out selfies, hence taller. */
export const ATTENDANCE_ROW_HEIGHT = 120;
/**
 * Visitors rows below lg: each of a row's two times takes two lines there (date, then time), so
 * arrival and exit take four.
 */
export const VISITOR_NARROW_ROW_HEIGHT = 120;

export const SUCCESS_ALERT_MS = 3000;
/** After a delete the list reloads this long after the confirmation, per the spec's delete flow. */
export const DELETE_RELOAD_DELAY_MS = 2000;
