import { describe, expect, it } from 'vitest';
import { DELETE_CONFIRMATION_WORDS, isDeleteConfirmation } from './account';

describe('the word that confirms deleting an account (issue #32)', () => {
  it('is the page language’s, and either language’s word is accepted', () => {
    expect(DELETE_CONFIRMATION_WORDS).toEqual({ en: 'DELETE', es: 'ELIMINAR' });
    expect(isDeleteConfirmation('ELIMINAR')).toBe(true);
    expect(isDeleteConfirmation(' DELETE ')).toBe(true);
  });

  it('must be typed exactly', () => {
    for (const typed of ['eliminar', 'delete', 'ELIMINA', '', 'BORRAR']) expect(isDeleteConfirmation(typed)).toBe(false);
  });
});
