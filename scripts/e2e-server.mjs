// The server the end-to-end suite talks to: the production build on a fresh
// SQLite database, with the test-only routes switched on.
import fs from "node:fs";
import { spawn } from "node:child_process";

const port = process.env.E2E_PORT ?? "4173";
const buildDir = process.env.BUILD_DIR ?? "build";
const stateDir = `var/e2e-${port}`;
fs.rmSync(stateDir, { recursive: true, force: true });
fs.mkdirSync(stateDir, { recursive: true });

const server = spawn(process.execPath, [`${buildDir}/server-main.js`], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: port,
    DATABASE_URL: `sqlite:${stateDir}/site.db`,
    MAIL_DIR: `${stateDir}/mail`,
    SIMULATOR_STATE_DIR: `${stateDir}/sim`,
    AUTOGIRO_OUTBOX_DIR: `${stateDir}/autogiro/outbox`,
    AUTOGIRO_INBOX_DIR: `${stateDir}/autogiro/inbox`,
    AUTOGIRO_ARCHIVE_DIR: `${stateDir}/autogiro/archive`,
    ENABLE_TEST_ROUTES: "true",
    // The simulated Swish app answers quickly, so payment journeys stay short.
    SWISH_SIMULATOR_CALLBACK_DELAY_MS: "500",
    // Fixed so that tests/e2e/my-data.spec.ts can sign a link that has already expired.
    SECRET_KEY: "e2e-only-secret-key-never-used-in-production-000",
    // Every journey logs in from 127.0.0.1; the per-IP default (5 a minute) would stop parallel tests.
    RATE_LIMIT_BANKID_STARTS_PER_MINUTE: "100",
    // Likewise payment starts: every journey pays from 127.0.0.1, several with the same test phone number.
    RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE: "1000",
    RATE_LIMIT_SWISH_REQUESTS_PER_PHONE: "1000",
    // Memorial collections are opened from 127.0.0.1 by several journeys (and their retries).
    RATE_LIMIT_MEMORIAL_COLLECTIONS_PER_HOUR: "100",
    // Every journey downloads its documents (sheets, cards, invoices, member cards) from 127.0.0.1 too.
    RATE_LIMIT_DOCUMENTS_PER_MINUTE: "1000",
    // …often for the same few simulated people, and journeys give by invoice to the same test addresses.
    MEMORIAL_COLLECTIONS_PER_DECEASED_PER_DAY: "100",
    EMAIL_PER_RECIPIENT_PER_HOUR: "1000",
    // Every post of the memorial forms re-runs their searches, counted with the API's (issue #30).
    RATE_LIMIT_MEMORIAL_SEARCHES_PER_MINUTE: "1000",
    // Journeys run on a loaded machine: previews, suggestions and prefetches must not go off because its event loop lags (decision 0051).
    REDUCED_MODE_LAG_MS: "0",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
