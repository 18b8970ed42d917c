import type { VerificationMethod } from '#domain/accounts/verification-methods';
import type { HeightUnit } from '#domain/profile/biodata';
import { trustFactsOf } from '#server/policy/trust';
import { notifyPersonChanged } from '#server/events/changes';
import type { MemberRole } from '#domain/staff/roles';
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Language } from '#domain/language/language';
import type { Db } from '#server/db/client';
import { guardians, passwordResetTokens, profiles, users, volunteerApplications } from '#server/db/schema';
import { signupHeld } from './signup-hold';
import { badRequest, fieldError, conflict, forbidden, unauthorized } from '#server/errors';
import { enqueueMail } from '#server/jobs/outbox';
import { mailTarget } from '#server/mail/recipient';
import { addressKey, type RecipientMailCap } from '#server/mail/recipient-cap';
import { composeMail } from '#server/mail/templates';
import { issueEmailToken, sha256, spendAllEmailTokens, spendEmailToken } from './email-tokens';
import type { SessionStore } from './session-store';

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** argon2id with the library's defaults (19 MiB, 2 passes), as OWASP recommends. */
export const hashPassword = (password: string) => hash(password);

/** A hash of a random password, verified when the email is unknown so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

export interface PublicUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  roles: MemberRole[];
}

export interface CurrentUserRow extends PublicUser {
  language: Language;
  heightUnit: HeightUnit | null;
  emailVerified: boolean;
  /** "Verified by a coordinator", as the member's own badge shows it. */
  verified: boolean;
  verifiedAt: string | null;
  verificationMethod: VerificationMethod | null;
  volunteer: 'none' | 'pending' | 'approved';
  hasProfile: boolean;
  guarding: boolean;
}

const publicColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  roles: users.roles,
};

/** The sign-up answer for an address that has an account, and for one held after a reported member left. */
const emailTaken = () => conflict('email-taken', [fieldError('email', 'emailTaken')]);

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
    private readonly publicUrl: () => string,
    /** The installation's secret (accounts/audit-hash.ts), which keys the sign-up holds (signup-hold.ts). */
    private readonly installationSecret: () => Promise<string>,
    private readonly mailCap: RecipientMailCap,
  ) {}

  /**
   * A new account and, in the same transaction, the mail with its verification link (in `language`);
   * `privacyNoticeVersion` is the notice the person agreed to (stored with the time), if the client asked.
   */
  async register(email: string, password: string, options: { privacyNoticeVersion?: number | undefined; language?: Language | undefined } = {}): Promise<PublicUser> {
    const { privacyNoticeVersion, language = 'en' } = options;
    const secret = await this.installationSecret();
    const passwordHash = await hashPassword(password);
    const consent = privacyNoticeVersion === undefined ? {} : { privacyNoticeVersion, privacyConsentAt: new Date() };
    try {
      return await this.db.transaction(async (tx) => {
        // An account deleted with open reports against it keeps its email from returning for a while.
        // Answered as a taken address, after the same password hashing: the answer must not tell
        // anyone that the address's owner was reported.
        if (await signupHeld(tx, secret, email, new Date())) throw emailTaken();
        const [user] = await tx.insert(users).values({ email, passwordHash, language, ...consent }).returning(publicColumns);
        // The address is not proven hers yet, so its link counts against the address's daily cap; past it the
        // account is still made (refusing would let whoever filled the cap keep her from signing up) without a
        // mail, and she asks for a link again the next day.
        if (await this.mailCap.mayCount(tx, email)) await this.enqueueVerification(tx, user!.id, email, language);
        return user!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  /**
   * The same 401 for an unknown email and a wrong password. A suspended account answers 403 whatever the
   * password, after the same hash check, so the answer says nothing about the password.
   */
  async verifyCredentials(email: string, password: string): Promise<PublicUser> {
    const [row] = await this.db
      .select({ ...publicColumns, passwordHash: users.passwordHash, suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    const ok = await verify(row?.passwordHash ?? (await getDummyHash()), password).catch(() => false);
    if (row?.suspendedAt) throw forbidden('suspended');
    if (!row || !ok) throw unauthorized('sign-in-invalid');
    const { passwordHash: _omit, suspendedAt: _suspended, ...user } = row;
    return user;
  }

  /** The signed-in member as GET /api/auth/user answers it. */
  async findUser(id: string): Promise<CurrentUserRow | null> {
    const [row] = await this.db
      .select({
        ...publicColumns,
        language: users.language,
        heightUnit: users.heightUnit,
        verifiedAt: users.emailVerifiedAt,
        // The volunteer application's state in the same round trip: null without one.
        // (Qualified by hand: inside a select, drizzle names a column without its table, and `id` would be the
        // application's own.)
        volunteerApproved: sql<boolean | null>`(select bool_or(va.approved) from ${volunteerApplications} va where va.user_id = ${users}.id)`,
        hasProfile: sql<boolean>`exists (select 1 from ${profiles} p where p.user_id = ${users}.id)`,
        // Accompanies a member (an accepted guardian link to someone not suspended): the same members /api/guarding lists.
        guarding: sql<boolean>`exists (select 1 from ${guardians} g join ${users} m on m.id = g.member_id
          where g.guardian_user_id = ${users}.id and g.accepted_at is not null and m.suspended_at is null)`,
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    if (!row) return null;
    const { verifiedAt, volunteerApproved, ...user } = row;
    // Her badge as her matches see it: gone while her name, birth date or photos differ from what was verified.
    const { verified, verifiedAt: verifiedByCoordinatorAt, verificationMethod } = await trustFactsOf(this.db, id, 'matches');
    const volunteer = volunteerApproved === null ? 'none' : volunteerApproved ? 'approved' : 'pending';
    return { ...user, emailVerified: verifiedAt !== null, verified, verifiedAt: verifiedByCoordinatorAt, verificationMethod, volunteer };
  }

  /** Whether `password` is the member's; the same argon2 work whatever the answer. */
  async passwordMatches(userId: string, password: string): Promise<boolean> {
    const [row] = await this.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
    return verify(row?.passwordHash ?? (await getDummyHash()), password).catch(() => false);
  }

  /** Writes a verification mail for the member's current address to the outbox, in the caller's transaction. */
  private async enqueueVerification(tx: Db, userId: string, email: string, language: Language): Promise<void> {
    const token = await issueEmailToken(tx, userId);
    await enqueueMail(tx, composeMail(email, language, 'verifyEmail', { link: `${this.publicUrl()}/verify-email?token=${token}` }));
  }

  /** A new verification link for a member whose email is not verified yet (a verified one gets nothing). */
  async resendVerification(userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const target = await mailTarget(tx, userId);
      if (!target || target.verified) return;
      // An address nobody proved yet: one more mail against its daily cap (429 past it).
      await this.mailCap.count(tx, target.email);
      await this.enqueueVerification(tx, userId, target.email, target.language);
    });
  }

  /**
   * Opens a link sent to an address: a verification marks the email verified; a change-of-email link moves the
   * account to the new address (verified, since the link reached it) and tells the old address.
   */
  async verifyEmail(token: string): Promise<void> {
    const invalid = () => badRequest('link-invalid', [fieldError('token', 'tokenInvalid')]);
    try {
      await this.db.transaction(async (tx) => {
        const spent = await spendEmailToken(tx, token);
        if (!spent) throw invalid();
        const before = await mailTarget(tx, spent.userId);
        if (!before) throw invalid();
        // The email rung is on her match card (policy/trust.ts): the match index hears of it either way.
        await notifyPersonChanged(tx, spent.userId);
        if (spent.newEmail === null) {
          await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, spent.userId));
          return;
        }
        // The address she leaves is kept only as a key, so she cannot name it as her own referee later.
        await tx
          .update(users)
          .set({ email: spent.newEmail, emailVerifiedAt: new Date(), updatedAt: new Date(), formerEmailKeys: sql`array_append(${users.formerEmailKeys}, ${addressKey(before.email)}::text)` })
          .where(eq(users.id, spent.userId));
        // The old mailbox learns that and when, never where to.
        await enqueueMail(tx, composeMail(before.email, before.language, 'emailChanged', { when: new Date() }));
      });
    } catch (error) {
      // The address was taken by someone else between the request and the click.
      if (isUniqueViolation(error)) throw conflict('email-taken', [fieldError('newEmail', 'emailTaken')]);
      throw error;
    }
  }

  /** Writes a single-use reset link, valid for an hour, and its mail in one transaction; silent when the email has no account. */
  async requestPasswordReset(email: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [user] = await tx.select({ id: users.id, language: users.language, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.email, email)).limit(1);
      if (!user) return;
      // An account whose address was never proven may be someone else's mailbox: its daily cap applies (the
      // answer went out already, so past the cap no mail is written).
      if (!user.verifiedAt && !(await this.mailCap.mayCount(tx, email))) return;
      const token = randomBytes(32).toString('base64url');
      await tx.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
      });
      await enqueueMail(tx, composeMail(email, user.language, 'passwordReset', { link: `${this.publicUrl()}/reset-password?token=${token}` }));
    });
  }

  /** Sets the new password, spends the token and ends every session of the user. */
  async confirmPasswordReset(token: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      const [spent] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, sha256(token)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      if (!spent) throw badRequest('reset-link-invalid', [fieldError('token', 'tokenInvalid')]);
      // Every other link of this user is spent too: a second link lying in the mailbox must not open the account
      // after the owner chose a new password.
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
      // And every pending email change or verification: one asked for by whoever knew the old password must not
      // move the account to their address after the owner took it back.
      await spendAllEmailTokens(tx, spent.userId);
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, spent.userId));
      await this.sessions.destroyAllForUser(tx, spent.userId);
    });
  }
}
