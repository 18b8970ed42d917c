/**
 * Sidereal (Lahiri) longitudes of what the Vedic computation needs at an instant: the Moon, Mars and the ascendant.
 * Positions come from astronomy-engine (MIT): the Moon from its series after Brown's lunar theory (the Improved
 * Lunar Ephemeris), Mars from VSOP87, both apparent and geocentric, on the true ecliptic of date; sidereal time with
 * IAU 2000B nutation. A tropical longitude on the true ecliptic of date less the nutation in longitude is one from
 * the mean equinox, from which the mean Lahiri ayanamsa is taken (lahiri-ayanamsa.ts), as the Swiss Ephemeris does.
 */
import { Body, Ecliptic, EclipticGeoMoon, GeoVector, MakeTime, SiderealTime, e_tilt, type AstroTime } from 'astronomy-engine';
import { lahiriAyanamsa } from './lahiri-ayanamsa';

const DEGREE = Math.PI / 180;
const J2000 = 2451545.0;

export interface SiderealPositions {
  /** Degrees in [0, 360). */
  moon: number;
  mars: number;
}

/** The Moon's and Mars's sidereal longitudes at an instant (milliseconds since 1970 UTC). */
export function siderealPositions(utc: number): SiderealPositions {
  const time = MakeTime(new Date(utc));
  const shift = tropicalToSidereal(time);
  return {
    moon: normalize(EclipticGeoMoon(time).lon - shift),
    mars: normalize(Ecliptic(GeoVector(Body.Mars, time, true)).elon - shift),
  };
}

/** The Moon's sidereal longitude alone, for the ends of a time window. */
export function siderealMoon(utc: number): number {
  const time = MakeTime(new Date(utc));
  return normalize(EclipticGeoMoon(time).lon - tropicalToSidereal(time));
}

/**
 * The sidereal longitude of the ascendant, the ecliptic's point rising on the eastern horizon, at a place (degrees;
 * north and east positive). The standard formula from the local apparent sidereal time (RAMC) and the true
 * obliquity: λ = atan2(cos RAMC, −(sin RAMC cos ε + tan φ sin ε)). Within the polar circles it is not defined for
 * every moment; the charts of Sanga's members are far from them.
 */
export function siderealAscendant(utc: number, latitude: number, longitude: number): number {
  const time = MakeTime(new Date(utc));
  const ramc = (SiderealTime(time) * 15 + longitude) * DEGREE;
  const obliquity = e_tilt(time).tobl * DEGREE;
  const tropical =
    Math.atan2(Math.cos(ramc), -(Math.sin(ramc) * Math.cos(obliquity) + Math.tan(latitude * DEGREE) * Math.sin(obliquity))) / DEGREE;
  return normalize(tropical - tropicalToSidereal(time));
}

/** Degrees to subtract from a true-of-date tropical longitude: the nutation in longitude plus the mean ayanamsa. */
function tropicalToSidereal(time: AstroTime): number {
  return e_tilt(time).dpsi / 3600 + lahiriAyanamsa(time.tt + J2000);
}

function normalize(degrees: number): number {
  const wrapped = degrees % 360;
  return wrapped < 0 ? wrapped + 360 : wrapped;
}
