/**
 * The Spanish catalog: the same files and keys as en/, each typed against its English file (CatalogShape). Its own
 * chunk, loaded by setup.ts loadLanguage for those who choose Spanish. Latin-American "ustedes", never "vosotros"
 * (../spanish-register.test.ts).
 */
import common from './common';
import auth from './auth';
import landing from './landing';
import donation from './donation';
import notFound from './not-found';
import profile from './profile';
import volunteer from './volunteer';
import guidance from './guidance';
import admin from './admin';
import messages from './messages';
import matches from './matches';
import safety from './safety';
import privacy from './privacy';
import introductions from './introductions';
import account from './account';
import install from './install';
import connection from './connection';
import errors from './errors';
import guardians from './guardians';
import references from './references';
import push from './push';
import verification from './verification';

export default { common, auth, landing, donation, notFound, profile, volunteer, guidance, admin, messages, matches, safety, privacy, introductions, account, install, connection, errors, guardians, references, push, verification };
