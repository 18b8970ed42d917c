import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { isMatchCandidate } from '../../../domain/candidacy';
import type { Db } from '../../db/client';
import { profiles, uploads, volunteerApplications } from '../../db/schema';
import { MAX_UPLOAD_BYTES } from '../../../domain/profile-api';
import { forbidden, notFound, payloadTooLarge } from '../../errors';
import { processPhoto } from '../../storage/images';
import type { ObjectStore } from '../../storage/object-store';
import { objectPathFromKey, PHOTO_PREFIX } from './object-paths';

/** An upload URL is good for this long, and once. */
export const UPLOAD_TTL_MS = 15 * 60 * 1000;
/** Where raw browser uploads wait in a bucket until the server has processed them. */
const INCOMING_PREFIX = 'incoming/';
const TICKET_IN_URL = /\/(?:api\/uploads|incoming)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\?|$)/;

export interface Viewer {
  userId?: string;
  isAdmin?: boolean;
}

export class PhotosService {
  private readonly signingKey: Buffer;

  constructor(
    private readonly db: Db,
    private readonly store: ObjectStore,
    secret: string,
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
  async createTicket(userId: string): Promise<string> {
    const expires = Date.now() + UPLOAD_TTL_MS;
    const [ticket] = await this.db.insert(uploads).values({ userId, expiresAt: new Date(expires) }).returning({ id: uploads.id });
    const id = ticket!.id;
    if (this.store.presignUpload) return this.store.presignUpload(`${INCOMING_PREFIX}${id}`, UPLOAD_TTL_MS / 1000);
    return `/api/uploads/${id}?expires=${expires}&signature=${this.sign(id, userId, expires)}`;
  }

  /**
   * Checks an upload URL's signature, expiry and owner before the body is read. Any fault is the
   * same 403, so a stranger learns nothing about other people's tickets.
   */
  async checkTicket(ticketId: string, userId: string | undefined, expires: number, signature: string): Promise<void> {
    const refused = forbidden('This upload link is not valid for you, has expired or was already used');
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
    await this.store.put(key, image.data, image.contentType);
    const spent = await this.db
      .update(uploads)
      .set({ objectKey: key, contentType: image.contentType })
      .where(and(eq(uploads.id, ticketId), eq(uploads.userId, userId), isNull(uploads.objectKey)))
      .returning({ id: uploads.id });
    if (spent.length === 0) {
      // Another request spent the ticket meanwhile: keep no orphan file.
      await this.store.delete(key);
      throw forbidden('This upload link is not valid for you, has expired or was already used');
    }
    return key;
  }

  /**
   * Turns a completed upload URL of this user into the photo's object path. A direct-to-bucket
   * upload is checked, processed and moved here, since the bucket took the raw bytes unchecked.
   */
  async register(userId: string, photoURL: string): Promise<string> {
    const ticketId = TICKET_IN_URL.exec(photoURL)?.[1];
    const refused = forbidden('This upload is not yours or is not finished');
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
        throw payloadTooLarge('The photo is larger than 10 MB');
      }
    }
    const raw = await this.store.get(incomingKey, MAX_UPLOAD_BYTES);
    if (!raw) throw refused;
    try {
      if (raw.length > MAX_UPLOAD_BYTES) throw payloadTooLarge('The photo is larger than 10 MB');
      return objectPathFromKey(await this.storeProcessed(ticket.id, userId, raw));
    } finally {
      await this.store.delete(incomingKey);
    }
  }

  /**
   * The photo's bytes if the viewer may see them: the owner, the admin, or someone for whom the
   * owner's profile (which shows this photo) is a match candidate. Everyone else gets 404.
   */
  async read(key: string, viewer: Viewer): Promise<{ data: Buffer; contentType: string }> {
    const [upload] = await this.db.select().from(uploads).where(eq(uploads.objectKey, key)).limit(1);
    if (!upload || !(await this.mayView(upload, viewer))) throw notFound();
    const data = await this.store.get(key);
    if (!data) throw notFound();
    return { data, contentType: upload.contentType ?? 'image/jpeg' };
  }

  private async isApprovedVolunteerPhoto(userId: string, key: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: volunteerApplications.id })
      .from(volunteerApplications)
      .where(and(eq(volunteerApplications.userId, userId), eq(volunteerApplications.approved, true), eq(volunteerApplications.photo, objectPathFromKey(key))))
      .limit(1);
    return Boolean(row);
  }

  private async mayView(upload: typeof uploads.$inferSelect, viewer: Viewer): Promise<boolean> {
    if (viewer.isAdmin) return true;
    // A volunteer photo is public only while an approved application shows it: an applicant who was
    // never approved, or whose new photo awaits review, does not publish it (security review finding 5).
    if (upload.purpose === 'volunteer' && (await this.isApprovedVolunteerPhoto(upload.userId, upload.objectKey!))) return true;
    if (!viewer.userId) return false;
    if (viewer.userId === upload.userId) return true;
    const [owner] = await this.db.select().from(profiles).where(eq(profiles.userId, upload.userId)).limit(1);
    if (!owner || !owner.photos.includes(objectPathFromKey(upload.objectKey!))) return false;
    const [own] = await this.db.select().from(profiles).where(eq(profiles.userId, viewer.userId)).limit(1);
    return Boolean(own) && isMatchCandidate(own!, owner);
  }
}
