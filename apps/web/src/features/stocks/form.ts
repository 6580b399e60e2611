import {
  formatCents,
  formatTons,
  type StockPriceType,
  type TStockDetail,
  type TStockPriceSeries,
  type TStockSaveRequest,
  ZStockSaveRequest,
} from '@metal/shared';
import { fieldErrors } from '../../lib/validation';

/**
 * input_stock as the user fills it: text as typed (weights in tons, money in yuan), the storage place
 * by the region table's names, and the flags as switches.
 */
export interface StockForm {
  sortId: number | null;
  productName: string;
  specifications: string;
  properties: string;
  brand: string;
  manufacturer: string;
  productionDate: string;
  boxNumber: string;
  quantity: string;
  pieceWeight: string;
  grossWeight: string;
  pieces: string;
  priceType: StockPriceType;
  seriesId: number | null;
  processingFee: string;
  price: string;
  priceIntro: string;
  fixedPrice: boolean;
  specialSale: boolean;
  splittable: boolean;
  freightIncluded: boolean;
  province: string;
  city: string;
  district: string;
  storageAddress: string;
  transportInfo: string;
  paymentDays: string;
  additionalInfo: string;
}

export const EMPTY_STOCK_FORM: StockForm = {
  sortId: null,
  productName: '',
  specifications: '',
  properties: '',
  brand: '',
  manufacturer: '',
  productionDate: '',
  boxNumber: '',
  quantity: '',
  pieceWeight: '',
  grossWeight: '',
  pieces: '',
  priceType: 'market',
  seriesId: null,
  processingFee: '',
  price: '',
  priceIntro: '',
  fixedPrice: false,
  specialSale: false,
  splittable: false,
  freightIncluded: false,
  province: '',
  city: '',
  district: '',
  storageAddress: '',
  transportInfo: '',
  paymentDays: '',
  additionalInfo: '',
};

/** A listing being changed, as the form shows it again (kilograms back to tons, fen back to yuan). */
export function formFromDetail(stock: TStockDetail): StockForm {
  const { price } = stock;
  return {
    sortId: stock.sortId,
    productName: stock.productName,
    specifications: stock.specifications,
    properties: stock.properties,
    brand: stock.brand,
    manufacturer: stock.manufacturer,
    productionDate: stock.productionDate,
    boxNumber: stock.boxNumber,
    quantity: formatTons(stock.quantityKg),
    pieceWeight: formatTons(stock.pieceWeightKg),
    grossWeight: stock.grossWeightKg === null ? '' : formatTons(stock.grossWeightKg),
    pieces: stock.pieces === null ? '' : String(stock.pieces),
    priceType: price.type,
    seriesId: price.type === 'market' ? price.seriesId : null,
    processingFee:
      price.type === 'market' && price.processingFeeFen !== null ? formatCents(price.processingFeeFen) : '',
    price: price.type === 'fixed' && price.unitPriceFen !== null ? formatCents(price.unitPriceFen) : '',
    priceIntro: price.intro,
    fixedPrice: stock.fixedPrice,
    specialSale: stock.specialSale,
    splittable: stock.splittable,
    freightIncluded: stock.freightIncluded,
    province: stock.province,
    city: stock.city,
    district: stock.district,
    storageAddress: stock.storageAddress,
    transportInfo: stock.transportInfo,
    paymentDays: stock.paymentDays === null ? '' : String(stock.paymentDays),
    additionalInfo: stock.additionalInfo,
  };
}

const flag = (on: boolean) => (on ? 1 : 0);

/**
 * The `stock/save` fields. Only the chosen price type's fields travel, so a fee typed before switching
 * to a fixed price is neither checked nor sent.
 */
export function toSaveRequest(
  form: StockForm,
  images: string[],
  changing?: { id: number; seenQuantityKg: number | undefined },
): TStockSaveRequest {
  const market = form.priceType === 'market';
  return {
    ...(changing ? { id: changing.id } : {}),
    ...(changing?.seenQuantityKg !== undefined ? { seenQuantityKg: changing.seenQuantityKg } : {}),
    sortId: form.sortId ?? '',
    productName: form.productName,
    specifications: form.specifications,
    properties: form.properties,
    brand: form.brand,
    manufacturer: form.manufacturer,
    productionDate: form.productionDate,
    boxNumber: form.boxNumber,
    quantity: form.quantity,
    pieceWeight: form.pieceWeight,
    grossWeight: form.grossWeight,
    pieces: form.pieces,
    priceType: form.priceType,
    seriesId: market ? (form.seriesId ?? '') : '',
    processingFee: market ? form.processingFee : '',
    price: market ? '' : form.price,
    priceIntro: form.priceIntro,
    fixedPrice: flag(form.fixedPrice),
    specialSale: flag(form.specialSale),
    splittable: flag(form.splittable),
    freightIncluded: flag(form.freightIncluded),
    province: form.province,
    city: form.city,
    district: form.district,
    storageAddress: form.storageAddress,
    transportInfo: form.transportInfo,
    paymentDays: form.paymentDays,
    additionalInfo: form.additionalInfo,
    images,
  } as TStockSaveRequest;
}

/** Field → message key, by the same shared schema the server checks with. */
export function stockFormErrors(request: TStockSaveRequest): Record<string, string> {
  const parsed = ZStockSaveRequest.safeParse(request);
  return parsed.success ? {} : fieldErrors(parsed.error.issues);
}

/** The order fields appear on the page, so the first error shown is the first one on screen. */
export const FIELD_ORDER = [
  'sortId',
  'productName',
  'specifications',
  'properties',
  'brand',
  'manufacturer',
  'productionDate',
  'boxNumber',
  'quantity',
  'pieceWeight',
  'grossWeight',
  'pieces',
  'priceType',
  'seriesId',
  'processingFee',
  'price',
  'priceIntro',
  'province',
  'storageAddress',
  'transportInfo',
  'paymentDays',
  'images',
  'additionalInfo',
] as const;

export function firstError(errors: Record<string, string>): [string, string] | undefined {
  const field = FIELD_ORDER.find((name) => errors[name]) ?? Object.keys(errors)[0];
  return field && errors[field] ? [field, errors[field]] : undefined;
}

/** Yuan as typed (two decimals at most, a fee may be negative) in fen, or null while it is not a number yet. */
export function yuanTextToFen(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

/**
 * What the listing would show today as the form stands: the followed series' latest quote plus the
 * fee, or the fixed price. Null while a part is missing (no series chosen, no quote yet, no number).
 */
export function previewPriceFen(form: StockForm, series: readonly TStockPriceSeries[]): number | null {
  if (form.priceType === 'fixed') return yuanTextToFen(form.price);
  const followed = series.find((s) => s.id === form.seriesId);
  const fee = yuanTextToFen(form.processingFee);
  if (!followed || followed.quoteFen === null || fee === null) return null;
  return followed.quoteFen + fee;
}
