// Reference guna totals for the Vedic computation's tests (src/domain/vedic/reference-gunas.json), computed by an
// implementation independent of the project's: the ashtakoota of the npm package `@ishubhamx/panchangam-js` (MIT),
// its `matchKundli(boy, girl)`, which reads each person's sidereal Moon longitude and scores the eight kootas with
// its own tables (dist/matching/kootas.js, constants.js).
//
// Not part of npm test, and not a dependency of the project: install it by hand in a scratch folder outside the
// project, e.g.
//   mkdir /tmp/gunaref && cd /tmp/gunaref && npm init -y && npm install --ignore-scripts @ishubhamx/panchangam-js@2.2.3
// then, from the project:
//   PANCHANGAM_DIR=/tmp/gunaref node scripts/vedic/reference-gunas.mjs > src/domain/vedic/reference-gunas.json
//
// The pairs: the 27 reference births of reference-charts.json (Moon longitudes from the Swiss Ephemeris), each as
// the bride with the next and with the fifth after it as the groom (54 pairs), and pairs of chosen longitudes that
// hit each koota's edge cases and each cancellation.
//
// Where the package follows another convention than ours, the pair lists the difference: the koota, the package's
// points ("theirs"), ours as our documented convention gives them, and why. Each rule below is stated from the
// package's own tables and inputs, not by running the project's code, so the test (reference-gunas.test.ts) checks
// every other koota equal and every listed difference exactly. The conventions where they differ:
//  - vashya: the package gives Dhanu wholly manava and Makara wholly chatushpada; ours splits both at 15° (Dhanu's
//    second half chatushpada, Makara's jalachara). The 5×5 table is the same; ours is read from the package's own
//    table (its calculateVashya) with our groups.
//  - gana: deva with rakshasa, either way round: the package 0, ours 1 (a cell the books give either way).
//  - yoni: the package has no 14×14 table: the same animal 4, the seven sworn enemies 0, three pairs it names as
//    enemies 1 (buffalo–tiger, elephant–tiger, horse–deer), all else 2. Ours is the printed table (PRINTED_YONI).
//  - bhakoot: the package lifts a 2/12, 5/9 or 6/8 dosha only for the same rashi lord; ours also for lords that are
//    friends both ways (which the package's own graha maitri marks with 5 for different lords).
//  - nadi: the package lifts nadi dosha only for the same rashi and different nakshatras; ours also for the same
//    nakshatra in another pada (or another rashi) and for different rashis of one lord.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const PACKAGE = '@ishubhamx/panchangam-js';
const require = createRequire(path.join(process.env.PANCHANGAM_DIR ?? '/tmp/gunaref', 'package.json'));
const packageDir = path.dirname(require.resolve(`${PACKAGE}/package.json`));
const { version, license } = require(`${PACKAGE}/package.json`);
const { matchKundli } = require(PACKAGE);
const { calculateVashya } = require(path.join(packageDir, 'dist/matching/kootas.js'));
const { NAKSHATRA_GANA, NAKSHATRA_YONI, RASHI_LORDS } = require(path.join(packageDir, 'dist/matching/constants.js'));

const NAKSHATRA_SPAN = 360 / 27;
const PADA_SPAN = NAKSHATRA_SPAN / 4;
const KOOTAS = ['varna', 'vashya', 'tara', 'yoni', 'grahaMaitri', 'gana', 'bhakoot', 'nadi'];

/** The package's koota names, in its order, mapped to ours. */
const THEIR_NAMES = { Varna: 'varna', Vashya: 'vashya', Tara: 'tara', Yoni: 'yoni', 'Graha Maitri': 'grahaMaitri', Gana: 'gana', Bhakoot: 'bhakoot', Nadi: 'nadi' };

/**
 * The yoni table as the common North Indian matching almanacs print it, rows and columns in the package's animal
 * order (horse, elephant, sheep, serpent, dog, cat, rat, cow, buffalo, tiger, deer, monkey, mongoose, lion).
 */
const PRINTED_YONI = [
  [4, 2, 2, 3, 2, 2, 2, 1, 0, 1, 3, 3, 2, 1],
  [2, 4, 3, 3, 2, 2, 2, 2, 3, 1, 2, 3, 2, 0],
  [2, 3, 4, 2, 1, 2, 1, 3, 3, 1, 2, 0, 3, 1],
  [3, 3, 2, 4, 2, 1, 1, 1, 1, 2, 2, 2, 0, 2],
  [2, 2, 1, 2, 4, 2, 1, 2, 2, 1, 0, 2, 1, 1],
  [2, 2, 2, 1, 2, 4, 0, 2, 2, 1, 3, 3, 2, 1],
  [2, 2, 1, 1, 1, 0, 4, 2, 2, 2, 2, 2, 1, 2],
  [1, 2, 3, 1, 2, 2, 2, 4, 3, 0, 3, 2, 2, 1],
  [0, 3, 3, 1, 2, 2, 2, 3, 4, 1, 2, 2, 2, 1],
  [1, 1, 1, 2, 1, 1, 2, 0, 1, 4, 1, 1, 2, 1],
  [3, 2, 2, 2, 0, 3, 2, 3, 2, 1, 4, 2, 2, 1],
  [3, 3, 0, 2, 2, 3, 2, 2, 2, 1, 2, 4, 3, 2],
  [2, 2, 3, 0, 1, 2, 1, 2, 2, 2, 2, 3, 4, 2],
  [1, 0, 1, 2, 1, 1, 2, 1, 1, 1, 1, 2, 2, 4],
];

/** Sidereal Moon longitude → the 0-based indexes the package uses, and the 1-based ones for the fixture. */
function place(longitude) {
  const degrees = ((longitude % 360) + 360) % 360;
  return {
    longitude,
    nakshatra: Math.floor(degrees / NAKSHATRA_SPAN) + 1,
    pada: (Math.floor(degrees / PADA_SPAN) % 4) + 1,
    rashi: Math.floor(degrees / 30) + 1,
    degreesInRashi: degrees % 30,
  };
}

/** The package reads only planets.Moon for the kootas; Mars, Venus and the ascendant feed its Mangal dosha verdict. */
function kundli(moon) {
  return { planets: { Moon: { longitude: moon }, Mars: { longitude: 0 }, Venus: { longitude: 0 } }, ascendant: { longitude: 0 } };
}

/** Our vashya group of a Moon, as a rashi index (0-based) the package files under that group. */
function ourVashyaRashiIndex({ rashi, degreesInRashi }) {
  const MESHA = 0; // chatushpada
  const KARKA = 3; // jalachara
  if (rashi === 9 && degreesInRashi >= 15) return MESHA;
  if (rashi === 10 && degreesInRashi >= 15) return KARKA;
  return rashi - 1;
}

function differencesOf(bride, groom, theirs) {
  const found = [];
  const add = (koota, ours, why) => {
    if (ours !== theirs[koota]) found.push({ koota, ours, theirs: theirs[koota], why });
  };
  const [b, g] = [bride.nakshatra - 1, groom.nakshatra - 1];
  if ([bride, groom].some((moon) => (moon.rashi === 9 || moon.rashi === 10) && moon.degreesInRashi >= 15)) {
    add(
      'vashya',
      calculateVashya(ourVashyaRashiIndex(groom), ourVashyaRashiIndex(bride)).score,
      'the package gives Dhanu wholly manava and Makara wholly chatushpada; ours splits them at 15° (Dhanu then chatushpada, Makara then jalachara)',
    );
  }
  const ganas = [NAKSHATRA_GANA[b], NAKSHATRA_GANA[g]].sort().join('+');
  if (ganas === '0+2') add('gana', 1, 'deva with rakshasa: the package gives 0, ours 1 (the books give this cell either way)');
  const [yoniB, yoniG] = [NAKSHATRA_YONI[b], NAKSHATRA_YONI[g]];
  add('yoni', PRINTED_YONI[yoniB][yoniG], 'the package has no 14×14 yoni table (same animal 4, sworn enemies 0, three named enemy pairs 1, all else 2); ours is the printed table');
  if (theirs.bhakoot === 0 && theirs.grahaMaitri === 5) {
    add('bhakoot', 7, 'bhakoot dosha with rashi lords friends both ways: ours lifts it (bhakoot-friendly-rashi-lords), the package only for the same lord');
  }
  if (theirs.nadi === 0) {
    const sameNakshatra = bride.nakshatra === groom.nakshatra;
    const samePada = sameNakshatra && bride.pada === groom.pada;
    const sameLordOtherRashi = bride.rashi !== groom.rashi && RASHI_LORDS[bride.rashi - 1] === RASHI_LORDS[groom.rashi - 1];
    if (!samePada && sameNakshatra) {
      add('nadi', 8, 'nadi dosha in one nakshatra, different padas: ours lifts it (nadi-same-nakshatra-different-pada), the package only for the same rashi and different nakshatras');
    } else if (!samePada && sameLordOtherRashi) {
      add('nadi', 8, 'nadi dosha in different rashis of one lord: ours lifts it (nadi-same-rashi-lord), the package does not');
    }
  }
  return found;
}

function pairOf(bride, groom, about) {
  const result = matchKundli(kundli(groom.longitude), kundli(bride.longitude)).ashtakoot;
  const theirs = Object.fromEntries(result.kootas.map((koota) => [THEIR_NAMES[koota.name], koota.score]));
  if (Object.keys(theirs).join() !== KOOTAS.join()) throw new Error(`unexpected kootas ${Object.keys(theirs)}`);
  const differences = differencesOf(bride, groom, theirs);
  const strip = ({ longitude, nakshatra, pada, rashi, id }) => ({ ...(id ? { id } : {}), moonLongitude: longitude, nakshatra, pada, rashi });
  return {
    about,
    bride: strip(bride),
    groom: strip(groom),
    theirs,
    theirsTotal: result.totalScore,
    differences,
    oursTotal: result.totalScore + differences.reduce((sum, difference) => sum + difference.ours - difference.theirs, 0),
  };
}

const charts = JSON.parse(readFileSync(new URL('../../src/domain/vedic/reference-charts.json', import.meta.url), 'utf8')).charts;
const births = charts.map((chart) => ({ id: chart.id, ...place(chart.moonLongitude) }));

const pairs = [];
for (const step of [1, 5]) {
  births.forEach((bride, index) => {
    const groom = births[(index + step) % births.length];
    pairs.push(pairOf(bride, groom, `reference births: ${bride.id} (bride), ${groom.id} (groom)`));
  });
}

// Chosen longitudes (sidereal degrees), bride first.
const edges = [
  [10, 10, 'the same nakshatra and pada (Ashwini 3): nadi dosha that no rule lifts'],
  [1, 12, 'the same nakshatra, different padas, the same rashi (Ashwini 1 and 4): nadi'],
  [28, 35, 'the same nakshatra across two rashis (Krittika 1 in Mesha, 3 in Vrishabha): nadi, bhakoot 2/12 (Mars–Venus)'],
  [35, 45, 'the same rashi, different nakshatras of one nadi (Krittika and Rohini in Vrishabha)'],
  [5, 230, 'rashis of one lord (Mesha, Vrishchika): bhakoot 6/8 and nadi (Ashwini, Jyeshtha, both adi)'],
  [10, 160, 'bhakoot 6/8, lords not friends (Mesha–Kanya, Mars–Mercury)'],
  [10, 340, 'bhakoot 2/12, lords friends both ways (Mesha–Meena, Mars–Jupiter)'],
  [10, 40, 'bhakoot 2/12, lords neutral (Mesha–Vrishabha, Mars–Venus)'],
  [41, 165, 'bhakoot 5/9, lords friends both ways (Vrishabha–Kanya, Venus–Mercury)'],
  [100, 220, 'bhakoot 5/9, lords not friends both ways (Karka–Vrishchika, Moon–Mars)'],
  [10, 130, 'vashya: chatushpada bride, vanachara groom (Mesha, Simha)'],
  [100, 130, 'vashya: jalachara bride, vanachara groom (Karka, Simha)'],
  [130, 10, 'vashya: vanachara bride, chatushpada groom (Simha, Mesha)'],
  [130, 220, 'vashya: vanachara bride, keeta groom (Simha, Vrishchika)'],
  [255, 10, 'vashya: Dhanu second half (chatushpada for ours) bride, Mesha groom'],
  [295, 100, 'vashya: Makara second half (jalachara for ours) bride, Karka groom'],
  [65, 245, 'vashya: Mithuna bride, Dhanu first half groom (manava both ways)'],
  [280, 260, 'vashya: Makara first half bride, Dhanu second half groom'],
  [5, 30, 'gana: deva bride, rakshasa groom (Ashwini, Krittika); tara 3rd (vipat) one way'],
  [30, 5, 'gana: rakshasa bride, deva groom (Krittika, Ashwini)'],
  [20, 5, 'gana: manushya bride, deva groom (Bharani, Ashwini)'],
  [5, 165, 'yoni: sworn enemies horse and buffalo (Ashwini, Hasta)'],
  [5, 215, 'yoni: horse and deer (Ashwini, Anuradha)'],
  [270, 45, 'yoni: mongoose and serpent (Uttara Ashadha, Rohini)'],
  [5, 70, 'tara: 6th one way, 23rd (5, pratyari) the other (Ashwini, Ardra)'],
  [5, 110, 'tara: 9th (remainder 0, counted 9) one way (Ashwini, Ashlesha)'],
  [130, 310, 'graha maitri: Sun and Saturn, enemies both ways (Simha, Kumbha)'],
  [100, 70, 'varna: brahmin bride (Karka), shudra groom (Mithuna)'],
  [359.9, 0.1, 'across 360°: Revati 4 (Meena) bride, Ashwini 1 (Mesha) groom, bhakoot 2/12 (Jupiter–Mars)'],
];
for (const [bride, groom, about] of edges) pairs.push(pairOf(place(bride), place(groom), `chosen: ${about}`));

process.stdout.write(
  `${JSON.stringify(
    {
      about:
        `Ashtakoota of npm ${PACKAGE} ${version} (${license}), its matchKundli(boy, girl) fed the two sidereal Moon longitudes ` +
        '(the reference births\' from reference-charts.json, or chosen ones); "theirs" is its points per koota, "differences" ' +
        'the kootas where its convention differs from ours, with ours as our documented convention gives them and why. ' +
        'Made by scripts/vedic/reference-gunas.mjs.',
      pairs,
    },
    null,
    2,
  )}\n`,
);
