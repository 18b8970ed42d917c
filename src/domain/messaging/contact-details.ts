/**
 * Does a message share a way to reach the sender outside Sanga: a phone number, an email address, a link, or a
 * social handle? Two members who are not introduced keep to Sanga's messages (issue 50: contact details wait for an
 * introduction); messages.service.ts holds such a message back (409 contact-before-introduction). Pure: no I/O, every
 * matcher built once at load; contact-details.test.ts holds the hits and the non-hits in both languages.
 *
 * Holding back cannot be overridden, so a false hit costs a member a rephrase: each part errs towards ordinary text.
 * - Phone numbers: libphonenumber-js finds valid numbers of any country when written with their "+" code, and national
 *   ones of the United States and Canada, Mexico and Spain (PHONE_COUNTRIES: where members live and write from).
 *   Only numbers valid for their country count, so a year, an age, a height or a birth date ("1994-05-17") does not.
 *   Digits spaced out ("5 1 2 5 5 5 …") are still a number.
 * - Email addresses: linkify-it's, and "name at gmail dot com" / "nombre arroba gmail punto com".
 * - Links: linkify-it's, with a scheme or "www.", with a path ("wa.me/…"), or a bare domain under a common generic
 *   top-level domain (".com", ".org", …). A bare two-letter ending is left alone: "tired.so", "no.me", "templo.De"
 *   are sentences missing a space, not links.
 * - Handles: "@name", and a platform named with a handle ("insta: radha.devi", "my snap is radhadevi", "mi whatsapp es …").
 */
import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js';
import { LinkifyIt } from 'linkify-it';

/** Countries whose national numbers (without "+") are looked for; a number with its "+" code is found for any country. */
const PHONE_COUNTRIES: readonly CountryCode[] = ['US', 'MX', 'ES'];

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true });

/** Top-level domains a bare domain ("radha.com") is a link under; any other needs a scheme, "www." or a path. */
const GENERIC_TLDS = new Set(['com', 'org', 'net', 'info', 'biz', 'io', 'co', 'app', 'dev', 'online', 'site', 'xyz', 'link', 'page']);

/** An email address written out to slip past a filter: "radha at gmail dot com", "radha arroba hotmail punto com". */
const SPELLED_EMAIL =
  /(?<![\p{L}\p{N}])[\p{L}\p{N}._+-]{2,}\s*(?:\(at\)|\[at\]|\sat\s|\sarroba\s)\s*(?:gmail|hotmail|yahoo|outlook|icloud|protonmail|proton|live|aol|msn)(?![\p{L}\p{N}])/iu;

/** "@name": an @ at the start of a word, then a letter or underscore and 2 to 29 more ("@ 5pm" and "me@home.com" are not handles here). */
const AT_HANDLE = /(?<![\p{L}\p{N}@._-])@[a-z_][a-z0-9._]{2,29}(?![\p{L}\p{N}])/iu;

const PLATFORMS = String.raw`insta|instagram|ig|snap|snapchat|whatsapp|whats app|wsp|wasap|telegram|tiktok|facebook|fb|wechat|kik|skype|viber|twitter`;
/**
 * A platform with a handle after it: "insta: radha.devi", "IG = radhadevi", or, after "my"/"mi", also "my snap is
 * radhadevi", "mi insta radha_d". The handle is the group `handle`, checked against HANDLE_NOT.
 */
const PLATFORM_HANDLE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(?:my|mi)\s+(?:${PLATFORMS})(?![\p{L}\p{N}])\s*(?:id|handle|username|user|usuario|name|nombre)?\s*(?::|=|-|is|es)?|(?:${PLATFORMS})(?![\p{L}\p{N}])\s*(?:id|handle|username|usuario)?\s*[:=])\s*@?(?<handle>[a-z0-9._]{3,30})(?![\p{L}\p{N}])`,
  'iu',
);
/** Words that follow "my insta is" without being a handle ("my insta is private", "mi whatsapp es nuevo"). */
const HANDLE_NOT = new Set([
  'the', 'not', 'and', 'very', 'really', 'just', 'only', 'also', 'too', 'more', 'less', 'full', 'private', 'public', 'new', 'old',
  'great', 'good', 'nice', 'cool', 'fun', 'down', 'broken', 'better', 'best', 'here', 'there', 'empty', 'closed', 'off',
  'los', 'las', 'una', 'uno', 'muy', 'mas', 'más', 'tan', 'para', 'privado', 'privada', 'publico', 'público', 'nuevo', 'nueva',
  'viejo', 'vieja', 'bueno', 'buena', 'mejor', 'peor', 'aqui', 'aquí', 'cerrado', 'cerrada', 'roto', 'rota',
]);

/**
 * A run of digits that could be a phone number: at least seven characters of digits, spaces, dots, dashes, slashes and
 * brackets, maybe after a "+". Only such runs go to libphonenumber-js, so a long message of words costs nothing there.
 */
const PHONE_LIKE = /\+?\(?\d[\d\s()./-]{5,}\d/g;
/** Single digits with a space, dot or dash between each, six or more: a number spaced out to slip past a filter. */
const SPACED_DIGITS = /(?<!\d)\d(?:[\s.-]\d(?!\d)){5,}/g;

function hasPhoneNumber(text: string): boolean {
  for (const [run] of text.matchAll(PHONE_LIKE)) {
    if ((run.match(/\d/g)?.length ?? 0) < 7) continue;
    const joined = run.replace(SPACED_DIGITS, (digits) => digits.replace(/[\s.-]/g, ''));
    const candidates = joined === run ? [run] : [run, joined];
    if (candidates.some((candidate) => PHONE_COUNTRIES.some((defaultCountry) => findPhoneNumbersInText(candidate, { defaultCountry }).length > 0))) return true;
  }
  return false;
}

function hasLinkOrEmail(text: string): boolean {
  if (SPELLED_EMAIL.test(text)) return true;
  return (linkify.match(text) ?? []).some((match) => {
    if (match.schema !== '') return true; // http:, https:, mailto: (an email), //
    if (/^www\./i.test(match.raw) || match.raw.includes('/')) return true;
    const host = match.raw.split(/[/?#:]/)[0] ?? '';
    const tld = host.slice(host.lastIndexOf('.') + 1);
    // Lower case as written: "templo.De acuerdo" is a sentence missing its space.
    return GENERIC_TLDS.has(tld) && tld === tld.toLowerCase();
  });
}

function hasHandle(text: string): boolean {
  if (AT_HANDLE.test(text)) return true;
  const handle = PLATFORM_HANDLE.exec(text)?.groups?.handle;
  return handle !== undefined && !HANDLE_NOT.has(handle.toLowerCase());
}

/** Whether the text shares a phone number, an email address, a link or a social handle. */
export function sharesContactDetails(text: string): boolean {
  return hasLinkOrEmail(text) || hasHandle(text) || hasPhoneNumber(text);
}
