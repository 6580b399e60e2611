// The phone bench (`npm run bench:phone`): the built app on a throttled phone profile in Chromium.
// It builds nothing: it starts the built server (apps/server/dist) on a fresh embedded database with the
// demo data, as the e2e specs do, and opens the home page and a stock detail deep link, each on a cold
// visit (a new browser context: nothing cached) and a warm one (the same context again, so what the
// first visit cached is reused). Each cold visit runs three times (PHONE_BENCH_RUNS), and their median
// is printed beside every run's figure, so one run slowed by the machine does not decide. It prints LCP,
// the JavaScript transferred (compressed bytes on the wire) and when the first screen's content was
// visible, against issue 16's goals.
// Times on a shared machine are noisy, so only the JavaScript bytes (which do not vary) set the exit code:
// the home route's cold visit must stay within the build's budget (apps/web/size-budget.json, which
// also holds issue 16's lower goal, printed as met or not).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import sizes from '../apps/web/size-budget.json' with { type: 'json' };

/** The profile of issue 16: a slow 4G-ish phone network and a mid-range phone's CPU. */
const PROFILE = {
  latencyMs: 150,
  downloadBitsPerSecond: 1.6e6,
  uploadBitsPerSecond: 750e3,
  cpuSlowdown: 4,
};

/** Cold visits per page (`PHONE_BENCH_RUNS`): the figures printed are their median. */
const COLD_RUNS = Math.max(1, Number.parseInt(process.env.PHONE_BENCH_RUNS ?? '', 10) || 3);

const GOALS = { lcpMs: 2500, contentVisibleMs: 3000, homeJsBytes: sizes.homeRouteGoalKB * 1000 };
/** What the home route's JavaScript may not exceed (the build's budget): the one figure that fails the bench. */
const HOME_JS_BUDGET_BYTES = sizes.homeRouteBudgetKB * 1000;

/** A returning user: consent given, language chosen, and today's start ad already seen (it shows once a day). */
const RETURNING_USER_STORAGE = { 'metal.privacyAgreed': '1', 'metal.lang': 'zh-CN' };

const port = Number(process.env.PHONE_BENCH_PORT ?? 3300);
const origin = process.env.PHONE_BENCH_URL ?? `http://127.0.0.1:${port}`;
const root = join(import.meta.dirname, '..');

interface Visit {
  name: string;
  /** Path and hash opened, relative to the origin. */
  path: string;
  /** What has to be on screen for the visit's content to count as visible. */
  contentSelector: string;
}

interface Figures {
  lcpMs: number | null;
  /** What the largest paint was (tag and first class), to know what to make faster. */
  lcpElement: string | null;
  contentVisibleMs: number;
  jsFiles: number;
  jsBytes: number;
  allBytes: number;
}

async function startServer(): Promise<{ server: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'metal-phone-bench-'));
  const server = spawn(process.execPath, ['apps/server/dist/main.js', '--demo-data'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode} (was it built?)`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { server, dataDir };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /healthz within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A demo listing for sale, to open as a shared deep link. */
async function someStockId(): Promise<number> {
  const body = new URLSearchParams({
    page: '1',
    pageSize: '1',
    session_id: '',
    platform: '5',
    openId: '',
    lang: 'zh-CN',
  });
  const response = await fetch(`${origin}/stock/list.htmls`, { method: 'POST', body });
  const answer = (await response.json()) as { data: { list: { id: number }[] } };
  const first = answer.data.list[0];
  if (!first) throw new Error('stock/list answered no listing: is the demo data loaded?');
  return first.id;
}

async function measure(context: BrowserContext, visit: Visit): Promise<Figures> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latencyMs,
    downloadThroughput: PROFILE.downloadBitsPerSecond / 8,
    uploadThroughput: PROFILE.uploadBitsPerSecond / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  await page.goto(`${origin}${visit.path}`, { waitUntil: 'commit' });
  const visibleAt = await page.waitForFunction(
    (selector) => {
      const element = document.querySelector(selector);
      return element && element.getBoundingClientRect().height > 0 ? performance.now() : false;
    },
    visit.contentSelector,
    { polling: 'raf', timeout: 60_000 },
  );
  const contentVisibleMs = (await visibleAt.jsonValue()) as number;
  // What the route still loads after its content shows counts too: wait until the network is quiet.
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
  const figures = await page.evaluate(
    () =>
      new Promise<Omit<Figures, 'contentVisibleMs'>>((resolve) => {
        let lcpMs: number | null = null;
        let lcpElement: string | null = null;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
            lcpMs = entry.startTime;
            const element = entry.element;
            lcpElement = element
              ? `${element.tagName.toLowerCase()}${element.classList[0] ? `.${element.classList[0]}` : ''}`
              : null;
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // The buffered entries arrive in the observer's first callback, a task later.
        setTimeout(() => {
          const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
          const loaded = resources.filter((entry) => entry.transferSize > 0);
          const scripts = loaded.filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
          const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
          resolve({
            lcpMs,
            lcpElement,
            jsFiles: scripts.length,
            jsBytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
            allBytes: loaded.reduce((sum, entry) => sum + entry.transferSize, navigation?.transferSize ?? 0),
          });
        }, 100);
      }),
  );
  await page.close();
  return { ...figures, contentVisibleMs };
}

const seconds = (ms: number | null) => (ms === null || !Number.isFinite(ms) ? '–' : `${(ms / 1000).toFixed(2)} s`);
/** The middle value (the lower middle of an even count): one slow run on a shared machine does not move it. */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] as number;
/** Every run's value, in the order measured. */
const spread = (values: number[]) => `runs ${values.map((value) => seconds(value).replace(' s', '')).join(', ')} s`;
const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'pass' : 'FAIL');

async function main() {
  const started = process.env.PHONE_BENCH_URL ? undefined : await startServer();
  let withinBudget = true;
  try {
    const stockId = await someStockId();
    const visits: Visit[] = [
      { name: 'home', path: '/', contentSelector: '[data-testid=home-quotes] .mm-home-quotes-list li' },
      {
        name: 'stock detail deep link',
        path: `/#/pages/stock_detail/stock_detail?id=${stockId}`,
        contentSelector: '[data-testid=stock-price]',
      },
    ];
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    console.log(
      `phone profile: ${PROFILE.latencyMs} ms latency, ${PROFILE.downloadBitsPerSecond / 1e6} Mb/s down, ` +
        `${PROFILE.uploadBitsPerSecond / 1e3} kb/s up, ${PROFILE.cpuSlowdown}× CPU slowdown; 390×844, zh-CN`,
    );
    try {
      for (const visit of visits) {
        const cold: Figures[] = [];
        let warm: Figures | undefined;
        for (let run = 1; run <= COLD_RUNS; run++) {
          const context = await browser.newContext({
            viewport: { width: 390, height: 844 },
            deviceScaleFactor: 3,
            isMobile: true,
            hasTouch: true,
            locale: 'zh-CN',
          });
          await context.addInitScript((entries) => {
            for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
            localStorage.setItem('metal.startAdShownOn', new Date().toLocaleDateString('en-CA'));
          }, RETURNING_USER_STORAGE);
          cold.push(await measure(context, visit));
          // The warm visit reuses what the last cold one cached.
          if (run === COLD_RUNS) warm = await measure(context, visit);
          await context.close();
        }
        const what = visit.name === 'home' ? 'quotes visible' : 'listing visible';
        const lcps = cold.map((figures) => figures.lcpMs ?? Number.POSITIVE_INFINITY);
        const visibles = cold.map((figures) => figures.contentVisibleMs);
        // The run whose LCP is the median one gives the element and bytes printed beside it.
        const typical = cold[lcps.indexOf(median(lcps))] ?? (cold[0] as Figures);
        const lcpOk = median(lcps) <= GOALS.lcpMs;
        const visibleOk = median(visibles) <= GOALS.contentVisibleMs;
        const parts = [
          `LCP ${seconds(median(lcps))} (${spread(lcps)}; ≤ ${seconds(GOALS.lcpMs)} ${verdict(lcpOk)}; ${typical.lcpElement ?? 'element gone'})`,
          `${what} ${seconds(median(visibles))} (${spread(visibles)}; ≤ ${seconds(GOALS.contentVisibleMs)} ${verdict(visibleOk)})`,
        ];
        // The home route's bytes are checked on every cold run, so one heavier run cannot hide.
        const heaviest = cold.reduce((most, figures) => (figures.jsBytes > most.jsBytes ? figures : most));
        if (visit.name === 'home') {
          const goalOk = heaviest.jsBytes <= GOALS.homeJsBytes;
          const budgetOk = heaviest.jsBytes <= HOME_JS_BUDGET_BYTES;
          withinBudget &&= budgetOk;
          parts.push(
            `JS ${heaviest.jsFiles} files ${kilobytes(heaviest.jsBytes)} (goal ≤ ${kilobytes(GOALS.homeJsBytes)} ` +
              `${verdict(goalOk)}; budget ≤ ${kilobytes(HOME_JS_BUDGET_BYTES)} ${verdict(budgetOk)})`,
          );
        } else {
          parts.push(`JS ${typical.jsFiles} files ${kilobytes(typical.jsBytes)}`);
        }
        parts.push(`all transferred ${kilobytes(typical.allBytes)}`);
        console.log(`${visit.name.padEnd(22)} cold, median of ${COLD_RUNS}: ${parts.join(', ')}`);
        if (warm) {
          console.log(
            `${visit.name.padEnd(22)} warm: LCP ${seconds(warm.lcpMs)} (${warm.lcpElement ?? 'element gone'}), ` +
              `${what} ${seconds(warm.contentVisibleMs)}, JS ${warm.jsFiles} files ${kilobytes(warm.jsBytes)}, ` +
              `all transferred ${kilobytes(warm.allBytes)}`,
          );
        }
      }
    } finally {
      await browser.close();
    }
  } finally {
    if (started) {
      started.server.kill('SIGTERM');
      await new Promise((resolve) => started.server.once('exit', resolve));
      rmSync(started.dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    withinBudget
      ? 'phone bench: the home route JS is within its budget (time goals are printed, not enforced: shared machines are noisy)'
      : 'phone bench: the home route transfers more JS than its budget (apps/web/size-budget.json)',
  );
  if (!withinBudget) process.exitCode = 1;
}

await main();
