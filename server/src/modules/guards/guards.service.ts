import { checkNewFile } from '../files/files.service';
import type { FilesRepository } from '../files/files.repository';
import { changesBetween, secretChanged } from '../audit/changes';
import {
  GUARD_MESSAGES,
  generatePin,
  isValidContactNumber,
  isValidEmail,
  isValidPin,
} from '@rules/guards';
import type { Guard, GuardPayload, GuardPin } from '@contract/guards';
import type { AccountsRepository } from '../../auth/accounts.repository';
import type { Principal } from '../../auth/principal';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { ParsedListQuery } from '../../query';
import type { SignInNames } from '../guard-app/sign-in-names';
import type { GuardsRepository, GuardsStore, GuardValues } from './guards.repository';

/**
 * The body of POST /guards/add and PATCH /guards/{uuid}, as the body schema lets it through: an
 * edit may leave any field out (it keeps what it has), and a text field may be null.
 */
export type GuardBody = {
  [K in keyof GuardPayload]?: string extends GuardPayload[K]
    ? GuardPayload[K] | null
    : GuardPayload[K];
};

/** Not among the shared form messages: only the server can know it. */
export const GUARD_ID_IN_USE = 'Guard ID is already in use.';
export const COMPANY_NOT_FOUND = 'Security Company does not exist.';
export const OTHER_COMPANY = 'You can only manage guards of your own security company.';
export const OTHER_SITE = 'You can only assign guards to your own sites.';
export const SITE_INVALID =
  'Every site must be a live site of the chosen Security Company with the guard service enabled.';
export const PHOTO_NOT_FOUND = 'Photo does not exist. Please upload it again.';
/** The API carries birthdates as YYYY-MM-DD (the form shows dd/MM/yyyy), so its message names that. */
export const BIRTHDATE_NOT_ISO = 'Birthdate must be a valid date in the format YYYY-MM-DD.';

type Mode = 'add' | 'edit';

const EMPTY_GUARD: GuardValues = {
  security_company_uuid: '',
  guard_id: '',
  name: '',
  email: null,
  address: '',
  contact_number: '',
  ic_passport_number: '',
  nationality: '',
  birthdate: null,
  is_active: 1,
  photo_file_uuid: null,
};

function text(given: string | null | undefined, current: string): string {
  return given === undefined ? current : (given ?? '').trim();
}

function optionalText(given: string | null | undefined, current: string | null): string | null {
  if (given === undefined) return current;
  const value = (given ?? '').trim();
  return value === '' ? null : value;
}

/** A real calendar date written 'YYYY-MM-DD' (so 2023-02-30 is refused). */
function isValidDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The payload laid over `current` (an edit keeps what it leaves out). */
function mergeValues(payload: GuardBody, current: GuardValues): GuardValues {
  return {
    security_company_uuid: text(payload.security_company_uuid, current.security_company_uuid),
    guard_id: text(payload.guard_id, current.guard_id),
    name: text(payload.name, current.name),
    email: optionalText(payload.email, current.email),
    address: text(payload.address, current.address),
    contact_number: text(payload.contact_number, current.contact_number),
    ic_passport_number: text(payload.ic_passport_number, current.ic_passport_number),
    nationality: text(payload.nationality, current.nationality),
    birthdate: optionalText(payload.birthdate, current.birthdate),
    is_active: payload.is_active ?? current.is_active,
    photo_file_uuid: optionalText(payload.photo, current.photo_file_uuid),
  };
}

/** The first problem in the form's field order, with the form's own message, or null. */
export function guardFieldProblem(values: GuardValues, mode: Mode): string | null {
  if (!values.security_company_uuid) return GUARD_MESSAGES.companyRequired;
  if (!values.guard_id) return GUARD_MESSAGES.guardIdRequired;
  if (!values.name) return GUARD_MESSAGES.nameRequired;
  if (!values.nationality) return GUARD_MESSAGES.nationalityRequired;
  if (!isValidContactNumber(values.contact_number)) {
    return mode === 'add' ? GUARD_MESSAGES.contactOnAdd : GUARD_MESSAGES.contactOnEdit;
  }
  if (!values.ic_passport_number) return GUARD_MESSAGES.icPassportRequired;
  if (!values.birthdate) return GUARD_MESSAGES.birthdateRequired;
  if (!isValidDate(values.birthdate)) return BIRTHDATE_NOT_ISO;
  if (values.email !== null && !isValidEmail(values.email)) return GUARD_MESSAGES.emailInvalid;
  if (!values.address) return GUARD_MESSAGES.addressRequired;
  return null;
}

function valuesOf(record: Guard): GuardValues {
  return {
    security_company_uuid: record.security_company_uuid,
    guard_id: record.guard_id,
    name: record.name,
    email: record.email,
    address: record.address,
    contact_number: record.contact_number,
    ic_passport_number: record.ic_passport_number,
    nationality: record.nationality,
    birthdate: record.birthdate,
    is_active: record.is_active,
    photo_file_uuid: record.photo,
  };
}

/** What every audit entry about a guard names: the guard, and its company. */
export function guardEntry(
  uuid: string,
  values: Pick<GuardValues, 'name' | 'security_company_uuid'>,
) {
  return {
    entity: 'guard' as const,
    entityUuid: uuid,
    entityLabel: values.name,
    companyUuid: values.security_company_uuid,
  };
}

export function createGuardsService(deps: {
  guards: GuardsRepository;
  accounts: AccountsRepository;
  files: FilesRepository;
  signInNames: SignInNames;
}) {
  const { guards, accounts, files } = deps;

  async function findInScope(principal: Principal, uuid: string): Promise<Guard> {
    const record = await guards.findInScope(principal, uuid);
    if (!record) throw notFound();
    return record;
  }

  async function checkCompany(store: GuardsStore, principal: Principal, companyUuid: string) {
    if (principal.role !== 'superadmin') {
      if (companyUuid !== principal.companyUuid) throw forbidden(OTHER_COMPANY);
      return;
    }
    if (!(await store.companyIsLive(companyUuid))) throw badRequest(COMPANY_NOT_FOUND);
  }

  /**
   * The guard's site links after the save. A supervisor may only link its own sites; links the
   * guard already has to other supervisors' sites are kept whatever the payload says, and at
   * least one of its own sites must remain, or the guard would leave its scope.
   */
  async function siteLinks(
    store: GuardsStore,
    principal: Principal,
    values: GuardValues,
    requested: string[],
    existing: string[],
  ): Promise<string[]> {
    const chosen = [...new Set(requested)];
    const supervisor = principal.role === 'sitesupervisor';
    const own = new Set(principal.sites.map((site) => site.uuid));
    if (supervisor && chosen.some((uuid) => !own.has(uuid) && !existing.includes(uuid))) {
      throw forbidden(OTHER_SITE);
    }
    const kept = supervisor
      ? existing.filter((uuid) => !own.has(uuid) && !chosen.includes(uuid))
      : [];
    const links = [...chosen, ...kept];
    const sites = new Map((await store.liveSites(links)).map((site) => [site.uuid, site]));
    if (supervisor && !links.some((uuid) => own.has(uuid))) {
      throw badRequest(GUARD_MESSAGES.siteRequired);
    }
    for (const uuid of links) {
      const site = sites.get(uuid);
      // A link the guard already has may stay after its site turns the guard service off.
      const enabled = site?.kipleguard_enabled === 1 || existing.includes(uuid);
      if (!site || site.security_company_uuid !== values.security_company_uuid || !enabled) {
        throw badRequest(SITE_INVALID, 'INVALID_SITE');
      }
    }
    return links;
  }

  /** Same rule as POST /admin/searchadmin: a guard may not take a login's email. */
  async function checkEmail(email: string | null, previous: string | null) {
    if (email === null || email.toLowerCase() === previous?.toLowerCase()) return;
    if ((await accounts.findAdminsByEmail(email)).length > 0) {
      throw conflict(GUARD_MESSAGES.emailInUse, 'EMAIL_IN_USE', 'email');
    }
  }

  /** Checks a save as a whole and writes it in one transaction; answers the guard's uuid. */
  async function save(
    principal: Principal,
    payload: GuardBody,
    current: Guard | null,
    now: Date,
  ): Promise<string> {
    const mode: Mode = current ? 'edit' : 'add';
    const values = mergeValues(payload, current ? valuesOf(current) : EMPTY_GUARD);
    const problem = guardFieldProblem(values, mode);
    if (problem) throw badRequest(problem);
    // A PIN sent with a new guard must be a valid one; none at all means the server makes one.
    if (!current && payload.pin && !isValidPin(payload.pin)) {
      throw badRequest(GUARD_MESSAGES.pinInvalid);
    }
    await checkEmail(values.email, current?.email ?? null);
    // A guard with app access keeps sign-in names no other such guard has (issue 35).
    if (
      current &&
      (values.email?.toLowerCase() !== current.email?.toLowerCase() ||
        values.contact_number !== current.contact_number)
    ) {
      await deps.signInNames.check(
        principal,
        { uuid: current.uuid, email: values.email, contact_number: values.contact_number },
        { withAccessOnly: true },
      );
    }
    // Checked before the transaction: SQLite has one connection, which the transaction holds.
    if (values.photo_file_uuid !== null && values.photo_file_uuid !== current?.photo) {
      await checkNewFile(files, principal, values.photo_file_uuid, PHOTO_NOT_FOUND);
    }

    return guards.transaction(async (store) => {
      await checkCompany(store, principal, values.security_company_uuid);
      const existing = current ? await store.linkedSiteUuids(current.uuid) : [];
      const requested = payload.residence_uuids ?? (current ? existing : []);
      const links = await siteLinks(store, principal, values, requested, existing);
      if (
        await store.guardIdTaken(
          values.security_company_uuid,
          values.guard_id,
          current?.uuid ?? null,
        )
      ) {
        throw conflict(GUARD_ID_IN_USE, 'GUARD_ID_IN_USE', 'guard_id');
      }
      const after = { ...values, residence_uuids: links };
      if (!current) {
        const pin = payload.pin || generatePin();
        const uuid = await store.insert(values, pin, links);
        await store.audit({
          ...guardEntry(uuid, values),
          action: 'create',
          changes: changesBetween(null, { ...after, pin }),
        });
        return uuid;
      }
      await store.update(current.uuid, values, links, now);
      await store.afterSave(current.uuid, values.is_active === 1, now);
      await store.audit({
        ...guardEntry(current.uuid, values),
        action: 'update',
        changes: changesBetween({ ...valuesOf(current), residence_uuids: existing }, after),
      });
      return current.uuid;
    });
  }

  async function saved(uuid: string): Promise<Guard> {
    const record = await guards.findLive(uuid);
    if (!record) throw notFound();
    return record;
  }

  return {
    /** A live guard within the caller's scope; any other answers 404. */
    find: findInScope,

    list(principal: Principal, list: ParsedListQuery) {
      return guards.list(principal, list);
    },

    /** The new guard, with the PIN it was given: its creator is shown it once (spec part 1 §3). */
    async create(principal: Principal, payload: GuardBody, now: Date): Promise<Guard> {
      const created = await saved(await save(principal, payload, null, now));
      return { ...created, pin: await guards.pinOf(created.uuid) };
    },

    async update(
      principal: Principal,
      uuid: string,
      payload: GuardBody,
      now: Date,
    ): Promise<Guard> {
      const current = await findInScope(principal, uuid);
      const savedUuid = await save(principal, payload, current, now).catch(
        async (error: unknown) => {
          // Two writes racing for one sign-in name: the unique index let the other through.
          throw await deps.signInNames.answer(principal, error);
        },
      );
      return saved(savedUuid);
    },

    async remove(principal: Principal, uuid: string, now: Date): Promise<void> {
      const current = await findInScope(principal, uuid);
      await guards.transaction(async (store) => {
        await store.softDelete(uuid, now);
        await store.endAppAccess(uuid, now);
        await store.audit({
          ...guardEntry(uuid, valuesOf(current)),
          action: 'delete',
          changes: changesBetween(valuesOf(current), null),
        });
      });
    },

    /**
     * A guard's PIN, shown on an explicit reveal in the Guards list (one row at a time), to those
     * who may manage the guard; each reveal is in the audit trail.
     */
    async revealPin(principal: Principal, uuid: string): Promise<GuardPin> {
      const current = await findInScope(principal, uuid);
      const pin = await guards.pinOf(uuid);
      if (pin === null) throw notFound(GUARD_MESSAGES.noPin);
      await guards.audit({ ...guardEntry(uuid, valuesOf(current)), action: 'pin-reveal' });
      return { uuid, pin };
    },

    async updatePin(principal: Principal, uuid: string, pin: string, now: Date): Promise<GuardPin> {
      if (!isValidPin(pin)) throw badRequest(GUARD_MESSAGES.pinInvalid);
      const current = await findInScope(principal, uuid);
      await guards.transaction(async (store) => {
        await store.setPin(uuid, pin, now);
        await store.audit({
          ...guardEntry(uuid, valuesOf(current)),
          action: 'pin-change',
          changes: secretChanged('pin'),
        });
      });
      return { uuid, pin };
    },
  };
}

export type GuardsService = ReturnType<typeof createGuardsService>;
