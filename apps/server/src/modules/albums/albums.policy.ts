import type { Ownership } from '../../platform/ownership';
import { companyAlbums } from './albums.table';

/** An album its company may change; another company's is refused. */
export const albumOwnership: Ownership<typeof companyAlbums> = {
  table: companyAlbums,
  id: companyAlbums.id,
  mayChange: (actor, album) => album.rootId === actor.rootId,
};
