import { describe, expect, it } from 'vitest';
import {
  GANA_POINTS,
  NAKSHATRA_GANA,
  NAKSHATRA_NADI,
  NAKSHATRA_YONI,
  RASHI_LORDS,
  VASHYA_POINTS,
  grahaMaitriPoints,
  vashyaOf,
  yoniPoints,
  type Planet,
  type Yoni,
} from './koota-tables';

const count = <T>(values: readonly T[], value: T) => values.filter((each) => each === value).length;

describe('koota tables', () => {
  it('gives every nakshatra one yoni, two nakshatras to each animal but the mongoose', () => {
    expect(NAKSHATRA_YONI).toHaveLength(27);
    const animals = new Set(NAKSHATRA_YONI);
    expect(animals.size).toBe(14);
    // 27 nakshatras, 14 animals: 13 animals have two, and the mongoose's second is Abhijit, not counted here.
    for (const animal of animals) expect(count(NAKSHATRA_YONI, animal)).toBe(animal === 'mongoose' ? 1 : 2);
  });

  it('scores yoni symmetrically: 4 for the same animal, 0 for the seven sworn enemies', () => {
    const animals = [...new Set(NAKSHATRA_YONI)];
    for (const a of animals) {
      expect(yoniPoints(a, a)).toBe(4);
      for (const b of animals) expect(yoniPoints(a, b)).toBe(yoniPoints(b, a));
    }
    const enemies: [Yoni, Yoni][] = [
      ['horse', 'buffalo'], ['elephant', 'lion'], ['sheep', 'monkey'], ['serpent', 'mongoose'], ['dog', 'deer'], ['cat', 'rat'], ['cow', 'tiger'],
    ];
    for (const [a, b] of enemies) expect(yoniPoints(a, b)).toBe(0);
    const zeros = animals.flatMap((a) => animals.filter((b) => yoniPoints(a, b) === 0).map((b) => `${a}-${b}`));
    expect(zeros).toHaveLength(14); // the seven pairs, both ways, and no other
  });

  it('splits nakshatras nine to each gana and nine to each nadi', () => {
    for (const gana of ['deva', 'manushya', 'rakshasa'] as const) expect(count(NAKSHATRA_GANA, gana)).toBe(9);
    for (const nadi of ['adi', 'madhya', 'antya'] as const) expect(count(NAKSHATRA_NADI, nadi)).toBe(9);
    // The zig-zag: Ashwini adi, Bharani madhya, Krittika and Rohini antya, Mrigashira madhya, Ardra adi, Punarvasu adi.
    expect(NAKSHATRA_NADI.slice(0, 7)).toEqual(['adi', 'madhya', 'antya', 'antya', 'madhya', 'adi', 'adi']);
    expect(NAKSHATRA_NADI[26]).toBe('antya'); // Revati
  });

  it('derives graha maitri from the planets\' friendships as the common printed table has it', () => {
    // The 7×7 table as printed in matching almanacs (Sun, Moon, Mars, Mercury, Jupiter, Venus, Saturn), checked
    // against the points derived from Parashara's natural friendships.
    const planets: Planet[] = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'];
    const printed = [
      [5, 5, 5, 4, 5, 0, 0],
      [5, 5, 4, 1, 4, 0.5, 0.5],
      [5, 4, 5, 0.5, 5, 3, 0.5],
      [4, 1, 0.5, 5, 0.5, 5, 4],
      [5, 4, 5, 0.5, 5, 0.5, 3],
      [0, 0.5, 3, 5, 0.5, 5, 5],
      [0, 0.5, 0.5, 4, 3, 5, 5],
    ];
    expect(planets.map((a) => planets.map((b) => grahaMaitriPoints(a, b)))).toEqual(printed);
  });

  it('reads vashya by rashi, Dhanu and Makara by half', () => {
    expect(vashyaOf(10)).toBe('chatushpada'); // Mesha
    expect(vashyaOf(130)).toBe('vanachara'); // Simha
    expect(vashyaOf(220)).toBe('keeta'); // Vrishchika
    expect([vashyaOf(250), vashyaOf(260)]).toEqual(['manava', 'chatushpada']); // Dhanu
    expect([vashyaOf(280), vashyaOf(290)]).toEqual(['chatushpada', 'jalachara']); // Makara
    expect(vashyaOf(355 + 360)).toBe('jalachara'); // Meena, a longitude past 360
    const groups = Object.keys(VASHYA_POINTS) as (keyof typeof VASHYA_POINTS)[];
    for (const group of groups) expect(VASHYA_POINTS[group][group]).toBe(2);
    // The common table reads the same both ways; a vanachara (Simha) groom has 0.5 with a chatushpada bride and 1
    // with a jalachara one, as a vanachara bride has with those grooms.
    for (const groom of groups) for (const bride of groups) expect(VASHYA_POINTS[groom][bride]).toBe(VASHYA_POINTS[bride][groom]);
    expect(VASHYA_POINTS.vanachara).toEqual({ chatushpada: 0.5, manava: 0, jalachara: 1, vanachara: 2, keeta: 0 });
  });

  it('has the rashi lords and the gana points of the common tables', () => {
    expect(RASHI_LORDS).toEqual(['mars', 'venus', 'mercury', 'moon', 'sun', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'saturn', 'jupiter']);
    expect(GANA_POINTS.manushya.deva).toBe(5); // a manushya groom, a deva bride
    expect(GANA_POINTS.deva.manushya).toBe(6);
    expect(GANA_POINTS.manushya.rakshasa).toBe(0);
  });
});
