/**
 * SPEC §2 pages of the stocks feature that the manager and footprints open: stock_detail?id and
 * input_stock. They are named here by their SPEC paths until lib/navigation carries them.
 */
export const stockDetailPath = (id: number) => `/pages/stock_detail/stock_detail?id=${id}`;
export const INPUT_STOCK_PATH = '/pagesA/input_stock/input_stock';
