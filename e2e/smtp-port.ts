/** The browser tests' server port, and the SMTP sink's: e2e/account.spec.ts listens there, the server sends there. */
export const e2ePort = Number(process.env.E2E_PORT ?? 5055);
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? e2ePort + 550);
