import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { can, type Actor } from '#domain/access';
import type { Db } from '#server/db/client';
import { profiles, uploads, volunteerApplications } from '#server/db/schema';
import { loadRelationship } from '#server/policy/relationship';
import { notifyPersonChanged } from '#server/events/changes';
import { MAX_UPLOAD_BYTES } from '#domain/profile/profile-api';
import { badRequest, fieldError, forbidden, notFound, payloadTooLarge, tooManyRequests } from '#server/errors';
import { processPhoto } from '#server/storage/images';
import type { ObjectStore } from '#server/storage/object-store';
import { deletePhotoFiles, photoCandidates, photoPlaceholder, storePhotoFiles, type PhotoRequest } from '#server/storage/photo-files';
import { objectPathFromKey, PHOTO_PREFIX } from './object-paths';

/** An upload URL is good for this long, and once. */
export const UPLOAD_TTL_MS = 15 * 60 * 1000;
/**
 * Stored photos a person may hold that no profile or application shows; past it a new upload link is refused
 * until some are used or cleaned up (security review finding 3). A person choosing two profile photos and a
 * volunteer photo, with a few tries each, stays well below it. Open links store nothing and do not count.
 */
export const MAX_UNUSED_UPLOADS = 20;
/** An upload that nothing shows is deleted this long after it was made (unused links, replaced photos). */
export const UNUSED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** Where raw browser uploads wait in a bucket until the server has processed them. */
const INCOMING_PREFIX = 'incoming/';
const TICKET_IN_URL = /\/(?:api\/uploads|incoming)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\?|$)/;

/** An upload that no profile's photos and no volunteer application show (an open ticket has no key: never shown). */
const unreferenced = sql`not exists (
  select 1 from ${profiles} where ${profiles.userId} = ${uploads.userId} and '/objects/' || ${uploads.objectKey} = any(${profiles.photos})
) and not exists (
  select 1 from ${volunteerApplications} where ${volunteerApplications.userId} = ${uploads.userId} and ${volunteerApplications.photo} = '/objects/' || ${uploads.objectKey}
)`;

export class PhotosService {
  private readonly signingKey: Buffer;

  constructor(
    private readonly db: Db,
    private readonly store: ObjectStore,
    secret: string,
    /** Stored photos on no profile a user may hold; the hostile-input harness lifts it (it uploads far more). */
    private readonly maxUnusedUploads = MAX_UNUSED_UPLOADS,
  ) {
    this.signingKey = createHmac('sha256', secret).update('sanga upload urls').digest();
  }

  private sign(ticketId: string, userId: string, expires: number): string {
    return createHmac('sha256', this.signingKey).update(`${ticketId}.${userId}.${expires}`).digest('base64url');
  }

  /**
   * A URL, bound to this user, to PUT one photo to within 15 minutes: ours (signed, single-use), or
   * a bucket's presigned URL when the store takes uploads directly.
   */
  async createTicket(userId: string, size?: number): Promise<string> {
    if (size !== undefined && size > MAX_UPLOAD_BYTES) throw payloadTooLarge('photo-too-large');
    if (this.store.presignUpload && size === undefined) {
      throw badRequest('photo-size-required', [fieldError('size', 'photoSizeRequired')]);
    }
    const [held] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), isNotNull(uploads.objectKey), unreferenced));
    if ((held?.count ?? 0) >= this.maxUnusedUploads) {
      throw tooManyRequests(UNUSED_UPLOAD_TTL_MS / 1000, 'too-many-unused-photos');
    }
    const expires = Date.now() + UPLOAD_TTL_MS;
    const [ticket] = await this.db.insert(uploads).values({ userId, expiresAt: new Date(expires) }).returning({ id: uploads.id });
    const id = ticket!.id;
    if (this.store.presignUpload) return this.store.presignUpload(`${INCOMING_PREFIX}${id}`, UPLOAD_TTL_MS / 1000, size!);
    return `/api/uploads/${id}?expires=${expires}&signature=${this.sign(id, userId, expires)}`;
  }

  /**
   * Checks an upload URL's signature, expiry and owner before the body is read. Any fault is the
   * same 403, so a stranger learns nothing about other people's tickets.
   */
  async checkTicket(ticketId: string, userId: string | undefined, expires: number, signature: string): Promise<void> {
    const refused = forbidden('upload-link-refused');
    if (!userId || !Number.isSafeInteger(expires) || expires < Date.now()) throw refused;
    const expected = Buffer.from(this.sign(ticketId, userId, expires));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refused;
    const [ticket] = await this.db.select().from(uploads).where(eq(uploads.id, ticketId)).limit(1);
    if (!ticket || ticket.userId !== userId || ticket.objectKey !== null || ticket.expiresAt.getTime() < Date.now()) throw refused;
  }

  /** Processes and stores bytes PUT to our own upload URL; a second PUT is refused. */
  async receive(ticketId: string, userId: string, body: Buffer): Promise<void> {
    await this.storeProcessed(ticketId, userId, body);
  }

  /** Processes the raw bytes, stores the result under a random key and spends the ticket. */
  private async storeProcessed(ticketId: string, userId: string, raw: Buffer): Promise<string> {
    const image = await processPhoto(raw);
    const key = `${PHOTO_PREFIX}${randomBytes(24).toString('base64url')}.${image.extension}`;
    await storePhotoFiles(this.store, key, image);
    const spent = await this.db
      .update(uploads)
      .set({ objectKey: key, contentType: image.contentType })
      .where(and(eq(uploads.id, ticketId), eq(uploads.userId, userId), isNull(uploads.objectKey)))
      .returning({ id: uploads.id });
    if (spent.length === 0) {
      // Another request spent the ticket meanwhile: keep no orphan file.
      await deletePhotoFiles(this.store, key);
      throw forbidden('upload-link-refused');
    }
    return key;
  }

  /**
   * Turns a completed upload URL of this user into the photo's object path. A direct-to-bucket
   * upload is checked, processed and moved here, since the bucket took the raw bytes unchecked.
   */
  async register(userId: string, photoURL: string): Promise<string> {
    const ticketId = TICKET_IN_URL.exec(photoURL)?.[1];
    const refused = forbidden('upload-not-yours');
    if (!ticketId) throw refused;
    const [ticket] = await this.db.select().from(uploads).where(eq(uploads.id, ticketId)).limit(1);
    if (!ticket || ticket.userId !== userId) throw refused;
    if (ticket.objectKey) return objectPathFromKey(ticket.objectKey);
    if (!this.store.presignUpload || ticket.expiresAt.getTime() < Date.now() - UPLOAD_TTL_MS) throw refused;

    const incomingKey = `${INCOMING_PREFIX}${ticket.id}`;
    // HeadObject first: the bucket took the upload unchecked, and reading a 300 MB object into memory just
    // to refuse it cost +480 MB of RSS (security review finding 4).
    if (this.store.size) {
      const size = await this.store.size(incomingKey);
      if (size === null) throw refused;
      if (size > MAX_UPLOAD_BYTES) {
        await this.store.delete(incomingKey);
        throw payloadTooLarge('photo-too-large');
      }
    }
    const raw = await this.store.get(incomingKey, MAX_UPLOAD_BYTES);
    if (!raw) throw refused;
    try {
      if (raw.length > MAX_UPLOAD_BYTES) throw payloadTooLarge('photo-too-large');
      return objectPathFromKey(await this.storeProcessed(ticket.id, userId, raw));
    } finally {
      await this.store.delete(incomingKey);
    }
  }

  /**
   * Deletes uploads made more than a day ago that no profile or volunteer application shows: unused upload
   * links (with a bucket's raw `incoming/` object, if one was left) and photos that were replaced or never
   * saved. Rows go first, in one statement, so two processes never delete the same file twice; a file whose
   * delete fails is only logged by the caller and stays unreachable (no row points to it).
   */
  async deleteUnused(olderThanMs = UNUSED_UPLOAD_TTL_MS): Promise<number> {
    const before = new Date(Date.now() - olderThanMs);
    const gone = await this.db
      .delete(uploads)
      .where(and(sql`${uploads.createdAt} < ${before.toISOString()}::timestamptz`, unreferenced))
      .returning({ id: uploads.id, objectKey: uploads.objectKey });
    for (const upload of gone) {
      if (upload.objectKey) await this.deleteStored(upload.objectKey);
      else if (this.store.presignUpload) await this.store.delete(`${INCOMING_PREFIX}${upload.id}`);
    }
    return gone.length;
  }

  /**
   * An admin's "remove photos": every photo of the person goes, from the database and from the store
   * (disk or bucket): the profile's, which deactivates the profile (activation needs two photos), and the volunteer
   * application's, which takes the card off Guidance until a new photo passes review. Rows go first in one
   * transaction (with the match index's notice), then the files; answers how many photos were removed.
   */
  async removeProfilePhotos(tx: Db, userId: string): Promise<{ count: number; deleteFiles: () => Promise<void> }> {
    await tx.update(profiles).set({ photos: [], profileActive: false, updatedAt: new Date() }).where(eq(profiles.userId, userId));
    await tx.update(volunteerApplications).set({ photo: null }).where(eq(volunteerApplications.userId, userId));
    const gone = await tx
      .delete(uploads)
      .where(and(eq(uploads.userId, userId), isNotNull(uploads.objectKey)))
      .returning({ objectKey: uploads.objectKey });
    await notifyPersonChanged(tx, userId);
    const keys = gone.map((row) => row.objectKey!);
    return { count: keys.length, deleteFiles: async () => Promise.all(keys.map((key) => this.deleteStored(key))).then(() => undefined) };
  }

  /** Deletes one stored photo with its size copies: the one place a photo leaves the store. */
  private async deleteStored(objectKey: string): Promise<void> {
    await deletePhotoFiles(this.store, objectKey);
  }

  /**
   * The smallest stored copy of the photo under `key` that covers `request.width`, with no permission check: only
   * for a caller whose own authority was checked (a referee's live link, features/references). Undefined when the
   * photo is gone.
   */
  async readCopy(key: string, request: PhotoRequest): Promise<{ data: Buffer; contentType: string } | undefined> {
    for (const candidate of photoCandidates(key, request)) {
      const data = await this.store.get(candidate.key);
      if (data) return { data, contentType: candidate.contentType };
    }
    return undefined;
  }

  /** The stored photo's upload row, and where its owner shows it, as seen by `actor`; 404 when there is no such photo. */
  private async placed(key: string, actor: Actor) {
    const [upload] = await this.db.select().from(uploads).where(eq(uploads.objectKey, key)).limit(1);
    if (!upload) throw notFound('photo-not-found');
    const path = objectPathFromKey(key);
    const { relationship, other: owner } = await loadRelationship(this.db, actor.userId, { userId: upload.userId });
    const placement = {
      onApprovedVolunteerApplication: upload.purpose === 'volunteer' && owner?.volunteer?.photo === path,
      onProfile: owner?.profile?.photos.includes(path) ?? false,
    };
    return { upload, relationship, placement };
  }

  /**
   * The blurred placeholder of the photo under `key` (storage/photo-files.ts photoPlaceholder) if the viewer may see
   * it (can.viewPhotoPlaceholder: whoever may see the profile, whatever the owner chose); everyone else gets 404.
   */
  async readPlaceholder(key: string, actor: Actor): Promise<Buffer> {
    const { relationship, placement } = await this.placed(key, actor);
    if (!can.viewPhotoPlaceholder(actor, relationship, placement)) throw notFound('photo-not-found');
    const data = await photoPlaceholder(this.store, key);
    if (!data) throw notFound('photo-not-found');
    return data;
  }

  /**
   * The photo's bytes if the viewer may see them (domain access.ts can.viewPhoto), in the copy that fits the
   * request (size, WebP or JPEG; storage/photo-files.ts). Everyone else gets 404, so a key reveals nothing.
   */
  async read(
    key: string,
    actor: Actor,
    request: PhotoRequest = { acceptsWebp: false },
  ): Promise<{ data: Buffer; contentType: string; staffRead: { as: 'admin' | 'coordinator' | 'elder'; ownerId: string } | null }> {
    const { upload, relationship, placement } = await this.placed(key, actor);
    if (!can.viewPhoto(actor, relationship, placement)) throw notFound('photo-not-found');
    const staff = can.staffPhotoRead(actor, relationship, placement);
    const staffRead = staff ? { as: staff, ownerId: upload.userId } : null;
    for (const candidate of photoCandidates(key, request)) {
      const data = await this.store.get(candidate.key);
      if (!data) continue;
      const isStoredPhoto = candidate.key === key;
      return { data, contentType: isStoredPhoto ? (upload.contentType ?? candidate.contentType) : candidate.contentType, staffRead };
    }
    throw notFound('photo-not-found');
  }
}
