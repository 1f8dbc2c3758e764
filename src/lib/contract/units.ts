/** A site's unit as GET /units/list answers it (issue 34). */
export interface Unit {
  uuid: string;
  residence_uuid: string;
  residence_name: string;
  name: string;
  owner_name: string;
  /** The number the gate calls for the unit ('' when none). */
  contact_number: string;
}

/** PATCH /units/{uuid}: who owns the unit and the number the gate calls. */
export interface UnitBody {
  owner_name: string;
  contact_number: string;
}
