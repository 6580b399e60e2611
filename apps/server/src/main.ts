import { fileURLToPath } from 'node:url';
import { APP_VERSION, buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_ACCOUNTS, DEMO_OPERATOR } from './db/seed/demo';
import { loadDemo } from './db/seed/load-demo';
import { computeHotRankingIfNone } from './modules/stock-search/stock-search.service';
import { loadKeys } from './platform/keys';
import { scheduledJobs } from './platform/module';
import { loadVapidKeys } from './platform/push';
import { Scheduler } from './platform/scheduler';

const config = loadConfig();
// The built web app and console sit at apps/web/dist and apps/console/dist, beside this server's src/ and dist/ folders alike.
config.webDist ??= fileURLToPath(new URL('../../web/dist', import.meta.url));
config.consoleDist ??= fileURLToPath(new URL('../../console/dist', import.meta.url));

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
await database.migrate();
const app = await buildApp({ config, db: database.db, keys: loadKeys(config), vapid: loadVapidKeys(config) });
const scheduler = new Scheduler(
  { db: database.db, clock: app.deps.clock, bus: app.deps.bus, log: app.log },
  scheduledJobs(app),
);

if (config.demoData) {
  const loaded = await loadDemo(app);
  if (loaded.accounts) {
    console.log('\nDemo logins (demo data, for trying the app; the README says which shows what):');
    for (const demo of DEMO_ACCOUNTS)
      console.log(`  ${demo.nickName}: account ${demo.phone}  password ${demo.password}`);
    console.log(
      `  ${DEMO_OPERATOR.nickName}, operators' console http://localhost:${config.port}/console/: account ${DEMO_OPERATOR.phone}  password ${DEMO_OPERATOR.password}`,
    );
    console.log(
      `Loaded ${loaded.stocks} demo stock listings, a verified demo supplier with an open shop, albums and capacity, open demo inquiries with quotes, ${loaded.memberships} demo membership periods (the trader certified and due for renewal, the buyer a forecast VIP), the buyer's receipt addresses, invoice title and ${loaded.cartLines} of the demo supplier's lots in its cart, the supplier's trade settings, a demo order waiting for payment${loaded.cashierOrderNo ? ', one paid at the sandbox cashier waiting to be shipped (the demo operator may refund it in full)' : ''}, and items waiting in every console queue (all marked demo).`,
    );
  }
  if (loaded.priceRows > 0)
    console.log(`Loaded ${loaded.priceRows} demo price rows (two years of every series, marked demo).`);
} else {
  // The daily job makes the hot ranking at midnight; a database that never had one gets it now.
  await computeHotRankingIfNone(database.db, app.deps.clock.now());
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Whatever still uses the database stops first: jobs (running ones finish), then the app's
    // requests, sockets, listeners and subscriptions; the database closes last.
    await scheduler.stop();
    await app.close();
    await database.close();
    process.exit(0);
  });
}

await app.listen({ port: config.port, host: config.host });
await scheduler.start();
console.log(
  `\nMetal Market ${APP_VERSION} is running: http://localhost:${config.port}  (API reference /docs, database: ${database.kind === 'pglite' ? `embedded in ${config.dataDir}` : 'PostgreSQL'})`,
);
