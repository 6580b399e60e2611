import { addDays, HOT_RANK_DAYS, shanghaiDate } from '@metal/shared';
import { findRegionPath } from '@metal/shared/regions';
import { count, eq, inArray } from 'drizzle-orm';
import { users } from '../../modules/accounts/accounts.table';
import { sorts } from '../../modules/markets/markets.table';
import { stockSearchVector } from '../../modules/stocks/stocks.search';
import { stockDailyViews, stocks } from '../../modules/stocks/stocks.table';
import type { Database } from '../client';
import { DEMO_ACCOUNTS } from './demo';

const DEMO_NOTE = '演示数据（Demo），仅供体验，不是真实货源。';

/**
 * The demo supplier's listings: for sale, labelled demo (is_demo, shown with the demo tag, and a
 * note saying so), priced by the market (Changjiang A00 plus a fee) or fixed, in Henan where the
 * supplier sits. Weights in kilograms, money in fen per ton.
 */
const DEMO_STOCKS = [
  {
    sortId: 13,
    productName: 'A00铝锭',
    specifications: 'AL99.70',
    quantityKg: 60_000,
    pieceWeightKg: 25,
    pieces: 2400,
    brand: '演示铝（Demo）',
    manufacturer: '演示铝业有限公司（Demo）',
    place: ['河南省', '郑州市', '巩义市'],
    priceType: 'market' as const,
    seriesId: 1,
    processingFeeFen: -5_000,
    priceIntro: '长江A00铝贴水50元/吨，款到发货',
    splittable: true,
    freightIncluded: false,
    specialSale: false,
    fixedPrice: false,
  },
  {
    sortId: 21,
    productName: '6063铝棒',
    specifications: 'Φ178mm×6m',
    quantityKg: 45_500,
    pieceWeightKg: 405,
    pieces: 112,
    brand: '演示铝（Demo）',
    manufacturer: '演示铝业有限公司（Demo）',
    place: ['河南省', '郑州市', '巩义市'],
    priceType: 'market' as const,
    seriesId: 1,
    processingFeeFen: 38_000,
    priceIntro: '长江A00铝加工费380元/吨',
    splittable: true,
    freightIncluded: false,
    specialSale: false,
    fixedPrice: false,
  },
  {
    sortId: 22,
    productName: '铝合金锭',
    specifications: 'ADC12',
    quantityKg: 20_000,
    pieceWeightKg: 1_000,
    pieces: 20,
    brand: '演示铝（Demo）',
    manufacturer: '演示铝业有限公司（Demo）',
    place: ['河南省', '洛阳市', '偃师区'],
    priceType: 'fixed' as const,
    priceFen: 2_135_000,
    priceIntro: '',
    splittable: false,
    freightIncluded: true,
    specialSale: true,
    fixedPrice: true,
  },
  {
    sortId: 13,
    productName: 'A00铝锭',
    specifications: 'AL99.85',
    quantityKg: 30_000,
    pieceWeightKg: 25,
    pieces: 1200,
    brand: '演示铝（Demo）',
    manufacturer: '演示铝业有限公司（Demo）',
    place: ['河南省', '郑州市', '中原区'],
    priceType: 'fixed' as const,
    priceFen: 2_098_000,
    priceIntro: '一口价，含税',
    splittable: true,
    freightIncluded: false,
    specialSale: false,
    fixedPrice: true,
  },
  {
    sortId: 24,
    productName: '废铝',
    specifications: '破碎料',
    quantityKg: 12_500,
    pieceWeightKg: 500,
    pieces: 25,
    brand: '',
    manufacturer: '',
    place: ['河南省', '郑州市', '中原区'],
    priceType: 'fixed' as const,
    priceFen: 1_580_000,
    priceIntro: '可看货议价',
    splittable: true,
    freightIncluded: false,
    specialSale: false,
    fixedPrice: false,
  },
];

/**
 * Loads the demo supplier's labelled listings into an empty stock table (the start command, right
 * after the demo accounts); answers how many it loaded.
 */
export async function seedDemoStocks(db: Database, now: Date): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(stocks);
  if ((existing?.n ?? 0) > 0) return 0;
  const supplierPhone = DEMO_ACCOUNTS[1].phone;
  const [supplier] = await db.select({ id: users.id }).from(users).where(eq(users.phone, supplierPhone));
  if (!supplier) return 0;
  const sortRows = await db
    .select({ id: sorts.id, name: sorts.name })
    .from(sorts)
    .where(
      inArray(
        sorts.id,
        DEMO_STOCKS.map((demo) => demo.sortId),
      ),
    );
  const sortNames = new Map(sortRows.map((sort) => [sort.id, sort.name]));
  const rows = DEMO_STOCKS.map((demo, index) => {
    const { place, ...fields } = demo;
    const path = findRegionPath(place[0]!, place[1]!, place[2]!);
    if (!path) throw new Error(`demo stock place ${place.join(' ')} is not in the region table`);
    // A minute apart, so 'newest first' has an order to show.
    const at = new Date(now.getTime() - index * 60_000);
    return {
      ...fields,
      rootId: supplier.id,
      userId: supplier.id,
      status: 'sale' as const,
      province: path.province.name,
      city: path.city.name,
      district: path.district.name,
      storageAddress: '演示仓库（Demo）',
      lng: path.district.lng,
      lat: path.district.lat,
      additionalInfo: DEMO_NOTE,
      isDemo: true,
      searchVector: stockSearchVector({
        sortName: sortNames.get(demo.sortId) ?? '',
        productName: demo.productName,
        specifications: demo.specifications,
        properties: '',
        brand: demo.brand,
        manufacturer: demo.manufacturer,
        province: path.province.name,
        city: path.city.name,
        district: path.district.name,
      }),
      createdAt: at,
      updatedAt: at,
      publishedAt: at,
      refreshedAt: at,
    };
  });
  const inserted = await db.insert(stocks).values(rows).returning({ id: stocks.id });
  // Detail views over the fortnight before today (the hot ranking's window), more for the first listings,
  // so the hot ranking computed at start has the demo listings in a plausible order.
  const today = shanghaiDate(Math.floor(now.getTime() / 1000));
  const views = inserted.flatMap(({ id }, index) =>
    Array.from({ length: HOT_RANK_DAYS }, (_, day) => ({
      stockId: id,
      date: addDays(today, -(day + 1)),
      views: (inserted.length - index) * 3 + ((day * 7 + index) % 5),
    })),
  );
  await db.insert(stockDailyViews).values(views);
  for (const { id } of inserted) {
    const total = views.filter((v) => v.stockId === id).reduce((sum, v) => sum + v.views, 0);
    await db.update(stocks).set({ views: total }).where(eq(stocks.id, id));
  }
  return rows.length;
}
