import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// Each run starts the built server on a fresh embedded database of its own, with the demo data the start command loads.
const dataDir = mkdtempSync(join(tmpdir(), 'metal-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 60_000,
  retries: 0,
  workers: 1,
  outputDir: '../test-results',
  use: {
    ...devices['iPhone 13'],
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node apps/server/dist/main.js --demo-data',
    cwd: '..',
    url: `http://127.0.0.1:${port}/healthz`,
    // A start on a fresh database migrates and loads the demo data: about 15 s on a quiet 2-core machine.
    timeout: 120_000,
    reuseExistingServer: false,
    // The clock starts on a Friday evening, when Monday's forecast round is open, whatever the real time.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMS_SANDBOX: '1',
      PAY_SANDBOX: '1',
      LOG_LEVEL: 'warn',
      CLOCK_START: '2026-11-20T22:00:00+08:00',
      // Every spec's browser comes from 127.0.0.1 on the same server day: the specs together ask for about
      // 25 SMS codes, near the per-address default of 30, so one more spec would meet the cap.
      SMS_DAILY_CAP_PER_IP: '1000',
    },
  },
});
