import { defineConfig } from '@playwright/test';

// Browser tests drive the real web app, served by the real server on a fresh data dir, in
// Debian's Chromium (no browser download).
const port = Number(process.env.E2E_PORT || 8091);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
    // As a visitor whose system asks for less motion: the app then turns antd's motion off
    // (app/reduced-motion.ts), and a menu or dialog is whole and in place as soon as it shows. A
    // click while one was still growing could press one item and release over another.
    reducedMotion: 'reduce',
  },
  webServer: {
    command: `node e2e/server.mjs`,
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { E2E_PORT: String(port) },
  },
});
