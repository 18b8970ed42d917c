import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { cityAsWritten } from '#domain/matching/location-text';
import { firstName, firstNameAndInitial } from '#domain/profile/profile';
import { objectKeyFromPath } from '../photos';
import {
  MAX_OPEN_REFERENCES,
  REFERENCE_REQUEST_WINDOW_MS,
  REFERENCE_REQUESTS_PER_DAY,
  REFERENCE_TTL_MS,
  type MemberReference,
  type ReferenceAnswerInput,
  type ReferenceRequestInput,
  type ReferenceRequestView,
  type ReferenceStatus,
  type StaffReference,
} from '#domain/references/references';
import type { Db } from '#server/db/client';
import { emailTokens, memberReferences, profiles, users } from '#server/db/schema';
import { fieldError, HttpError } from '#server/errors';
import { notifyPersonChanged, type ChangesApplied } from '#server/events/changes';
import { enqueueMail } from '#server/jobs/outbox';
import { addressKey, normaliseAddress, type RecipientMailCap } from '#server/mail/recipient-cap';
import { composeMail } from '#server/mail/templates';
import { sha256 } from '../auth';


type Row = typeof memberReferences.$inferSelect;

/** The status a member and staff read: a request past its link's expiry is expired. */
export function statusOf(row: Pick<Row, 'status' | 'expiresAt'>, now: Date): ReferenceStatus {
  return row.status === 'requested' && row.expiresAt <= now ? 'expired' : row.status;
}

/**
 * How a referee is told whom they vouch for: the first name and last initial, and the city, from the profile (the
 * account's names when there is none). Undefined when there is no first name to give.
 */
function describeMember(
  profile: { name: string; exactLocation: string } | undefined,
  account: { firstName: string | null; lastName: string | null },
): { memberFirstName: string; memberName: string; memberCity: string | null } | undefined {
  const fullName = profile?.name ?? [account.firstName, account.lastName].filter(Boolean).join(' ');
  const memberFirstName = firstName(fullName);
  if (!memberFirstName) return undefined;
  return { memberFirstName, memberName: firstNameAndInitial(fullName) ?? memberFirstName, memberCity: profile ? cityAsWritten(profile.exactLocation) : null };
}

/** A reference still taking a place among the member's three: received, or requested with a live link. */
const takesAPlace = (now: Date) =>
  or(eq(memberReferences.status, 'received'), and(eq(memberReferences.status, 'requested'), gt(memberReferences.expiresAt, now)));

/**
 * Whether the referee's address is one of the member's own, however spelt (plus tag, case, Gmail's dots): her
 * current address, one she is changing to, or one she left (kept as a key). A second mailbox of hers cannot be
 * told apart; that is why only references a coordinator has read count on her card (policy/trust.ts).
 */
async function isOwnAddress(tx: Db, member: { id: string; email: string; formerEmailKeys: string[] }, address: string, now: Date): Promise<boolean> {
  const wanted = normaliseAddress(address);
  if (normaliseAddress(member.email) === wanted || member.formerEmailKeys.includes(addressKey(address))) return true;
  const pending = await tx
    .select({ newEmail: emailTokens.newEmail })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, member.id), isNotNull(emailTokens.newEmail), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)));
  return pending.some((row) => row.newEmail !== null && normaliseAddress(row.newEmail) === wanted);
}

/**
 * References: a member asks someone who knows them; the referee answers by a mailed link without an
 * account. The link's token is random; only its SHA-256 is kept, cleared when the link is spent, so a link works
 * once and a database copy holds no live link. The answers are read by coordinators and elders only.
 */
export class ReferencesService {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: () => string,
    private readonly mailCap: RecipientMailCap,
    private readonly changesApplied: ChangesApplied,
  ) {}

  async request(userId: string, input: ReferenceRequestInput, now: Date): Promise<{ id: string; status: 'requested' }> {
    const token = randomBytes(32).toString('base64url');
    return this.db.transaction(async (tx) => {
      // One request at a time per member: the counts below cannot both pass for two racing requests.
      const [member] = await tx
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, formerEmailKeys: users.formerEmailKeys })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!member) throw new HttpError(401, 'unauthorized');
      if (await isOwnAddress(tx, member, input.email, now)) throw new HttpError(400, 'reference-own-email', undefined, [fieldError('email', 'refereeOwnEmail')]);
      const [counts] = await tx
        .select({
          open: sql<number>`count(*) filter (where ${takesAPlace(now)})::int`.mapWith(Number),
          today: sql<number>`count(*) filter (where ${memberReferences.requestedAt} > ${new Date(now.getTime() - REFERENCE_REQUEST_WINDOW_MS)})::int`.mapWith(Number),
        })
        .from(memberReferences)
        .where(eq(memberReferences.userId, userId));
      if ((counts?.open ?? 0) >= MAX_OPEN_REFERENCES) throw new HttpError(409, 'reference-limit');
      if ((counts?.today ?? 0) >= REFERENCE_REQUESTS_PER_DAY) throw new HttpError(429, 'reference-daily-limit', undefined, [], { 'Retry-After': String(24 * 60 * 60) });
      const [profile] = await tx.select({ name: profiles.name, exactLocation: profiles.exactLocation, photos: profiles.photos }).from(profiles).where(eq(profiles.userId, userId));
      const described = describeMember(profile, member);
      if (!described) throw new HttpError(409, 'reference-needs-profile');
      const expiresAt = new Date(now.getTime() + REFERENCE_TTL_MS);
      const [row] = await tx
        .insert(memberReferences)
        .values({ userId, name: input.name, email: input.email, relationship: input.relationship, language: input.language, status: 'requested', tokenHash: sha256(token), expiresAt, requestedAt: now })
        .returning({ id: memberReferences.id });
      // In the transaction: the mail goes exactly when the request exists, counted against the referee's address
      // (a link is not a way to spam; withdrawing or deleting the account gives nothing back).
      await this.mailCap.count(tx, input.email, 'reference-recipient-limit');
      await enqueueMail(
        tx,
        composeMail(input.email, input.language, 'referenceRequest', {
          memberName: described.memberName,
          memberCity: described.memberCity,
          refereeName: input.name,
          relationship: input.relationship,
          link: `${this.publicUrl()}/reference/${token}`,
          expiresOn: expiresAt.toISOString().slice(0, 10),
        }, { greet: input.name }),
      );
      return { id: row!.id, status: 'requested' as const };
    });
  }

  async forMember(userId: string, now: Date): Promise<MemberReference[]> {
    const rows = await this.db.select().from(memberReferences).where(eq(memberReferences.userId, userId)).orderBy(desc(memberReferences.requestedAt)).limit(100);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      relationship: row.relationship,
      status: statusOf(row, now),
      requestedAt: row.requestedAt.toISOString(),
      answeredAt: row.answeredAt?.toISOString() ?? null,
    }));
  }

  /** Withdraws: the link stops working; a received reference keeps its answers for staff. */
  async withdraw(userId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(memberReferences)
        .set({ status: 'withdrawn', tokenHash: null })
        .where(and(eq(memberReferences.id, id), eq(memberReferences.userId, userId)))
        .returning({ id: memberReferences.id });
      if (!row) throw new HttpError(404, 'reference-not-found');
      await notifyPersonChanged(tx, userId);
    });
    await this.changesApplied();
  }

  /** A live link's request; an unknown, spent or expired token is the same 404 (nothing to tell them apart). */
  private async live(tx: Db, token: string, now: Date, lock = false): Promise<Row> {
    const query = tx
      .select()
      .from(memberReferences)
      .where(and(eq(memberReferences.tokenHash, sha256(token)), eq(memberReferences.status, 'requested'), gt(memberReferences.expiresAt, now)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new HttpError(404, 'reference-link-invalid');
    return row;
  }

  async view(token: string, now: Date): Promise<ReferenceRequestView> {
    const row = await this.live(this.db, token, now);
    const member = await this.memberOf(row.userId);
    const described = describeMember(member.profile, member.account);
    return {
      memberFirstName: described?.memberFirstName ?? '',
      memberName: described?.memberName ?? '',
      memberCity: described?.memberCity ?? null,
      hasPhoto: (member.profile?.photos.length ?? 0) > 0,
      relationship: row.relationship,
      language: row.language,
    };
  }

  /**
   * The key of the member's first photo, for the referee's thumbnail: only while the link is live (an answered,
   * declined, withdrawn or expired request shows nothing), and only the first photo. Not found otherwise.
   */
  async photoKey(token: string, now: Date): Promise<string> {
    const row = await this.live(this.db, token, now);
    const first = (await this.memberOf(row.userId)).profile?.photos[0];
    if (!first) throw new HttpError(404, 'photo-not-found');
    return objectKeyFromPath(first);
  }

  private async memberOf(userId: string) {
    const [row] = await this.db
      .select({ firstName: users.firstName, lastName: users.lastName, profileName: profiles.name, exactLocation: profiles.exactLocation, photos: profiles.photos })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, userId));
    const profile = row?.profileName != null ? { name: row.profileName, exactLocation: row.exactLocation ?? '', photos: row.photos ?? [] } : undefined;
    return { profile, account: { firstName: row?.firstName ?? null, lastName: row?.lastName ?? null } };
  }

  async answer(token: string, input: ReferenceAnswerInput, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.live(tx, token, now, true);
      await tx
        .update(memberReferences)
        .set({
          status: 'received',
          tokenHash: null,
          answeredAt: now,
          answer: {
            refereeName: input.refereeName,
            knownForYears: input.knownForYears,
            inGoodStanding: input.inGoodStanding,
            recommend: input.recommend,
            character: input.character,
            concerns: input.concerns ? input.concerns : null,
            mayContact: input.mayContact,
            phone: input.mayContact && input.phone ? input.phone : null,
          },
        })
        .where(eq(memberReferences.id, row.id));
      await notifyPersonChanged(tx, row.userId);
    });
    await this.changesApplied();
  }

  async decline(token: string, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.live(tx, token, now, true);
      await tx.update(memberReferences).set({ status: 'declined', tokenHash: null, answeredAt: now }).where(eq(memberReferences.id, row.id));
    });
  }

  /**
   * A coordinator read these received references (the audited read of the member's page): the first read is kept,
   * and from then on each counts on the member's card for her matches (policy/trust.ts), unless it says "no".
   */
  async markReadByCoordinator(userId: string, ids: readonly string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    const changed = await this.db.transaction(async (tx) => {
      const read = await tx
        .update(memberReferences)
        .set({ coordinatorReadAt: at })
        .where(and(eq(memberReferences.userId, userId), inArray(memberReferences.id, [...ids]), eq(memberReferences.status, 'received'), isNull(memberReferences.coordinatorReadAt)))
        .returning({ id: memberReferences.id });
      if (read.length > 0) await notifyPersonChanged(tx, userId);
      return read.length > 0;
    });
    if (changed) await this.changesApplied();
  }

  /** Every reference of these members with the answers, for coordinators and elders (the callers check the role). */
  async forStaff(userIds: readonly string[], now: Date): Promise<Map<string, StaffReference[]>> {
    const out = new Map<string, StaffReference[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return out;
    const rows = await this.db
      .select()
      .from(memberReferences)
      .where(inArray(memberReferences.userId, [...userIds]))
      .orderBy(desc(memberReferences.requestedAt))
      .limit(100 * userIds.length);
    for (const row of rows) {
      out.get(row.userId)?.push({
        id: row.id,
        name: row.name,
        relationship: row.relationship,
        status: statusOf(row, now),
        requestedAt: row.requestedAt.toISOString(),
        answeredAt: row.answeredAt?.toISOString() ?? null,
        // The referee's address only when they agreed to be contacted.
        email: row.answer?.mayContact ? row.email : null,
        answer: row.answer ?? null,
      });
    }
    return out;
  }
}
