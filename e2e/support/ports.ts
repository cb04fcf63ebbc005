/**
 * The e2e server and its SMTP server. Override with E2E_PORT / E2E_SMTP_PORT to run a second
 * suite beside another one; ports 3000 and 31xx belong to people's own servers.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
