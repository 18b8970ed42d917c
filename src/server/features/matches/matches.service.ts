import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { can } from '#domain/access';
import type { MatchDetail, MatchItem } from '#domain/matching/match-api';
import { scoreMatch } from '#domain/matching/matching';
import { biodataFit } from '#domain/matching/biodata-fit';
import type { Db } from '#server/db/client';
import { profiles, users } from '#server/db/schema';
import { photosForReader } from '#domain/profile/photo-privacy';
import { introducedOpenBetween } from '#server/policy/sql-facts';
import { forbidden, notFound } from '#server/errors';
import type { ProfileRow } from '#server/db/schema';
import { loadRelationship } from '#server/policy/relationship';
import { matchProfileView } from './match-profile-view';
import type { ListNarrowing, MatchIndex } from './match-index';
import { MATCH_KEYS_VERSION, matchKeys } from './match-keys';
import { vedicOfCharts } from '#server/policy/vedic';
import { trustFactsOf } from '#server/policy/trust';

export class MatchesService {
  constructor(
    private readonly db: Db,
    private readonly index: MatchIndex,
  ) {}

  /** The caller's own profile, which must be active with two photos to see anyone (domain access.ts can.browseMatches). */
  private async viewer(userId: string): Promise<ProfileRow> {
    const { relationship, viewer } = await loadRelationship(this.db, userId, { userId });
    if (!can.browseMatches(relationship)) throw forbidden('profile-not-active');
    return viewer!.profile!;
  }

  /** The caller's candidates, best score first, ranked in memory by the match index; `query` may narrow them. */
  async list(userId: string, query: { limit: number; offset: number } & ListNarrowing, today = new Date()): Promise<{ items: MatchItem[]; total: number }> {
    const { limit, offset, ...narrowing } = query;
    const page = { limit, offset };
    if (narrowing.withinKm !== undefined) await this.index.placesOnMap();
    let ranked = this.index.rankForUser(userId, page, today, narrowing);
    if (!ranked) {
      // Not in this process's index: not browsable (403), or activated through another process a
      // moment ago and its NOTIFY not yet applied here: then wait for it.
      await this.viewer(userId);
      await this.index.caughtUp();
      ranked = this.index.rankForUser(userId, page, today, narrowing) ?? { items: [], total: 0 };
    }
    const { items, total } = ranked;
    const introducedTo = await this.introducedAmong(userId, items.filter((item) => item.photosPrivate).map((item) => item.userId));
    // The trust fields come with the index's rows (policy/trust.ts matchTrustColumns): a page asks the database
    // nothing, unless it shows someone whose photos are private (then one query: is the viewer introduced to them?).
    return {
      total,
      items: items.map(({ profileId, userId: personId, firstName, age, photos, photosPrivate, score, breakdown, trust, outsideViewerRange }) => ({
        profileId,
        firstName,
        age,
        ...photosForReader(photos, !photosPrivate || introducedTo.has(personId)),
        score,
        breakdown,
        outsideMyAgeRange: outsideViewerRange,
        ...trust,
      })),
    };
  }

  /** Which of `others` (account ids) the viewer is introduced to, by an introduction still open. */
  private async introducedAmong(viewerId: string, others: string[]): Promise<Set<string>> {
    if (others.length === 0) return new Set();
    const rows = await this.db
      .select({ userId: users.id })
      .from(users)
      .where(and(inArray(users.id, others), introducedOpenBetween(users.id, sql`${viewerId}::uuid`)));
    return new Set(rows.map((row) => row.userId));
  }

  /** One candidate's profile and compatibility; anything else (inactive, unknown, own) is the same 404. */
  async detail(userId: string, profileId: string, today = new Date()): Promise<MatchDetail> {
    // The caller's profile and the asked one in one round trip (a busy server pays per query).
    const { relationship, viewer, other: person, vedicCharts } = await loadRelationship(this.db, userId, { profileId }, today);
    // An open introduction shows the whole profile whether or not the two are candidates.
    if (!can.seeIntroducedProfile(relationship)) {
      if (!can.browseMatches(relationship)) throw forbidden('profile-not-active');
      if (!can.seeProfile(relationship)) throw notFound('profile-not-found');
    }
    if (!viewer?.profile) throw notFound('profile-not-found');
    const own = viewer.profile;
    const other = person!.profile!;
    const { score, breakdown } = scoreMatch(own, other, today);
    const trust = await trustFactsOf(this.db, other.userId, 'matches');
    // The two charts came with the relationship's one statement: no query more for the Vedic compatibility (issue 52).
    const vedic = vedicOfCharts({ chart: vedicCharts.viewer, gender: own.gender }, { chart: vedicCharts.other, gender: other.gender });
    return {
      profile: { ...matchProfileView(other, today, { photos: can.seeOriginalPhotos(relationship) ? 'originals' : 'placeholders' }), ...trust },
      compatibility: { userId: other.userId, score, breakdown, biodataFit: biodataFit(own, other) },
      // Only when both opted in: otherwise no key at all. Never part of the score.
      ...(vedic ? { vedic } : {}),
    };
  }
}

/** Recomputes match keys made by older rules (or none), in batches; run at start. */
export async function refreshMatchKeys(db: Db, batchSize = 500): Promise<number> {
  let updated = 0;
  for (;;) {
    const stale = await db
      .select()
      .from(profiles)
      .where(or(lt(profiles.matchKeysVersion, MATCH_KEYS_VERSION), isNull(profiles.matchKeysVersion)))
      .limit(batchSize);
    if (stale.length === 0) return updated;
    await db.transaction(async (tx) => {
      for (const row of stale) await tx.update(profiles).set(matchKeys(row)).where(eq(profiles.id, row.id));
    });
    updated += stale.length;
  }
}
