/**
 * Every table, one file an area under schema/ (drizzle-kit reads this file: drizzle.config.ts). Code imports the
 * tables from here (`#server/db/schema`), never from a file of schema/.
 */
export * from './schema/accounts';
export * from './schema/safety';
export * from './schema/operations';
export * from './schema/staff';
export * from './schema/profiles';
export * from './schema/messaging';
export * from './schema/volunteers';
export * from './schema/introductions';
export * from './schema/references';
