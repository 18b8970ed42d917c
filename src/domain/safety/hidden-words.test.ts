import { describe, expect, it } from 'vitest';
import { containsHiddenWord, distinctHiddenWords, hiddenWordsInput } from './hidden-words';

describe('containsHiddenWord', () => {
  it('finds a word or phrase whole, case and accents aside, across punctuation and line breaks', () => {
    expect(containsHiddenWord('You are so SEXY!', ['sexy'])).toBe(true);
    expect(containsHiddenWord('Hola, cariño', ['carino'])).toBe(true);
    expect(containsHiddenWord('Hola, carino', ['cariño'])).toBe(true);
    expect(containsHiddenWord('please send...\nme money', ['send me money'])).toBe(true);
    expect(containsHiddenWord('¿Me mandas una foto?', ['mandas una foto'])).toBe(true);
  });

  it('does not find a word inside another, a phrase in pieces, or anything with an empty list', () => {
    expect(containsHiddenWord('I teach a class', ['ass'])).toBe(false);
    expect(containsHiddenWord('Welcome over', ['come over'])).toBe(false);
    expect(containsHiddenWord('send the money to me', ['send me money'])).toBe(false);
    expect(containsHiddenWord('anything', [])).toBe(false);
  });
});

describe('the list', () => {
  it('keeps each word once, in the member’s spelling and order', () => {
    expect(distinctHiddenWords([' Cariño ', 'carino', 'CARIÑO', 'babe'])).toEqual(['Cariño', 'babe']);
  });

  it('takes at most 100 words of 2 to 40 characters with a letter or digit', () => {
    expect(hiddenWordsInput.safeParse({ words: Array.from({ length: 100 }, (_, i) => `w${i}`) }).success).toBe(true);
    expect(hiddenWordsInput.safeParse({ words: Array.from({ length: 101 }, (_, i) => `w${i}`) }).error?.issues[0]?.message).toBe('hiddenWordsTooMany');
    for (const word of ['a', ' a ', 'x'.repeat(41), '?!', '']) {
      expect(hiddenWordsInput.safeParse({ words: [word] }).error?.issues[0]?.message, word).toBe('hiddenWordLength');
    }
  });
});
