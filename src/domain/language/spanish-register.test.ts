import { describe, expect, it } from 'vitest';
import { vosotrosWords } from './spanish-register';

describe('the vosotros check', () => {
  it('finds the vosotros forms issue #32 reported, pronouns included', () => {
    expect(vosotrosWords('No se comparte nada hasta que ambos aceptéis.')).toEqual(['aceptéis']);
    expect(vosotrosWords('Ya estáis presentados. Ahora podéis escribiros.')).toEqual(['estáis', 'podéis', 'escribiros']);
    expect(vosotrosWords('Un coordinador considerará presentaros. Os avisaremos; vuestro perfil, vosotras.')).toEqual(['presentaros', 'os', 'vuestro', 'vosotras']);
    expect(vosotrosWords('Viajáis al país con seis amigos; vivís en París.')).toEqual(['viajáis', 'vivís']);
  });

  it('passes ustedes and tú, and words that only look alike', () => {
    expect(vosotrosWords('La presentación está hecha: ya pueden escribirse. Los primeros números son claros.')).toEqual([]);
    expect(vosotrosWords('Ustedes aceptan; tú aceptas. Los osos y el cosmos.')).toEqual([]);
  });
});
