const digitWords = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/**
 * Every number in the text written out digit by digit ("16" → "one-six"), for the messages the crash and cluster
 * tests send: the hurtful-words check reads digits as letters ("n16", "455"), as people type to dodge it (issue 50).
 */
export const spelledNumbers = (text: string) => text.replace(/\d+/g, (number) => [...number].map((digit) => digitWords[Number(digit)]).join('-'));
