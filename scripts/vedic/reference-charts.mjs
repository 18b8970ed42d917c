// Reference charts for the Vedic computation's tests (src/domain/vedic/reference-charts.json), computed by a route
// independent of the project's: the Swiss Ephemeris (npm package `sweph`, its built-in Moshier ephemeris, no data
// files) with the Lahiri ayanamsa (SE_SIDM_LAHIRI), and the local time read by GNU `date` with the system's tzdata
// (Debian's zoneinfo files, not the ICU copy that Node's Intl carries).
//
// Not part of npm test: `sweph` is a native addon, built by hand in a scratch folder outside the project, e.g.
//   mkdir /tmp/sweref && cd /tmp/sweref && npm init -y && npm install sweph
//   (npm 11 holds its install script back: `npm install-scripts approve sweph && npm rebuild sweph`; node-gyp needs
//   the Node headers, `npm_config_nodedir=<the Node folder that has include/node>` where it cannot download them)
// then, from the project:
//   SWEPH_DIR=/tmp/sweref node scripts/vedic/reference-charts.mjs > src/domain/vedic/reference-charts.json
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const sweph = createRequire(path.join(process.env.SWEPH_DIR ?? '/tmp/sweref', 'package.json'))('sweph');
const { constants: c } = sweph;

// Spread over 1940–2010 and over zones: India before 1955 (war time +06:30 in 1941–42 and 1942–45), the Americas
// (US daylight saving, Brazil, Mexico, Argentina), Europe's war time (London's double summer time), and zones whose
// offset changed (Kathmandu 1986, Colombo 1996).
const births = [
  { id: 'kolkata-1943', date: '1943-05-01', time: '12:00', timeZone: 'Asia/Kolkata', latitude: 22.5726, longitude: 88.3639 },
  { id: 'chennai-1941', date: '1941-11-20', time: '18:20', timeZone: 'Asia/Kolkata', latitude: 13.0827, longitude: 80.2707 },
  { id: 'delhi-1947', date: '1947-08-15', time: '00:05', timeZone: 'Asia/Kolkata', latitude: 28.6139, longitude: 77.209 },
  { id: 'delhi-1948', date: '1948-01-30', time: '17:15', timeZone: 'Asia/Kolkata', latitude: 28.6139, longitude: 77.209 },
  { id: 'mumbai-1950', date: '1950-03-10', time: '06:45', timeZone: 'Asia/Kolkata', latitude: 19.076, longitude: 72.8777 },
  { id: 'jaipur-1962', date: '1962-01-26', time: '09:10', timeZone: 'Asia/Kolkata', latitude: 26.9124, longitude: 75.7873 },
  { id: 'bangalore-1975', date: '1975-07-04', time: '23:40', timeZone: 'Asia/Kolkata', latitude: 12.9716, longitude: 77.5946 },
  { id: 'varanasi-1988', date: '1988-12-02', time: '04:15', timeZone: 'Asia/Kolkata', latitude: 25.3176, longitude: 82.9739 },
  { id: 'hyderabad-2001', date: '2001-09-09', time: '14:05', timeZone: 'Asia/Kolkata', latitude: 17.385, longitude: 78.4867 },
  { id: 'ahmedabad-2009', date: '2009-06-21', time: '20:30', timeZone: 'Asia/Kolkata', latitude: 23.0225, longitude: 72.5714 },
  { id: 'new-york-1970', date: '1970-04-26', time: '03:30', timeZone: 'America/New_York', latitude: 40.7128, longitude: -74.006 },
  { id: 'chicago-1985', date: '1985-11-03', time: '15:20', timeZone: 'America/Chicago', latitude: 41.8781, longitude: -87.6298 },
  { id: 'dallas-1963', date: '1963-11-22', time: '12:30', timeZone: 'America/Chicago', latitude: 32.7767, longitude: -96.797 },
  { id: 'los-angeles-1958', date: '1958-02-14', time: '07:55', timeZone: 'America/Los_Angeles', latitude: 34.0522, longitude: -118.2437 },
  { id: 'sao-paulo-1993', date: '1993-12-30', time: '10:10', timeZone: 'America/Sao_Paulo', latitude: -23.5505, longitude: -46.6333 },
  { id: 'mexico-city-1966', date: '1966-03-05', time: '22:00', timeZone: 'America/Mexico_City', latitude: 19.4326, longitude: -99.1332 },
  { id: 'buenos-aires-1979', date: '1979-12-24', time: '05:45', timeZone: 'America/Argentina/Buenos_Aires', latitude: -34.6037, longitude: -58.3816 },
  { id: 'london-1944', date: '1944-06-06', time: '11:11', timeZone: 'Europe/London', latitude: 51.5074, longitude: -0.1278 },
  { id: 'berlin-1955', date: '1955-09-17', time: '16:40', timeZone: 'Europe/Berlin', latitude: 52.52, longitude: 13.405 },
  { id: 'kathmandu-1982', date: '1982-05-19', time: '08:25', timeZone: 'Asia/Kathmandu', latitude: 27.7172, longitude: 85.324 },
  { id: 'dhaka-1999', date: '1999-01-14', time: '12:00', timeZone: 'Asia/Dhaka', latitude: 23.8103, longitude: 90.4125 },
  { id: 'karachi-1968', date: '1968-10-10', time: '19:19', timeZone: 'Asia/Karachi', latitude: 24.8607, longitude: 67.0011 },
  { id: 'colombo-1996', date: '1996-07-15', time: '03:20', timeZone: 'Asia/Colombo', latitude: 6.9271, longitude: 79.8612 },
  { id: 'nairobi-2005', date: '2005-11-11', time: '17:17', timeZone: 'Africa/Nairobi', latitude: -1.2921, longitude: 36.8219 },
  { id: 'sydney-1990', date: '1990-02-28', time: '21:45', timeZone: 'Australia/Sydney', latitude: -33.8688, longitude: 151.2093 },
  { id: 'durban-1972', date: '1972-08-08', time: '02:50', timeZone: 'Africa/Johannesburg', latitude: -29.8587, longitude: 31.0218 },
  { id: 'lima-2010', date: '2010-10-10', time: '10:10', timeZone: 'America/Lima', latitude: -12.0464, longitude: -77.0428 },
];

const NAKSHATRA_SPAN = 360 / 27;
const PADA_SPAN = NAKSHATRA_SPAN / 4;

/** The UTC instant of a local clock reading, by GNU date and the system's zoneinfo. */
function utcOf({ date, time, timeZone }) {
  const seconds = execFileSync('date', ['-d', `${date} ${time}`, '+%s'], { env: { TZ: timeZone }, encoding: 'utf8' });
  return new Date(Number(seconds.trim()) * 1000);
}

sweph.set_sid_mode(c.SE_SIDM_LAHIRI, 0, 0);
const flags = c.SEFLG_MOSEPH | c.SEFLG_SIDEREAL;

const charts = births.map((birth) => {
  const utc = utcOf(birth);
  const hours = utc.getUTCHours() + utc.getUTCMinutes() / 60 + utc.getUTCSeconds() / 3600;
  const jdUt = sweph.julday(utc.getUTCFullYear(), utc.getUTCMonth() + 1, utc.getUTCDate(), hours, c.SE_GREG_CAL);
  const moon = sweph.calc_ut(jdUt, c.SE_MOON, flags).data[0];
  const mars = sweph.calc_ut(jdUt, c.SE_MARS, flags).data[0];
  // The mean ayanamsa (no nutation), to check the Lahiri formula by itself.
  const ayanamsa = sweph.get_ayanamsa_ex_ut(jdUt, c.SEFLG_MOSEPH | c.SEFLG_NONUT).data;
  const ascendant = sweph.houses_ex(jdUt, c.SEFLG_SIDEREAL, birth.latitude, birth.longitude, 'W').data.points[0];
  const round = (degrees) => Math.round(degrees * 1e6) / 1e6;
  return {
    ...birth,
    utc: utc.toISOString(),
    meanAyanamsa: round(ayanamsa),
    moonLongitude: round(moon),
    nakshatra: Math.floor(moon / NAKSHATRA_SPAN) + 1,
    pada: (Math.floor(moon / PADA_SPAN) % 4) + 1,
    rashi: Math.floor(moon / 30) + 1,
    ascendantLongitude: round(ascendant),
    ascendantRashi: Math.floor(ascendant / 30) + 1,
    marsLongitude: round(mars),
    marsRashi: Math.floor(mars / 30) + 1,
  };
});

process.stdout.write(
  `${JSON.stringify(
    {
      about:
        'Swiss Ephemeris ' + sweph.version() + ' (npm sweph, Moshier ephemeris), SE_SIDM_LAHIRI, sidereal longitudes in degrees; ' +
        'UTC from GNU date with the system tzdata. Made by scripts/vedic/reference-charts.mjs.',
      charts,
    },
    null,
    2,
  )}\n`,
);
