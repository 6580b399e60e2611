import { Paths } from '../../lib/navigation';

/** SPEC §2 stock_detail?id: where a listing of the manager, footprints or visitors opens. */
export const stockDetailPath = (id: number) => `${Paths.stockDetail}?id=${id}`;
