import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import {
  addPictures,
  albumDetail,
  albumList,
  companyAlbumsOf,
  createAlbum,
  deleteAlbum,
  orderPictures,
  removePictures,
  renameAlbum,
  setCover,
} from './albums.service';

export function albumsRoutes(app: FastifyInstance) {
  const { db, clock, storage, fileLinks: links } = app.deps;
  registerCall(app, Calls.albumList, ({ actor }) => albumList({ db, links, actor }));
  registerCall(app, Calls.albumCreate, ({ actor, input }) =>
    createAlbum({ db, clock, links, actor, name: input.name }),
  );
  registerCall(app, Calls.albumRename, ({ actor, input }) =>
    renameAlbum({ db, clock, links, actor, id: input.id, name: input.name }),
  );
  registerCall(app, Calls.albumDelete, ({ actor, input }) =>
    deleteAlbum({ db, storage, log: app.log, links, actor, id: input.id }),
  );
  registerCall(app, Calls.albumPictures, ({ actor, input }) => albumDetail({ db, links, actor, id: input.id }));
  registerCall(app, Calls.albumAddPictures, ({ actor, input }) =>
    addPictures({ db, clock, links, actor, id: input.id, fileIds: input.fileIds }),
  );
  registerCall(app, Calls.albumRemovePictures, ({ actor, input }) =>
    removePictures({ db, clock, storage, log: app.log, links, actor, id: input.id, pictureIds: input.pictureIds }),
  );
  registerCall(app, Calls.albumOrderPictures, ({ actor, input }) =>
    orderPictures({ db, clock, links, actor, id: input.id, pictureIds: input.pictureIds }),
  );
  registerCall(app, Calls.albumSetCover, ({ actor, input }) =>
    setCover({ db, clock, links, actor, id: input.id, pictureId: input.pictureId }),
  );
  registerCall(app, Calls.companyAlbums, ({ input }) => companyAlbumsOf({ db, links, rootId: input.rootId }));
}
