import { STOCK_LIST_ORDERS, type StockListOrder } from '@metal/shared';

/**
 * stock_list's filters as its address carries them (`?keyword=铜杆`, `?specialSale=1`, `?sortId=13&order=priceAsc`),
 * so that home tiles, searches and the back button all land on the same list. Prices stay as typed (yuan).
 */
export interface StockListParams {
  keyword: string;
  sortId: number | undefined;
  specification: string;
  province: string;
  city: string;
  priceMin: string;
  priceMax: string;
  fixedPrice: boolean;
  specialSale: boolean;
  order: StockListOrder;
}

const positiveInt = (text: string | null) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

export function readListParams(params: URLSearchParams): StockListParams {
  const order = params.get('order') ?? '';
  return {
    keyword: params.get('keyword')?.trim() ?? '',
    sortId: positiveInt(params.get('sortId')),
    specification: params.get('specification')?.trim() ?? '',
    province: params.get('province') ?? '',
    city: params.get('city') ?? '',
    priceMin: params.get('priceMin') ?? '',
    priceMax: params.get('priceMax') ?? '',
    fixedPrice: params.get('fixedPrice') === '1',
    specialSale: params.get('specialSale') === '1',
    order: (STOCK_LIST_ORDERS as readonly string[]).includes(order) ? (order as StockListOrder) : 'newest',
  };
}

/** The address's query for some filters: only what is set, so that plain lists have plain addresses. */
export function writeListParams(filters: StockListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.keyword) params.set('keyword', filters.keyword);
  if (filters.sortId !== undefined) params.set('sortId', String(filters.sortId));
  if (filters.specification) params.set('specification', filters.specification);
  if (filters.province) params.set('province', filters.province);
  if (filters.city) params.set('city', filters.city);
  if (filters.priceMin) params.set('priceMin', filters.priceMin);
  if (filters.priceMax) params.set('priceMax', filters.priceMax);
  if (filters.fixedPrice) params.set('fixedPrice', '1');
  if (filters.specialSale) params.set('specialSale', '1');
  if (filters.order !== 'newest') params.set('order', filters.order);
  return params;
}

/** The `stock/list` fields of some filters (and the caller's point, which gives rows their distance). */
export function listRequest(filters: StockListParams, point: { lng: number; lat: number } | null) {
  return {
    keyword: filters.keyword || undefined,
    sortId: filters.sortId,
    specification: filters.specification || undefined,
    province: filters.province || undefined,
    city: filters.city || undefined,
    priceMin: filters.priceMin || undefined,
    priceMax: filters.priceMax || undefined,
    fixedPrice: filters.fixedPrice ? 1 : undefined,
    specialSale: filters.specialSale ? 1 : undefined,
    order: filters.order,
    ...(point ? { lng: point.lng, lat: point.lat } : {}),
  };
}

/** Whether any filter narrows the list (the keyword aside), for the empty state's 'clear filters'. */
export const hasFilters = (filters: StockListParams) =>
  filters.sortId !== undefined ||
  Boolean(filters.specification || filters.province || filters.city || filters.priceMin || filters.priceMax) ||
  filters.fixedPrice ||
  filters.specialSale;
