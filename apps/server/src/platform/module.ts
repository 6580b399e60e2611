import type { FastifyInstance } from 'fastify';
import type { ProductLinkChecker, ProductLinkType } from '../modules/chat/chat.product-links';
import type { PaymentFulfilment, PaymentPurposeKind } from '../modules/payments/payments.purposes';
import type { ListingCounts, ListingKindCounter } from '../modules/shops/shops.listings';
import type { BusEvents } from './bus';
import { type Job, jobRunsPruneJob } from './scheduler';

/** A bus subscription a module makes; a handler that returns a promise is waited for when the server stops. */
export interface BusSubscription {
  topic: keyof BusEvents;
  handle(payload: never): unknown;
}

/** A typed BusSubscription: `on('price.changed', ({ sortId }) => …)`. */
export function on<K extends keyof BusEvents>(topic: K, handle: (payload: BusEvents[K]) => unknown): BusSubscription {
  return { topic, handle };
}

/**
 * What a server feature brings (DESIGN "Layout"): buildApp registers every module's routes and
 * subscriptions, main.ts schedules their jobs, and the extension points other modules offer read the
 * fields that fill them. Adding a feature is its folder, its descriptor and one line in modules/index.ts.
 */
export interface ServerModule {
  /** The feature's folder name under modules/. */
  name: string;
  /** Registers the feature's calls, routes and sockets. */
  routes?(app: FastifyInstance): unknown;
  /** The feature's scheduled jobs; those that need a setting or a provider read it from `app.deps`. */
  jobs?(app: FastifyInstance): Job[];
  /**
   * Reactions to bus events, subscribed when the app is built and unsubscribed when it closes, before the
   * database does (running handlers are waited for). State a module shares between its routes and its
   * subscriptions hangs off `app` (a WeakMap keyed by it), so two apps in one process never share it.
   */
  subscriptions?(app: FastifyInstance): BusSubscription[];
  /** Fills chat's product links (modules/chat): what a link to one of this module's objects shows. */
  productLinks?: Partial<Record<ProductLinkType, ProductLinkChecker>>;
  /** Fills the shop's listing counts (modules/shops): how many public listings of a kind a company has. */
  listingCounts?: Partial<Record<keyof ListingCounts, ListingKindCounter>>;
  /** Fills payments' purposes (modules/payments): what a paid or refunded order of this kind delivers or takes back. */
  paymentPurposes?: Partial<Record<PaymentPurposeKind, PaymentFulfilment>>;
}

/** Keeps a descriptor's name a literal type, so overrides and lookups by name are checked. */
export function defineModule<const Name extends string>(module: ServerModule & { name: Name }) {
  return module;
}

/** Parts of modules to replace by name (tests swap a part, e.g. a module's listing counts). */
export type ModuleOverrides<Name extends string = string> = { [N in Name]?: Partial<Omit<ServerModule, 'name'>> };

export function withOverrides(modules: readonly ServerModule[], overrides: ModuleOverrides = {}): ServerModule[] {
  return modules.map((module) => (overrides[module.name] ? { ...module, ...overrides[module.name] } : module));
}

/** Every scheduled job: the platform's own and each module's. */
export function scheduledJobs(app: FastifyInstance): Job[] {
  return [jobRunsPruneJob, ...app.deps.modules.flatMap((module) => module.jobs?.(app) ?? [])];
}

/**
 * Subscribes every module's bus subscriptions. The returned stop unsubscribes them and waits for the
 * handlers still running, so nothing they start reaches the database after it closed.
 */
export function subscribeModules(app: FastifyInstance): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  const unsubscribes = app.deps.modules.flatMap((module) =>
    (module.subscriptions?.(app) ?? []).map((subscription) =>
      app.deps.bus.subscribe(subscription.topic, (payload) => {
        const failed = (error: unknown) =>
          app.log.error({ err: error, module: module.name, topic: subscription.topic }, 'bus subscription failed');
        // Handled at once, as the bus delivers (chat frames keep their order); only a promise is kept to wait for.
        try {
          const handled = subscription.handle(payload as never);
          if (!(handled instanceof Promise)) return;
          const settled = handled.catch(failed);
          running.add(settled);
          void settled.finally(() => running.delete(settled));
        } catch (error) {
          failed(error);
        }
      }),
    ),
  );
  return async () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
    await Promise.all(running);
  };
}
