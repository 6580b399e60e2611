import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../platform/context';
import { registerCall } from '../../platform/protocol';
import { reviewInputOf } from '../../platform/review';
import { countPublicListings } from './shops.listings';
import {
  applyToOpenShop,
  followedCompanies,
  pendingShopApplications,
  reviewShopApplication,
  type ShopDeps,
  setFollowing,
  shopDetail,
  shopOpenState,
  userCard,
} from './shops.service';

export function shopsRoutes(app: FastifyInstance) {
  const { db, clock, config, modules } = app.deps;
  const deps: ShopDeps = {
    db,
    clock,
    countListings: countPublicListings(modules),
    minListings: config.shopOpenMinListings,
  };
  registerCall(app, Calls.shopOpenState, ({ actor }) => shopOpenState({ ...deps, actor }));
  registerCall(app, Calls.shopApply, ({ actor }) => applyToOpenShop({ ...deps, actor }));
  registerCall(app, Calls.shopDetail, ({ actor, lang, input }) =>
    shopDetail({
      ...deps,
      actor,
      lang,
      rootId: input.id,
      point: input.lng !== undefined && input.lat !== undefined ? { lng: input.lng, lat: input.lat } : null,
    }),
  );
  registerCall(app, Calls.userCard, ({ actor, lang, input }) => userCard({ db, actor, lang, userId: input.userId }));
  registerCall(app, Calls.follow, ({ actor, input }) =>
    setFollowing({ db, clock, actor, rootId: input.rootId, follow: true }),
  );
  registerCall(app, Calls.unfollow, ({ actor, input }) =>
    setFollowing({ db, clock, actor, rootId: input.rootId, follow: false }),
  );
  registerCall(app, Calls.followedCompanies, ({ actor, lang, input }) =>
    followedCompanies({ db, clock, actor, lang, ...input }),
  );
  registerCall(app, Calls.pendingShopApplications, (call) => pendingShopApplications(serviceContext(app.deps, call)));
  registerCall(app, Calls.reviewShopApplication, (call) =>
    reviewShopApplication(serviceContext(app.deps, call), reviewInputOf(call.input)),
  );
}
