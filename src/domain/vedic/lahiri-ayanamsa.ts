/**
 * The Lahiri (Chitrapaksha) ayanamsa: how far the sidereal zodiac's start lies east of the vernal equinox. India's
 * official ayanamsa, set by the Calendar Reform Committee (1956) at 23°15′00.658″ on 21 March 1956, 0h TT (Indian
 * Astronomical Ephemeris 1989, p. 556), and moved since by the precession of the equinox.
 *
 * This is the Swiss Ephemeris definition, SE_SIDM_LAHIRI (sweph.h, `ayanamsa[]` entry 1, and swi_get_ayanamsa_ex
 * in sweph.c, default method): t0 = JD 2435553.5 TT; at t0 the mean ayanamsa (the 1956 value less that day's
 * nutation in longitude, 16.77″) is 23.250182778° − 0.004658035°; at a date t it is that value minus the longitude,
 * on the mean ecliptic of t0, of the mean equinox of t precessed back to t0 with the IAU 1976 precession (Lieske et
 * al. 1977, the model the Swiss Ephemeris names for Lahiri). The angles ζ, z, θ for an arbitrary start epoch are
 * Lieske's, as printed in Meeus, Astronomical Algorithms (2nd ed.), eq. 21.2; the mean obliquity is IAU 1976's.
 *
 * The result is the mean ayanamsa: a sidereal longitude is a longitude from the mean equinox of date (the true one
 * less the nutation in longitude) minus it, as the Swiss Ephemeris does. Checked against it in the reference charts.
 */

const T0_JULIAN_DAY = 2435553.5;
const AYANAMSA_AT_T0 = 23.250182778 - 0.004658035;
const J2000 = 2451545.0;
const ARCSECOND = Math.PI / (180 * 3600);

/** Fixed at t0: the epoch's Julian centuries from J2000, the coefficients that depend on it, and its obliquity. */
const T = (T0_JULIAN_DAY - J2000) / 36525;
const ZETA_Z_RATE = 2306.2181 + 1.39656 * T - 0.000139 * T * T;
const THETA_RATE = 2004.3109 - 0.8533 * T - 0.000217 * T * T;
const OBLIQUITY_AT_T0 = (84381.448 - 46.815 * T - 0.00059 * T * T + 0.001813 * T * T * T) * ARCSECOND;

/** Mean Lahiri ayanamsa in degrees at a Julian day in Terrestrial Time. */
export function lahiriAyanamsa(julianDayTT: number): number {
  const t = (julianDayTT - T0_JULIAN_DAY) / 36525;
  const zeta = (ZETA_Z_RATE * t + (0.30188 - 0.000344 * T) * t * t + 0.017998 * t * t * t) * ARCSECOND;
  const z = (ZETA_Z_RATE * t + (1.09468 + 0.000066 * T) * t * t + 0.018203 * t * t * t) * ARCSECOND;
  const theta = (THETA_RATE * t - (0.42665 + 0.000217 * T) * t * t - 0.041833 * t * t * t) * ARCSECOND;
  // The date's equinox, (1, 0, 0) in the mean equator of date, in the mean equator of t0: the first row of the
  // precession matrix R3(−z)·R2(θ)·R3(−ζ).
  const x = Math.cos(z) * Math.cos(theta) * Math.cos(zeta) - Math.sin(z) * Math.sin(zeta);
  const y = -Math.cos(z) * Math.cos(theta) * Math.sin(zeta) - Math.sin(z) * Math.cos(zeta);
  const zAxis = -Math.cos(z) * Math.sin(theta);
  // Its longitude on the ecliptic of t0 (negative after t0: the equinox moves west).
  const longitude = Math.atan2(y * Math.cos(OBLIQUITY_AT_T0) + zAxis * Math.sin(OBLIQUITY_AT_T0), x);
  return AYANAMSA_AT_T0 - longitude / (Math.PI / 180);
}
