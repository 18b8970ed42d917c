import { deletePhotoFiles } from '#server/storage/photo-files';
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Preferences, PreferencesInput, SessionSummary } from '#domain/accounts/account';
import type { Db } from '#server/db/client';
import { introductionStories, passwordResetTokens, users } from '#server/db/schema';
import { badRequest, fieldError, HttpError, notFound } from '#server/errors';
import { enqueueMail } from '#server/jobs/outbox';
import { mailTarget } from '#server/mail/recipient';
import { composeMail } from '#server/mail/templates';
import type { ObjectStore } from '#server/storage/object-store';
import { cancelEmailChange, hashPassword, issueEmailTokenRow, signEmailChangeCancel, signupHeld, spendAllEmailTokens, verifyEmailChangeCancel, type AuthService, type SessionStore } from '../auth';
import { objectKeyFromPath } from '../photos';
import type { RecipientMailCap } from '#server/mail/recipient-cap';
import { auditHashSecret } from './audit-hash';
import { deletionContext, deletionSteps } from './deletion-steps';
import { exportSections, ownPhotoKeys, preferenceColumns } from './export-sections';
import { exportSummary } from './export-summary';
import { switchOffStaffMail, verifyUnsubscribe } from '../notifications';

/** The 403 of an email change asked for from an address never verified. */

const wrongPassword = (path: string) => badRequest('password-incorrect', [fieldError(path, 'passwordIncorrect')]);

/**
 * The member's own account: password, email, preferences, sessions, export and deletion. Every call acts on the
 * session's own user (routes pass the id from the session, never from the body).
 */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly sessions: SessionStore,
    private readonly store: ObjectStore,
    private readonly publicUrl: () => string,
    private readonly secret: string,
    private readonly mailCap: RecipientMailCap,
    /** AUDIT_HASH_SECRET, when the operator set one; else the database keeps the key (audit-hash.ts). */
    private readonly auditSecretFromEnv?: string,
  ) {}

  /** New password; every other session ends (and its streams), outstanding reset links die, the owner is told. */
  async changePassword(userId: string, currentSid: string | null, currentPassword: string, newPassword: string): Promise<void> {
    if (!(await this.auth.passwordMatches(userId, currentPassword))) throw wrongPassword('currentPassword');
    const passwordHash = await hashPassword(newPassword);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
      await tx.update(passwordResetTokens).set({ usedAt: new Date() }).where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
      // A pending email change asked for with the old password dies with it.
      await spendAllEmailTokens(tx, userId);
      await this.sessions.destroyAllForUser(tx, userId, currentSid);
      const target = await mailTarget(tx, userId);
      if (target) await enqueueMail(tx, composeMail(target.email, target.language, 'passwordChanged', {}, { greet: target.greetingName }));
    });
  }

  /**
   * Sends a confirmation link to the new address; the change happens when it is opened (AuthService.verifyEmail).
   * An address that already has an account gets a mail saying someone tried, and the caller the same answer.
   * The current address is told at once, with a link that cancels the change: whoever
   * once had the password must not move the account quietly. Only a verified current address may ask.
   * The mail to the new address counts against its daily cap (mail/recipient-cap.ts: the normalised
   * address, so `victim+1@` is `victim@`), in the transaction, the same whether the address is taken or not (429
   * past it, in both cases alike).
   */
  async requestEmailChange(userId: string, newEmail: string, password: string): Promise<void> {
    if (!(await this.auth.passwordMatches(userId, password))) throw wrongPassword('password');
    const current = await mailTarget(this.db, userId);
    if (!current) throw notFound('account-not-found');
    if (!current.verified) throw new HttpError(403, 'email-not-verified', undefined, [fieldError('newEmail', 'emailNotVerified')]);
    if (current.email === newEmail) throw badRequest('email-unchanged', [fieldError('newEmail', 'emailUnchanged')]);
    const installationSecret = await auditHashSecret(this.db, this.auditSecretFromEnv);
    await this.db.transaction(async (tx) => {
      const target = await mailTarget(tx, userId);
      if (!target) throw notFound('account-not-found');
      await this.mailCap.count(tx, newEmail);
      const [holder] = await tx.select({ id: users.id, language: users.language }).from(users).where(and(eq(users.email, newEmail), ne(users.id, userId))).limit(1);
      // An address held after a reported member left is as taken for a change as for a sign-up, or a new
      // account would take it back at once; nobody has it, so nobody is told of the attempt.
      const held = !holder && (await signupHeld(tx, installationSecret, newEmail, new Date()));
      if (holder || held) {
        if (holder) await enqueueMail(tx, composeMail(newEmail, holder.language, 'emailTakenAttempt', {}));
        // Nothing is pending, so nothing to cancel; the owner still hears that someone with the password asked.
        await enqueueMail(tx, composeMail(target.email, target.language, 'emailChangeRequested', { cancelLink: null }, { greet: target.greetingName }));
        return;
      }
      const { token, id } = await issueEmailTokenRow(tx, userId, newEmail);
      await enqueueMail(tx, composeMail(newEmail, target.language, 'confirmEmailChange', { link: `${this.publicUrl()}/verify-email?token=${token}` }, { greet: target.greetingName }));
      const cancelLink = `${this.publicUrl()}/cancel-email-change?token=${signEmailChangeCancel(this.secret, id)}`;
      await enqueueMail(tx, composeMail(target.email, target.language, 'emailChangeRequested', { cancelLink }, { greet: target.greetingName }));
    });
  }

  /** The cancel link of the current address's notice: spends that pending change; false when not ours or spent. */
  async cancelEmailChange(token: string): Promise<boolean> {
    const id = verifyEmailChangeCancel(this.secret, token);
    if (!id) return false;
    return cancelEmailChange(this.db, id);
  }

  /** The member's choices, in one read of their account row. */
  async preferences(userId: string): Promise<Preferences> {
    const [row] = await this.db.select(preferenceColumns).from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) throw notFound('account-not-found');
    return row;
  }

  async setPreferences(userId: string, next: PreferencesInput): Promise<Preferences> {
    await this.db.update(users).set({ ...next, updatedAt: new Date() }).where(eq(users.id, userId));
    return this.preferences(userId);
  }

  /** One-click unsubscribe: the signed token names the member and the notification; false when it is not ours. */
  async unsubscribe(token: string): Promise<boolean> {
    const claim = verifyUnsubscribe(this.secret, token);
    if (!claim) return false;
    // A member deleted since: nothing to switch off, and nothing to tell.
    if (claim.topic === 'messages') await this.db.update(users).set({ notifyMessages: false }).where(eq(users.id, claim.userId));
    else if (claim.topic === 'introductions') await this.db.update(users).set({ notifyIntroductions: false }).where(eq(users.id, claim.userId));
    else await switchOffStaffMail(this.db, claim.userId, claim.topic);
    return true;
  }

  listSessions(userId: string, currentSid: string | null): Promise<SessionSummary[]> {
    return this.sessions.listForUser(userId, currentSid);
  }

  async endSession(userId: string, publicId: string): Promise<void> {
    if (!(await this.sessions.destroyOfUser(userId, publicId))) throw notFound('session-not-found');
  }

  /** account.json (one entry a section), summary.txt (the same to read, in her language) and her photo files, as a zip. */
  async export(userId: string): Promise<Uint8Array> {
    const data: Record<string, unknown> = { exportedAt: new Date().toISOString() };
    for (const section of exportSections) data[section.name] = await section.collect(this.db, userId);
    const files: Zippable = {
      'account.json': strToU8(JSON.stringify(data, null, 2)),
      'summary.txt': strToU8(await exportSummary(this.db, userId, data)),
    };
    for (const path of await ownPhotoKeys(this.db, userId)) {
      const key = objectKeyFromPath(path);
      const bytes = await this.store.get(key);
      // A file missing from the store is left out rather than failing the whole export. Photos are already
      // compressed, so they are stored as they are (level 0); the JSON is deflated.
      if (bytes) files[`photos/${key.split('/').at(-1)}`] = [new Uint8Array(bytes), { level: 0 }];
    }
    // Her photo of the two for a story (issue 51 part 5).
    const storyPhotos = await this.db
      .select({ key: introductionStories.photoKey })
      .from(introductionStories)
      .where(and(eq(introductionStories.userId, userId), isNotNull(introductionStories.photoKey)));
    for (const { key } of storyPhotos) {
      const bytes = await this.store.get(key!);
      if (bytes) files[`stories/${key!.split('/').at(-1)}`] = [new Uint8Array(bytes), { level: 0 }];
    }
    return zipSync(files, { level: 6 });
  }

  /** Checks the password, then runs every deletion step in one transaction. */
  async deleteAccount(userId: string, password: string): Promise<{ profileId: string | null }> {
    if (!(await this.auth.passwordMatches(userId, password))) throw wrongPassword('password');
    return this.deleteAccountNow(userId, 'request');
  }

  /** Every deletion step in one transaction: the member's own request, or the retention pass for an unused account. */
  async deleteAccountNow(userId: string, why: 'request' | 'inactive'): Promise<{ profileId: string | null }> {
    const auditSecret = await auditHashSecret(this.db, this.auditSecretFromEnv);
    return this.db.transaction(async (tx) => {
      const member = await deletionContext(tx, userId, this.sessions, auditSecret, why);
      if (!member) throw notFound('account-not-found');
      for (const step of deletionSteps) await step.run(tx, member);
      return { profileId: member.profileId };
    });
  }

  /** The worker's handler for the objects a deletion left: each key deleted from the store (disk or bucket). */
  async deleteObjects(keys: string[]): Promise<void> {
    // A photo goes with its size copies (storage/photo-files.ts); a raw upload has none, and deleting what is not there is fine.
    for (const key of keys) await deletePhotoFiles(this.store, key);
  }
}
