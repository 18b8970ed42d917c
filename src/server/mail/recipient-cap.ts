import { createHash } from 'node:crypto';
import type { ErrorCode } from '#domain/error-codes';
import type { Db } from '#server/db/client';
import type { RateLimiter, RateLimits } from '#server/security/rate-limiter';

const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/** Providers that deliver every spelling of a local part with or without dots to one mailbox. */
const DOTLESS_DOMAINS = new Set(['gmail.com']);
const DOMAIN_ALIASES: Record<string, string> = { 'googlemail.com': 'gmail.com' };

/**
 * One mailbox's key, however the address is spelt: lower case, the plus tag dropped (`ana+1@` is `ana@`), dots in
 * the local part dropped only where the provider ignores them (Gmail: `a.na@gmail.com` is `ana@gmail.com`). Dots
 * elsewhere are kept, since many providers deliver `a.na@` and `ana@` to two different people.
 */
export function normaliseAddress(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  const domain = DOMAIN_ALIASES[lower.slice(at + 1)] ?? lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

/** A mailbox's key kept instead of the address (a former address of a member): the SHA-256 of its normal form. */
export function addressKey(address: string): string {
  return createHash('sha256').update(normaliseAddress(address)).digest('base64url');
}

/**
 * The one per-recipient cap on mail Sanga sends to an address that is not a member's own verified one (sign-up
 * and resent verification links, a change of email, guardian and team invitations, reference requests, a password
 * reset to an unverified account): MAILS_PER_RECIPIENT_PER_DAY from everyone together, per normalised address.
 * It is one more limit of rate_limit_counters, hit in the transaction that writes the mail to the outbox: counted
 * exactly when the mail will go, never given back when the sender withdraws or deletes anything, and racing
 * requests queue on the counter's row (the key is a SHA-256, so the table holds no address).
 */
export class RecipientMailCap {
  private readonly limiter: RateLimiter;

  constructor(limits: RateLimits, perDay: number) {
    this.limiter = limits.limiter('mails-to-recipient', perDay, ONE_DAY_MS);
  }

  /** Counts one mail to `address` in `tx`; past the cap, 429 with `code` (the transaction and its mail roll back). */
  async count(tx: Db, address: string, code: ErrorCode = 'recipient-mail-limit'): Promise<void> {
    await this.limiter.hit(normaliseAddress(address), { db: tx, code });
  }

  /**
   * For a mail nobody waits on an answer for (a sign-up's link, a password reset answered before its work): counts
   * it and says whether it may go; past the cap the caller writes no mail.
   */
  async mayCount(tx: Db, address: string): Promise<boolean> {
    const { count } = await this.limiter.record(normaliseAddress(address), tx);
    return !this.limiter.exceededBy(count);
  }
}
