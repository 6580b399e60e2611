import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { LocalBus } from './bus';
import { defineModule, on, type ServerModule, subscribeModules, withOverrides } from './module';

const appWith = (modules: ServerModule[]) => {
  const log = { error: vi.fn() };
  const app = { deps: { modules, bus: new LocalBus() }, log } as unknown as FastifyInstance;
  return { app, log };
};

const round = { target: '2026-11-20', phase: 'opened' } as const;

describe('module subscriptions', () => {
  it('handle events at once, and stopping unsubscribes and waits for the running handlers', async () => {
    const heard: string[] = [];
    let finish = () => {};
    const module = defineModule({
      name: 'listener',
      subscriptions: () => [
        on('forecast.round', ({ phase }) => {
          heard.push(phase);
          return new Promise<void>((resolve) => {
            finish = resolve;
          });
        }),
      ],
    });
    const { app } = appWith([module]);
    const stop = subscribeModules(app);
    app.deps.bus.publish('forecast.round', round);
    expect(heard).toEqual(['opened']);

    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    app.deps.bus.publish('forecast.round', round);
    expect(heard).toEqual(['opened']);
  });

  it('logs a failing handler with its module and keeps delivering', async () => {
    const calls = vi.fn();
    const failing = defineModule({
      name: 'failing',
      subscriptions: () => [
        on('forecast.round', () => {
          throw new Error('sync failure');
        }),
        on('forecast.round', async () => {
          throw new Error('async failure');
        }),
      ],
    });
    const healthy = defineModule({ name: 'healthy', subscriptions: () => [on('forecast.round', calls)] });
    const { app, log } = appWith([failing, healthy]);
    const stop = subscribeModules(app);
    app.deps.bus.publish('forecast.round', round);
    await stop();
    expect(calls).toHaveBeenCalledOnce();
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ module: 'failing', topic: 'forecast.round' }),
      'bus subscription failed',
    );
  });
});

describe('module overrides', () => {
  it('replace the named parts of the named modules and keep the rest', () => {
    const routes = () => {};
    const counter = async () => 1;
    const modules = [defineModule({ name: 'a', routes }), defineModule({ name: 'b', routes })];
    const swapped = withOverrides(modules, { b: { listingCounts: { stock: counter } } });
    expect(swapped[0]).toBe(modules[0]);
    expect(swapped[1]).toEqual({ name: 'b', routes, listingCounts: { stock: counter } });
  });
});
