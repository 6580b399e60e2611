import {
  CodeFlag,
  type TLicence,
  type TLicenceDisplay,
  type TLicenceReviewItem,
  type TLicenceState,
} from '@metal/shared';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import type { ServiceContext } from '../../platform/context';
import { AppError, invalid } from '../../platform/errors';
import type { FileLinks } from '../../platform/file-links';
import { decideReview, type ReviewDecision, type ReviewInput, type ReviewQueue } from '../../platform/review';
import { consumeCaptcha } from '../accounts/accounts.service';
import { companyFiles, imageLinks } from '../files/files.service';
import { files } from '../files/files.table';
import { ensureCompany, requirePermission } from './companies.policy';
import { companies, companyLicences, companyNameChanges } from './companies.table';

type LicenceRow = typeof companyLicences.$inferSelect;
type FileRow = typeof files.$inferSelect;

/** Licences with their files and, for one sent with a name change, the name asked for. */
const licenceQuery = (db: Executor) =>
  db
    .select({ licence: companyLicences, file: files, forName: companyNameChanges.newName })
    .from(companyLicences)
    .innerJoin(files, eq(files.id, companyLicences.fileId))
    .leftJoin(companyNameChanges, eq(companyNameChanges.licenceId, companyLicences.id));

export function toLicence(
  row: { licence: LicenceRow; file: FileRow; forName: string | null },
  links: FileLinks,
): TLicence {
  const { licence } = row;
  return {
    id: licence.id,
    // 'replaced' licences are history and never listed.
    status: licence.status === 'replaced' ? 'approved' : licence.status,
    image: imageLinks(row.file, links),
    reason: licence.reason,
    submittedAt: licence.createdAt.toISOString(),
    reviewedAt: licence.reviewedAt?.toISOString() ?? null,
    forName: row.forName,
  };
}

/** Serialises licence submissions of one company (with the pending-licence index as the last word). */
const lockLicences = (tx: Executor, rootId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('companies.licence'), ${rootId})`);

/**
 * A pending licence for an uploaded file of the actor's company (kind licence, not sent before), in the
 * caller's transaction. Refused while another licence of the company is under review.
 */
export async function insertPendingLicence(
  tx: Executor,
  { actor, fileId, now, field }: { actor: Actor; fileId: number; now: Date; field: string },
): Promise<LicenceRow> {
  await lockLicences(tx, actor.rootId);
  const [file] = await companyFiles(tx, actor.rootId, 'licence', [fileId]);
  const [used] = await tx
    .select({ id: companyLicences.id })
    .from(companyLicences)
    .where(eq(companyLicences.fileId, fileId))
    .limit(1);
  if (!file || used) throw invalid('licence.fileInvalid', field);
  const [pending] = await tx
    .select({ id: companyLicences.id })
    .from(companyLicences)
    .where(and(eq(companyLicences.rootId, actor.rootId), eq(companyLicences.status, 'pending')))
    .limit(1);
  if (pending) throw new AppError(CodeFlag.conflict, 'licence.pending');
  const [licence] = await tx
    .insert(companyLicences)
    .values({ rootId: actor.rootId, fileId, submittedBy: actor.userId, createdAt: now })
    .returning();
  return licence!;
}

/** Approves (replacing the approved one) or rejects a pending licence, in the caller's transaction. */
export async function decideLicence(
  tx: Executor,
  licence: LicenceRow,
  { approve, reviewed }: Pick<ReviewDecision, 'approve' | 'reviewed'>,
): Promise<LicenceRow> {
  if (approve)
    await tx
      .update(companyLicences)
      .set({ status: 'replaced' })
      .where(and(eq(companyLicences.rootId, licence.rootId), eq(companyLicences.status, 'approved')));
  const [decided] = await tx
    .update(companyLicences)
    .set({ status: approve ? 'approved' : 'rejected', ...reviewed })
    .where(eq(companyLicences.id, licence.id))
    .returning();
  return decided!;
}

/** `user_center/licence/detail` (license_page): what the company's owner and employees see. */
export async function licenceState({
  db,
  links,
  actor,
}: {
  db: Executor;
  links: FileLinks;
  actor: Actor;
}): Promise<TLicenceState> {
  const rows = await licenceQuery(db)
    .where(and(eq(companyLicences.rootId, actor.rootId), ne(companyLicences.status, 'replaced')))
    .orderBy(desc(companyLicences.createdAt), desc(companyLicences.id));
  const current = rows.find((row) => row.licence.status === 'approved');
  const pending = rows.find((row) => row.licence.status === 'pending');
  const latest = rows[0];
  return {
    current: current ? toLicence(current, links) : null,
    pending: pending ? toLicence(pending, links) : null,
    rejected: latest?.licence.status === 'rejected' ? toLicence(latest, links) : null,
    editable: actor.permissions.includes('company'),
  };
}

/** `user_center/licence/submit`: the owner sends an uploaded licence for review. */
export async function submitLicence({
  db,
  clock,
  links,
  actor,
  fileId,
}: {
  db: Database;
  clock: Clock;
  links: FileLinks;
  actor: Actor;
  fileId: number;
}): Promise<TLicenceState> {
  requirePermission(actor, 'company');
  const now = clock.now();
  await db.transaction(async (tx) => {
    await ensureCompany(tx, actor.rootId, now);
    await insertPendingLicence(tx, { actor, fileId, now, field: 'fileId' });
  });
  return licenceState({ db, links, actor });
}

/** `console/licence/list` (operators): licences in review on their own, oldest first, beside the approved one. */
export async function pendingLicences({ db, links }: ServiceContext): Promise<TLicenceReviewItem[]> {
  const rows = await db
    .select({ licence: companyLicences, file: files, companyName: companies.name })
    .from(companyLicences)
    .innerJoin(files, eq(files.id, companyLicences.fileId))
    .innerJoin(companies, eq(companies.rootId, companyLicences.rootId))
    .leftJoin(companyNameChanges, eq(companyNameChanges.licenceId, companyLicences.id))
    .where(and(eq(companyLicences.status, 'pending'), isNull(companyNameChanges.id)))
    .orderBy(companyLicences.createdAt, companyLicences.id);
  const rootIds = rows.map((row) => row.licence.rootId);
  const approved = rootIds.length
    ? await db
        .select({ rootId: companyLicences.rootId, file: files })
        .from(companyLicences)
        .innerJoin(files, eq(files.id, companyLicences.fileId))
        .where(and(inArray(companyLicences.rootId, rootIds), eq(companyLicences.status, 'approved')))
    : [];
  const currentOf = new Map(approved.map((row) => [row.rootId, row.file]));
  return rows.map((row) => {
    const current = currentOf.get(row.licence.rootId);
    return {
      id: row.licence.id,
      rootId: row.licence.rootId,
      companyName: row.companyName,
      image: imageLinks(row.file, links),
      current: current ? imageLinks(current, links) : null,
      submittedAt: row.licence.createdAt.toISOString(),
    };
  });
}

/** `console/licence/review` (operators): approve or reject with a reason; recorded, and the owner is told. */
export async function reviewLicence(ctx: ServiceContext, input: ReviewInput): Promise<TLicence> {
  return decideReview(ctx, licenceReviews(ctx.links), input);
}

type LicenceWithName = NonNullable<Awaited<ReturnType<ReturnType<typeof licenceQuery>['where']>>[number]>;

const licenceReviews = (links: FileLinks): ReviewQueue<LicenceWithName, TLicence> => ({
  subject: 'company_licence',
  action: 'licence',
  notices: { approved: 'notice.licenceApproved', rejected: 'notice.licenceRejected' },
  async load(tx, id) {
    const [found] = await tx.select().from(companyLicences).where(eq(companyLicences.id, id)).limit(1);
    if (!found) return undefined;
    await lockLicences(tx, found.rootId);
    return (await licenceQuery(tx).where(eq(companyLicences.id, id)))[0];
  },
  isPending: (row) => row.licence.status === 'pending',
  // A licence sent is never changed (another is sent instead): it is the version it was sent as.
  versionOf: (row) => row.licence.createdAt,
  async decide(tx, row, decision) {
    if (row.forName !== null) throw new AppError(CodeFlag.conflict, 'licence.reviewWithName');
    const decided = await decideLicence(tx, row.licence, decision);
    return toLicence({ ...row, licence: decided }, links);
  },
  announce: async (_tx, row) => ({ userId: row.licence.rootId, logDetail: { rootId: row.licence.rootId } }),
});

/**
 * `company/licence_display` (license_display): a company's approved licence for anyone who answers the
 * image captcha. The captcha is checked (and spent) first, so nothing is revealed without it.
 */
export async function licenceDisplay({
  db,
  clock,
  links,
  rootId,
  captchaKey,
  captcha,
}: {
  db: Database;
  clock: Clock;
  links: FileLinks;
  rootId: number;
  captchaKey: string;
  captcha: string;
}): Promise<TLicenceDisplay> {
  if (!(await consumeCaptcha({ db, clock }, { key: captchaKey, answer: captcha })))
    throw new AppError(CodeFlag.invalidInput, 'captcha.wrong', {}, { errors: { captcha: 'captcha.wrong' } });
  const [row] = await db
    .select({ licence: companyLicences, file: files, companyName: companies.name })
    .from(companyLicences)
    .innerJoin(files, eq(files.id, companyLicences.fileId))
    .innerJoin(companies, eq(companies.rootId, companyLicences.rootId))
    .where(and(eq(companyLicences.rootId, rootId), eq(companyLicences.status, 'approved')))
    .limit(1);
  if (!row) throw new AppError(CodeFlag.notFound, 'licence.none');
  return {
    rootId,
    companyName: row.companyName,
    image: imageLinks(row.file, links),
    approvedAt: (row.licence.reviewedAt ?? row.licence.createdAt).toISOString(),
  };
}
