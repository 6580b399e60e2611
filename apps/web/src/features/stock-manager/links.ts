import { Paths } from '../../lib/navigation';

/** SPEC §2 stock_detail?id: where a listing of the manager, footprints or visitors opens. */
export const stockDetailPath = (id: number) => `${Paths.stockDetail}?id=${id}`;

/** SPEC §2 input_stock, the stocks feature's posting page, named here until lib/navigation carries it. */
export const INPUT_STOCK_PATH = '/pagesA/input_stock/input_stock';
