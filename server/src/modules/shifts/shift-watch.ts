import type { DB } from '../../db/database';
import { toDbTime } from '../../db/time';
import { claimJob } from '../../jobs/job-leases';
import type { OutgoingMail } from '../../mail/mailer';
import {
  claimDigests,
  insertShiftAlerts,
  raiseLicenceAlerts,
  type PendingDigest,
  type TakenAlert,
} from '../alerts/alerts.repository';
import { watchNightCompletion, watchPatrols } from '../patrols/patrol-watch';
import { markNoShows, shiftsWithoutAlert } from './shifts.repository';

export interface WatchDeps {
  /** The interval the watch runs at; one run per interval across processes. */
  everySeconds: number;
  mailer: { send(mail: OutgoingMail, notice: string): Promise<void> } | null;
  publicUrl: string;
  productName: string;
}

export interface WatchRun {
  noShows: number;
  /** Patrols closed by their time (issue 38). */
  patrolsClosed: number;
  alerts: number;
  mails: number;
}

/** How far back the watch looks for late or no-show shifts still without their alert. */
const ALERT_LOOKBACK_MS = 2 * 86_400_000;
/** The most alerts one digest lists; the rest are in the console. */
const DIGEST_LINES = 50;

export const whatsappLink = (message: string) =>
  `https://wa.me/?text=${encodeURIComponent(message)}`;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** One user's digest: each alert with its WhatsApp share link, and the way to the console. */
export function digestMail(digest: PendingDigest, deps: WatchDeps): OutgoingMail {
  const shown = digest.alerts.slice(0, DIGEST_LINES);
  const more = digest.alerts.length - shown.length;
  const link = `${deps.publicUrl}/alerts`;
  const count = digest.alerts.length;
  const subject =
    count === 1
      ? `${deps.productName}: ${digest.alerts[0]?.message ?? ''}`
      : `${deps.productName}: ${count} new alerts`;
  const text = [
    `Hello ${digest.recipient.name},`,
    '',
    ...shown.flatMap((alert) => [
      `- ${alert.message}`,
      `  Share on WhatsApp: ${whatsappLink(alert.message)}`,
    ]),
    ...(more > 0 ? [`…and ${more} more.`] : []),
    '',
    `See them all in ${deps.productName}: ${link}`,
    'You choose which alerts you get, per site, in the console.',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(digest.recipient.name)},</p>`,
    '<ul>',
    ...shown.map(
      (alert) =>
        `<li>${escapeHtml(alert.message)} — <a href="${escapeHtml(whatsappLink(alert.message))}">Share on WhatsApp</a></li>`,
    ),
    '</ul>',
    ...(more > 0 ? [`<p>…and ${more} more.</p>`] : []),
    `<p><a href="${escapeHtml(link)}">See them all in ${escapeHtml(deps.productName)}</a>. You choose which alerts you get, per site, in the console.</p>`,
  ].join('\n');
  return { to: digest.recipient.email, subject, text, html };
}

/**
 * One run of the watch at `now`, in whichever process takes the lease for this interval (null in
 * the others). In one transaction it marks the overdue shifts no-show (one set-based update per
 * no-show time), raises the alerts of late and no-show shifts and of licences near or past
 * their expiry, plans patrols and closes those whose time is up, with their alerts (issue 38); each alert's unique dedupe key keeps it to one, whatever ran before. Then it mails
 * each user one digest of the new alerts it gets by email (each alert taken by one run).
 */
export async function runShiftWatch(db: DB, now: Date, deps: WatchDeps): Promise<WatchRun | null> {
  const interval = deps.everySeconds * 1000;
  // The lease runs to the end of this interval (by the clock), so each interval is one run.
  const leaseMs = Math.floor(now.getTime() / interval) * interval + interval - now.getTime();
  if (!(await claimJob(db, 'shift-watch', now, leaseMs))) return null;
  const since = toDbTime(new Date(now.getTime() - ALERT_LOOKBACK_MS));
  const at = toDbTime(now);
  // With a mailer, the alerts this run raises are taken for its digest as they are written.
  const taken: TakenAlert[] | undefined = deps.mailer ? [] : undefined;
  const { noShows, patrolsClosed, alerts } = await db.transaction().execute(async (trx) => {
    const marked = await markNoShows(trx, now);
    let raised = 0;
    for (const kind of ['late', 'no_show'] as const) {
      const rows = await shiftsWithoutAlert(trx, kind, since, at);
      raised += await insertShiftAlerts(trx, rows, kind, now, taken);
    }
    raised += await raiseLicenceAlerts(trx, now, taken);
    const patrols = await watchPatrols(trx, now, taken);
    raised += patrols.alerts;
    return { noShows: marked, patrolsClosed: patrols.closed, alerts: raised };
  });
  const nightAlerts = await watchNightCompletion(db, now, taken);
  let mails = 0;
  let failure: unknown = null;
  if (deps.mailer) {
    // One user's failed mail does not keep the others' from going; it is reported after.
    for (const digest of await claimDigests(db, now, taken)) {
      try {
        await deps.mailer.send(
          digestMail(digest, deps),
          `${digest.alerts.length} alert(s) for ${digest.recipient.email}`,
        );
        mails += 1;
      } catch (error) {
        failure ??= error;
      }
    }
  }
  if (failure) throw failure;
  return { noShows, patrolsClosed, alerts: alerts + nightAlerts, mails };
}
