import { randomBytes } from 'node:crypto';
import type { EPass, Visitor } from '@contract/visitors';
import {
  PASS_MESSAGES,
  passFieldErrors,
  passHost,
  passWeekdays,
  REPEAT,
  type PassFieldValues,
} from '@rules/pass-issuing';
import { passWindowText } from '@rules/pass-window-text';
import { CANCELLED, passWindow, SCAN_MESSAGES, VALID } from '@rules/visitor-pass';
import { authorOf, type Principal } from '../../auth/principal';
import type { MailConfig } from '../../config';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { changesBetween } from '../audit/changes';
import type { SitesRepository } from '../sites/sites.repository';
import type { WatchlistRepository } from '../watchlist/watchlist.repository';
import { checkWatchlist } from '../watchlist/watchlist.service';
import { GATE_MESSAGES } from './visitors.service';
import type { IssuedPassValues, VisitorsRepository } from './visitors.repository';

/** The fields an issued pass's audit entry records: never the visitor's phone or email. */
const AUDITED = ['residence_uuid', 'unit_uuid', 'host_name', 'name', 'category'] as const;
const AUDITED_WINDOW = ['repeat_type', 'repeat_days', 'date', 'start_time', 'end_time'] as const;

function audited(values: IssuedPassValues | null) {
  if (!values) return null;
  return Object.fromEntries([...AUDITED, ...AUDITED_WINDOW].map((key) => [key, values[key]]));
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** 'HH:MM' (or 'HH:MM:SS') as every pass stores its times. */
const withSeconds = (time: string) => (time.length === 5 ? `${time}:00` : time);

/**
 * Passes issued ahead of the visit from the console (issue 23): add, change before the first
 * scan, cancel, and the visitor's public e-pass. The rules are `@rules/pass-issuing`'s, the
 * scope the caller's sites.
 */
export function createPassIssuingService(deps: {
  visitors: VisitorsRepository;
  sites: SitesRepository;
  watchlist: WatchlistRepository;
  mailer: Mailer;
  mail: MailConfig;
  publicUrl: string;
}) {
  const { visitors, sites } = deps;

  /** The pass's values once every rule holds, or a 400 naming the first that does not. */
  async function checkedValues(
    caller: Principal,
    body: PassFieldValues,
    now: Date,
  ): Promise<IssuedPassValues> {
    const siteUuid = text(body.residence_uuid);
    const site = siteUuid ? await visitors.siteForPass(caller, siteUuid) : undefined;
    if (siteUuid && !site) throw badRequest(PASS_MESSAGES.siteUnknown, 'INVALID_SITE');
    const errors = passFieldErrors(body, {
      now,
      siteTakesVisitors: site ? site.kipleguard_visitors === 1 : null,
    });
    const [first] = Object.values(errors);
    if (first) throw badRequest(first, 'INVALID_PASS');
    const unit = await sites.unitOf(siteUuid, text(body.unit_uuid));
    if (!unit) throw badRequest(GATE_MESSAGES.unitUnknown, 'INVALID_UNIT');
    const repeatType = text(body.repeat_type);
    return {
      residence_uuid: siteUuid,
      unit_uuid: unit.uuid,
      host_name: text(body.host_name),
      name: text(body.name),
      phone_number: text(body.phone_number),
      email: text(body.email),
      car_plate_number: text(body.car_plate_number).toUpperCase(),
      category: text(body.category),
      repeat_type: repeatType,
      repeat_days:
        repeatType === REPEAT ? (passWeekdays(text(body.repeatType)) ?? []).join(',') : '',
      date: text(body.date),
      start_time: withSeconds(text(body.start_time)),
      end_time: withSeconds(text(body.end_time)),
      remarks: text(body.remarks),
    };
  }

  /**
   * Mails the visitor the e-pass link, when the pass names an email, with where and when the
   * visit is, in the e-pass page's words.
   */
  async function mailEPass(values: IssuedPassValues, token: string | null) {
    if (!values.email || !token) return;
    const link = `${deps.publicUrl}/pass/${token}`;
    const site = (await sites.findLive(values.residence_uuid))?.name ?? '';
    const when = passWindowText({
      repeat_type: values.repeat_type,
      repeatType: values.repeat_days,
      date: values.date,
      start_time: values.start_time,
      end_time: values.end_time,
    });
    const lines = [
      `Hello ${values.name},`,
      '',
      `${values.host_name} has registered your visit.`,
      '',
      `Site: ${site}`,
      `When: ${when}`,
      '',
      'Show the QR code on this page at the gate:',
      link,
    ];
    await deps.mailer.send(
      {
        to: values.email,
        subject: `${deps.mail.productName}: your visitor pass for ${site}`,
        text: lines.join('\n'),
        html:
          `<p>Hello ${escapeHtml(values.name)},</p>` +
          `<p>${escapeHtml(values.host_name)} has registered your visit.</p>` +
          `<p>Site: ${escapeHtml(site)}<br>When: ${escapeHtml(when)}</p>` +
          `<p>Show the QR code on this page at the gate:</p><p><a href="${link}">${link}</a></p>`,
      },
      `E-pass link: ${link}`,
    );
  }

  /** A pass the caller may change: in scope, valid, never scanned. */
  async function changeable(caller: Principal, uuid: string): Promise<Visitor> {
    const pass = await visitors.find(caller, { uuid });
    if (!pass) throw notFound();
    if (pass.status === CANCELLED) throw conflict(PASS_MESSAGES.cancelled, 'PASS_CANCELLED');
    if (pass.status !== VALID) throw conflict(SCAN_MESSAGES.notValid, 'PASS_NOT_VALID');
    if (pass.checkpoint_times > 0) throw conflict(PASS_MESSAGES.scannedAlready, 'PASS_SCANNED');
    return pass;
  }

  function valuesOf(pass: Visitor): IssuedPassValues {
    return {
      residence_uuid: pass.residence_uuid,
      unit_uuid: pass.unit_uuid ?? '',
      host_name: pass.host_name,
      name: pass.name,
      phone_number: pass.phone_number,
      email: pass.email,
      car_plate_number: pass.car_plate_number,
      category: pass.category,
      repeat_type: pass.repeat_type,
      repeat_days: pass.repeatType,
      date: pass.date,
      start_time: pass.start_time,
      end_time: pass.end_time,
      remarks: pass.remarks,
    };
  }

  /**
   * The watchlist's word on the pass: a refusal, or the entries a company user overrode, which
   * the pass's audit entry names (`watchlist_override`) with who overrode them (its actor).
   */
  async function watchlistOverride(
    caller: Principal,
    values: IssuedPassValues,
    body: PassFieldValues & { override_watchlist?: unknown },
  ) {
    const hits = await checkWatchlist(
      deps.watchlist,
      caller,
      values.residence_uuid,
      values,
      body.override_watchlist,
    );
    return hits.length === 0 ? {} : { watchlist_override: hits.map((hit) => hit.reason) };
  }

  return {
    /** Issues a pass; mails the e-pass when an email is given. Answers the pass. */
    async issue(
      caller: Principal,
      body: PassFieldValues & { override_watchlist?: unknown },
      now: Date,
    ): Promise<Visitor> {
      const values = await checkedValues(caller, body, now);
      const override = await watchlistOverride(caller, values, body);
      const token = randomBytes(24).toString('base64url');
      const uuid = await visitors.insertIssued({
        values,
        epassToken: token,
        issuedBy: authorOf(caller),
        now,
        audit: (created) => ({
          action: 'create',
          entity: 'visitor',
          entityUuid: created,
          entityLabel: values.name,
          companyUuid: { ofSite: values.residence_uuid },
          changes: changesBetween(null, { ...audited(values), ...override }),
        }),
      });
      await mailEPass(values, token);
      const pass = await visitors.find(caller, { uuid });
      if (!pass) throw notFound();
      return pass;
    },

    /**
     * Changes a pass before its first scan. A field left out stays as it is; the e-pass is
     * mailed again with the new details.
     */
    async change(
      caller: Principal,
      uuid: string,
      body: PassFieldValues & { override_watchlist?: unknown },
      now: Date,
    ): Promise<Visitor> {
      const pass = await changeable(caller, uuid);
      const before = valuesOf(pass);
      const merged: PassFieldValues = {
        ...before,
        repeatType: before.repeat_days,
        ...Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
      };
      const { override_watchlist: overrideAsked, ...fields } = merged as typeof body;
      const values = await checkedValues(caller, fields, now);
      const override = await watchlistOverride(caller, values, {
        override_watchlist: overrideAsked,
      });
      const changed = await visitors.updateIssued(uuid, values, now, {
        action: 'update',
        entity: 'visitor',
        entityUuid: uuid,
        entityLabel: values.name,
        companyUuid: { ofSite: values.residence_uuid },
        changes: changesBetween(audited(before), { ...audited(values), ...override }),
      });
      if (!changed) throw conflict(PASS_MESSAGES.scannedAlready, 'PASS_SCANNED');
      await mailEPass(values, pass.epass_path?.slice('/pass/'.length) ?? null);
      const after = await visitors.find(caller, { uuid });
      if (!after) throw notFound();
      return after;
    },

    /** Cancels a pass: the record stays, the desk refuses it, its e-pass link dies. */
    async cancel(caller: Principal, uuid: string, now: Date): Promise<Visitor> {
      const pass = await visitors.find(caller, { uuid });
      if (!pass) throw notFound();
      const cancelled = await visitors.cancel(uuid, now, {
        action: 'cancel',
        entity: 'visitor',
        entityUuid: uuid,
        entityLabel: pass.name,
        companyUuid: { ofSite: pass.residence_uuid },
        changes: changesBetween({ status: pass.status }, { status: CANCELLED }),
      });
      if (!cancelled) throw conflict(PASS_MESSAGES.cancelled, 'PASS_CANCELLED');
      const after = await visitors.find(caller, { uuid });
      if (!after) throw notFound();
      return after;
    },

    /** The public e-pass: gone once no longer valid (cancelled), revoked, or past its window. */
    async ePass(token: string, now: Date): Promise<EPass> {
      const row = await visitors.findByEpassToken(token);
      const window = row ? passWindow(row) : null;
      if (!row || row.status !== VALID || !window || now > window.end) {
        throw new ApiError(404, 'EPASS_GONE', PASS_MESSAGES.epassGone);
      }
      return {
        name: row.name,
        residence_name: row.residence_name,
        unit_name: row.unit_name,
        host_name: passHost(row.host_name, row.unit_owner_name),
        repeat_type: row.repeat_type,
        repeatType: row.repeat_days,
        date: row.date,
        start_time: row.start_time,
        end_time: row.end_time,
        qr_code: row.qr_code,
      };
    },
  };
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

export type PassIssuingService = ReturnType<typeof createPassIssuingService>;
