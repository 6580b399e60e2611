/**
 * The stock detail page (SPEC §2 stock_detail/stock_detail?id=), which the stocks feature builds; every
 * list here opens a row there.
 */
export const STOCK_DETAIL_PATH = '/pages/stock_detail/stock_detail';

export const stockDetailPath = (id: number) => `${STOCK_DETAIL_PATH}?id=${id}`;
