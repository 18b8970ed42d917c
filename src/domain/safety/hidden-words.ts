import { z } from 'zod';

/**
 * Hidden words (issue 50): words or phrases a member never wants to read. A message containing one is kept, out of
 * her thread, unread count, conversation list and notices, in a folder she may open; the sender's answer is the one
 * any delivered message gets, so they are never told.
 */
export const HIDDEN_WORDS_MAX = 100;
export const HIDDEN_WORD_MIN_LENGTH = 2;
export const HIDDEN_WORD_MAX_LENGTH = 40;

const word = z
  .string({ error: 'hiddenWordLength' })
  .trim()
  .min(HIDDEN_WORD_MIN_LENGTH, { error: 'hiddenWordLength' })
  .max(HIDDEN_WORD_MAX_LENGTH, { error: 'hiddenWordLength' })
  // Something a message can hold: letters or digits, not only punctuation (which matching leaves out).
  .refine((value) => wordsOf(value) !== '', { error: 'hiddenWordLength' });

/** PUT /api/account/hidden-words: the whole list, replacing the one saved; repeats (case and accents aside) kept once. */
export const hiddenWordsInput = z.object({
  words: z.array(word, { error: 'hiddenWordsInvalid' }).max(HIDDEN_WORDS_MAX, { error: 'hiddenWordsTooMany' }),
});
export type HiddenWordsInput = z.infer<typeof hiddenWordsInput>;

export const hiddenWords = z.object({ words: z.array(z.string()) });
export type HiddenWords = z.infer<typeof hiddenWords>;

/** A message in the hidden folder: who sent it (their shown name, or null) and what, never marked read or counted. */
export const hiddenMessage = z.object({
  id: z.string(),
  senderId: z.string(),
  senderName: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
});
export type HiddenMessage = z.infer<typeof hiddenMessage>;

/**
 * Text as matching reads it: without accents or case, every run of anything but letters and digits one space, with
 * a space at each end, so a word is found whole ("ass" not in "class") and a phrase across punctuation and line breaks.
 */
function wordsOf(text: string): string {
  const plain = text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return plain;
}

/** The list as saved: trimmed, each kept once (the first spelling), in the member's order. */
export function distinctHiddenWords(words: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const value of words) {
    const key = wordsOf(value);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(value.trim());
  }
  return kept;
}

/** Whether a message holds one of the words or phrases, whole, case and accents aside. */
export function containsHiddenWord(content: string, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  const text = ` ${wordsOf(content)} `;
  return words.some((value) => {
    const key = wordsOf(value);
    return key !== '' && text.includes(` ${key} `);
  });
}
