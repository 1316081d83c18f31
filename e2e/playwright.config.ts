import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { staffAccount } from './accounts.ts';

/** A port nobody listens on; the config is read by every worker, so the first choice is kept in env. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'kram-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const root = path.join(import.meta.dirname, '..');

/** Debian's Chromium, never a downloaded one. */
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * The specs the phone runs: those about layout, touch and accessibility, where a 375 px touch screen
 * gets another page than a desk does (the filter drawer, the mobile menu, the sliders, the back
 * office's app bar), and the journeys through those parts. A journey that differs only by width runs
 * once, at the desk's width (docs/decisions/050).
 */
const phoneSpecs = ['accessibility', 'back-office-phone', 'home-sliders', 'journey', 'phone-layout', 'signed-in'];

export default defineConfig({
  testDir: './specs',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // Two browsers at a time on two cores: a journey spends much of its time waiting on the server, which
  // the other fills (7.6 min with one, 5.7 with two, 5.3 with four: docs/decisions/053). Files run in
  // parallel, the tests of a file one after another; no retries that hide flakiness.
  workers: 2,
  retries: 0,
  reporter: [['list']],
  globalTeardown: './global-teardown.ts',
  use: { baseURL, launchOptions, trace: 'off', screenshot: 'off', locale: 'uk-UA' },
  projects: [
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 900 } } },
    {
      name: 'phone',
      testMatch: phoneSpecs.map((name) => `${name}.spec.ts`),
      use: { ...devices['Pixel 5'], browserName: 'chromium', viewport: { width: 375, height: 812 }, launchOptions },
    },
  ],
  webServer: {
    // The real server, with a fresh data folder seeded with the demo catalogue and a superuser for
    // the back office's journeys (made first: PGlite serves one process per folder).
    command: [
      `node ${path.join(root, 'apps/server/src/cli.ts')} create-admin --email ${staffAccount.email} --password ${staffAccount.password}`,
      `node ${path.join(root, 'apps/server/src/server.ts')}`,
    ].join(' && '),
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
      // Tests reach the server through loopback and each names its own client address
      // (fixtures.ts), so the per-address limits count each test, not the whole run.
      TRUST_PROXY: '127.0.0.1',
    },
  },
});
