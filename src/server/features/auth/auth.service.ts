import type { MemberRole } from '../../../domain/roles';
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { SUSPENDED_MESSAGE } from '../../../domain/safety';
import { badRequest, fieldError, conflict, forbidden, unauthorized } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import type { SessionStore } from './sessions';

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** argon2id with the library's defaults (19 MiB, 2 passes), as OWASP recommends. */
const hashPassword = (password: string) => hash(password);

/** A hash of a random password, verified when the email is unknown so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface PublicUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  roles: MemberRole[];
}

const publicColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  roles: users.roles,
};

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
    private readonly mailer: Mailer,
    private readonly publicUrl: () => string,
  ) {}

  /** A new account; `privacyNoticeVersion` is the notice the person agreed to (stored with the time), if the client asked. */
  async register(email: string, password: string, privacyNoticeVersion?: number): Promise<PublicUser> {
    const passwordHash = await hashPassword(password);
    const consent = privacyNoticeVersion === undefined ? {} : { privacyNoticeVersion, privacyConsentAt: new Date() };
    try {
      const [user] = await this.db.insert(users).values({ email, passwordHash, ...consent }).returning(publicColumns);
      return user!;
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict('An account with this email already exists', [fieldError('email', 'emailTaken')]);
      }
      throw error;
    }
  }

  /**
   * The same 401 for an unknown email and a wrong password. A suspended account answers 403 whatever the
   * password (issue 15), after the same hash check, so the answer says nothing about the password.
   */
  async verifyCredentials(email: string, password: string): Promise<PublicUser> {
    const [row] = await this.db
      .select({ ...publicColumns, passwordHash: users.passwordHash, suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    const ok = await verify(row?.passwordHash ?? (await getDummyHash()), password).catch(() => false);
    if (row?.suspendedAt) throw forbidden(SUSPENDED_MESSAGE);
    if (!row || !ok) throw unauthorized('Invalid email or password');
    const { passwordHash: _omit, suspendedAt: _suspended, ...user } = row;
    return user;
  }

  async findUser(id: string): Promise<PublicUser | null> {
    const [user] = await this.db.select(publicColumns).from(users).where(eq(users.id, id)).limit(1);
    return user ?? null;
  }

  /** Sends a single-use link valid for an hour; silent when the email has no account. */
  async requestPasswordReset(email: string): Promise<void> {
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await this.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
    });
    const link = `${this.publicUrl()}/reset-password?token=${token}`;
    await this.mailer.send({
      to: email,
      subject: 'Reset your Sanga password / Restablece tu contraseña de Sanga',
      text: [
        'Someone asked to reset the password of your Sanga account. If it was you, open this link within one hour:',
        link,
        'If it was not you, ignore this message: your password stays as it is.',
        '',
        'Alguien pidió restablecer la contraseña de tu cuenta de Sanga. Si fuiste tú, abre este enlace dentro de una hora:',
        link,
        'Si no fuiste tú, ignora este mensaje: tu contraseña no cambia.',
      ].join('\n'),
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
      if (!spent) throw badRequest('This reset link is not valid or has expired', [fieldError('token', 'tokenInvalid')]);
      // Every other link of this user is spent too: a second link lying in the mailbox must not open the account
      // after the owner chose a new password.
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, spent.userId));
      await this.sessions.destroyAllForUser(tx as unknown as Db, spent.userId);
    });
  }
}
