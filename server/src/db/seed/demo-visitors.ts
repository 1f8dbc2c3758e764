import { VISITOR_CATEGORIES } from './demo-catalogue';
import type { DemoContext, SeededSite } from './demo-context';
import {
  insertVisitorRows,
  type PastOutcomes,
  planVisit,
  type StaffByCompany,
  visitorRows,
} from './rows';

const VISITOR_COUNT = 300;
/** Most came and went; some left without the guard scanning them out; the rest never came. */
const PAST_OUTCOMES: PastOutcomes = { scannedOut: 0.6, inside: 0.7, expired: 0.85, invalid: 0.93 };

/** Half the passes are past visits, a fifth are for today and the rest are upcoming. */
function pickDay(ctx: DemoContext): number {
  const roll = ctx.random.next();
  if (roll < 0.5) return ctx.random.int(1, 30);
  if (roll < 0.72) return 0;
  return -ctx.random.int(1, 14);
}

function visitorRecords(
  ctx: DemoContext,
  options: {
    site: SeededSite;
    index: number;
    staff: StaffByCompany;
    walkInPhotos: readonly string[];
  },
) {
  const { random, now } = ctx;
  const visit = planVisit(random, now, pickDay(ctx), PAST_OUTCOMES);
  return visitorRows(random, now, {
    site: options.site,
    visit,
    category: random.pick(VISITOR_CATEGORIES),
    qrCode: () => `KGV${String(options.index + 1).padStart(5, '0')}${random.letters(6)}`,
    staff: options.staff,
    walkInPhotos: options.walkInPhotos,
    newUuid: () => random.uuid(),
  });
}

/** Visitor passes of every kind and state at the sites that take visitors. */
export async function seedVisitors(
  ctx: DemoContext,
  sites: readonly SeededSite[],
  staff: StaffByCompany,
  walkInPhotos: readonly string[],
): Promise<void> {
  const visitorSites = sites.filter((site) => site.visitors);
  const records = Array.from({ length: VISITOR_COUNT }, (_, index) =>
    visitorRecords(ctx, { site: ctx.random.pick(visitorSites), index, staff, walkInPhotos }),
  );
  await insertVisitorRows(ctx.db, records);
}
