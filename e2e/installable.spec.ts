import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type Page, test } from '@playwright/test';

// Issue 16, installable: Chromium finds nothing missing for "add to home screen", and a phone that has
// opened the app once opens it again without a network, on the last quotes it saw, saying it is offline.

/** Opens the home tab as a returning visitor (privacy agreed) and waits for the service worker to be active. */
async function openHome(page: Page) {
  await page.addInitScript(() => localStorage.setItem('metal.privacyAgreed', '1'));
  await page.goto('/#/pages/root/root');
  await expect(page.getByTestId('home-quotes').locator('.mm-home-quotes-price').first()).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

test("Chromium's installability check finds no errors", async ({ baseURL }) => {
  // Off-the-record contexts (Playwright's usual ones) are never installable, as in an incognito window:
  // this check needs a profile of its own.
  const profile = mkdtempSync(join(tmpdir(), 'metal-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'zh-CN',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await openHome(page);
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect(await manifest.json()).toMatchObject({ short_name: '有色汇', display: 'standalone', start_url: '/' });

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { url, data } = await cdp.send('Page.getAppManifest');
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(data).toContain('maskable');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('offline after a first visit, a reload opens the shell with the last quotes and says so', async ({
  page,
  context,
}) => {
  await openHome(page);
  const prices = page.getByTestId('home-quotes').locator('.mm-home-quotes-price');
  const seen = await prices.allTextContents();
  expect(seen.length).toBeGreaterThan(0);
  await expect(page.getByTestId('quotes-offline')).toHaveCount(0);

  await context.setOffline(true);
  const reload = await page.reload();
  // The page came from the worker's shell: the network is gone.
  expect(reload?.fromServiceWorker()).toBe(true);
  await expect(page.getByTestId('quotes-offline')).toHaveText('离线 · 显示上次行情');
  await expect(prices).toHaveText(seen);
  // The shell around it is the app's: its tab bar.
  await expect(page.getByText('我的', { exact: true })).toBeVisible();

  await context.setOffline(false);
  await page.reload();
  await expect(prices.first()).toBeVisible();
  await expect(page.getByTestId('quotes-offline')).toHaveCount(0);
});
