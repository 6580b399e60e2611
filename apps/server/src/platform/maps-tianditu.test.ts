import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CodeFlag, distanceKm, gcj02ToWgs84, wgs84ToGcj02 } from '@metal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { TiandituMaps } from './maps-tianditu';

/**
 * A local stand-in of api.tianditu.gov.cn: it reads `postStr`, `type` and `tk` as Tianditu does and answers as its
 * documentation shows (search v2: resultType, count, pois, status {infocode, cndesc}; geocoder: status, msg, result),
 * chosen by the keyword or the point asked about.
 */
describe('TiandituMaps against a local stand-in of Tianditu', () => {
  let server: Server;
  let endpoint: string;
  const received: { path: string; params: URLSearchParams }[] = [];

  // Places near Foshan's Nanhai district, in WGS-84 as Tianditu gives them.
  const dali = { lon: 113.1201, lat: 23.1245 };
  const guicheng = { lon: 113.1489, lat: 23.0301 };

  const searchAnswers: Record<string, { status?: number; body: string }> = {
    大沥: {
      body: JSON.stringify({
        resultType: 1,
        count: '27',
        keyWord: '大沥',
        pois: [
          {
            name: '大沥镇人民政府',
            address: '广东省佛山市南海区大沥镇广佛路',
            phone: '0757-85500000',
            poiType: '101',
            lonlat: `${dali.lon},${dali.lat}`,
            hotPointID: 'A1B2C3',
            distance: '850m',
            eaddress: '',
          },
          {
            name: '桂城街道办事处',
            address: '南海大道北',
            poiType: '101',
            lonlat: `${guicheng.lon} ${guicheng.lat}`,
            hotPointID: 'D4E5F6',
            distance: '1.2km',
          },
          { name: '坐标缺失', lonlat: '', hotPointID: 'X' },
        ],
        status: { infocode: 1000, cndesc: '服务正常' },
      }),
    },
    佛山: {
      body: JSON.stringify({
        resultType: 3,
        count: 1,
        keyWord: '佛山',
        area: { name: '佛山市', lonlat: '113.12244,23.02185', adminCode: 156440600, level: 12 },
        status: { infocode: 1000, cndesc: '服务正常' },
      }),
    },
    铝厂: {
      body: JSON.stringify({
        resultType: 2,
        count: 120,
        keyWord: '铝厂',
        statistics: {
          priorityCitys: [
            { name: '佛山市', count: 60, lonlat: '113.12244,23.02185', adminCode: 156440600 },
            { name: '包头市', count: 20, lonlat: '109.84021,40.65781', adminCode: 156150200 },
          ],
        },
        status: { infocode: 1000, cndesc: '服务正常' },
      }),
    },
    出错: { body: JSON.stringify({ status: { infocode: 2002, cndesc: '参数错误' } }) },
    无描述: { body: JSON.stringify({ status: { infocode: 3000 } }) },
    禁用: {
      status: 403,
      body: JSON.stringify({ code: 1, msg: '非法key', resolve: '请到API控制台申请key' }),
    },
    网关: { status: 502, body: '<html>Bad Gateway</html>' },
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      received.push({ path: url.pathname, params: url.searchParams });
      response.setHeader('content-type', 'application/json;charset=UTF-8');
      if (url.searchParams.get('tk') !== 'good-key') {
        response.statusCode = 403;
        response.end(JSON.stringify({ code: 1, msg: '非法key', resolve: '请到API控制台申请key' }));
        return;
      }
      const postStr = url.searchParams.get('postStr') ?? '';
      if (url.pathname === '/v2/search' && url.searchParams.get('type') === 'query') {
        const keyWord = (JSON.parse(postStr) as { keyWord: string }).keyWord;
        if (keyWord === '慢') return; // never answers
        const answer = searchAnswers[keyWord] ?? searchAnswers.大沥!;
        response.statusCode = answer.status ?? 200;
        response.end(answer.body);
        return;
      }
      if (url.pathname === '/geocoder' && url.searchParams.get('type') === 'geocode') {
        // The documented spelling: {'lon':…,'lat':…,'ver':1}.
        const point = JSON.parse(postStr.replace(/'/g, '"')) as { lon: number; lat: number; ver: number };
        if (point.lat > 40) {
          response.end(JSON.stringify({ status: '404', msg: '坐标不在服务范围内' }));
          return;
        }
        response.end(
          JSON.stringify({
            status: '0',
            msg: 'ok',
            result: {
              formatted_address: '广东省佛山市南海区大沥镇广佛路',
              location: { lon: point.lon, lat: point.lat },
              addressComponent: {
                address: '广佛路',
                town: '大沥镇',
                nation: '中国',
                city: '佛山市',
                county: '南海区',
                province: '广东省',
                road: '广佛路',
                poi: '大沥镇人民政府',
                province_code: '156440000',
                city_code: '156440600',
                county_code: '156440605',
                town_code: '156440605121',
                road_distance: 49,
                poi_distance: '10',
                address_distince: 12,
                address_position: '东北',
                poi_position: '东',
              },
            },
          }),
        );
        return;
      }
      response.statusCode = 404;
      response.end('not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const warnings: unknown[][] = [];
  const maps = (key = 'good-key', timeoutMs = 2000, at = endpoint) =>
    new TiandituMaps({ key, endpoint: at, timeoutMs }, { warn: (...args: unknown[]) => void warnings.push(args) });
  const NANHAI = { lng: 113.1433, lat: 23.0494 };
  const around = (keyword: string, m = maps()) => m.placeSearch({ keyword, around: NANHAI, radiusM: 5000, count: 10 });

  it('searches around a point with queryType 3, level 12, radius and count, sending the point in WGS-84', async () => {
    const result = await around('大沥');
    const sent = received.at(-1)!;
    expect(sent.path).toBe('/v2/search');
    expect(sent.params.get('type')).toBe('query');
    expect(sent.params.get('tk')).toBe('good-key');
    const post = JSON.parse(sent.params.get('postStr')!);
    expect(post).toMatchObject({ keyWord: '大沥', queryType: 3, level: 12, queryRadius: 5000, count: 10, start: 0 });
    const [lon, lat] = String(post.pointLonlat).split(',').map(Number);
    const gps = gcj02ToWgs84({ lon: NANHAI.lng, lat: NANHAI.lat });
    expect(lon).toBeCloseTo(gps.lon, 9);
    expect(lat).toBeCloseTo(gps.lat, 9);
    // GCJ-02 lies a few hundred metres off WGS-84 here; what was sent is the WGS-84 point, not the one asked about.
    expect(distanceKm({ lon: lon!, lat: lat! }, { lon: NANHAI.lng, lat: NANHAI.lat })).toBeGreaterThan(0.3);

    expect(result).toMatchObject({ keyWord: '大沥', count: 27, status: { infocode: 1000, cndesc: '服务正常' } });
    expect(result.source).toBe('tianditu');
    expect(result.pois).toHaveLength(2);
    const daliGcj = wgs84ToGcj02(dali);
    expect(result.pois[0]).toMatchObject({
      name: '大沥镇人民政府',
      address: '广东省佛山市南海区大沥镇广佛路',
      phone: '0757-85500000',
      poiType: '101',
      hotPointID: 'A1B2C3',
      distance: '850m',
    });
    expect(result.pois[0]!.lng).toBeCloseTo(daliGcj.lon, 6);
    expect(result.pois[0]!.lat).toBeCloseTo(daliGcj.lat, 6);
    expect(result.pois[0]!.lonlat).toBe(`${result.pois[0]!.lng},${result.pois[0]!.lat}`);
    expect(result.pois[0]!.distanceM).toBe(
      Math.round(
        distanceKm({ lon: NANHAI.lng, lat: NANHAI.lat }, { lon: result.pois[0]!.lng, lat: result.pois[0]!.lat }) * 1000,
      ),
    );
    // A space-separated lonlat reads the same.
    expect(result.pois[1]!.lng).toBeCloseTo(wgs84ToGcj02(guicheng).lon, 6);
  });

  it('searches the whole mainland with queryType 1 without a point, and takes an area or city counts as places', async () => {
    const area = await maps().placeSearch({ keyword: '佛山', radiusM: 5000, count: 10 });
    const post = JSON.parse(received.at(-1)!.params.get('postStr')!);
    expect(post).toMatchObject({
      keyWord: '佛山',
      queryType: 1,
      level: 12,
      count: 10,
      mapBound: '72.004,0.8293,137.8347,55.8271',
    });
    expect(post).not.toHaveProperty('pointLonlat');
    expect(area.pois).toEqual([
      expect.objectContaining({
        name: '佛山市',
        poiType: 'area',
        hotPointID: '156440600',
        distanceM: null,
        distance: '',
      }),
    ]);
    const counted = await maps().placeSearch({ keyword: '铝厂', radiusM: 5000, count: 10 });
    expect(counted.pois.map((p) => p.name)).toEqual(['佛山市', '包头市']);
    expect(counted.count).toBe(120);
  });

  it("leaves out characters Tianditu's keyword cannot take", async () => {
    await maps().placeSearch({ keyword: "大沥'&镇", radiusM: 5000, count: 10 });
    expect(JSON.parse(received.at(-1)!.params.get('postStr')!).keyWord).toBe('大沥  镇');
  });

  it('turns a status other than 1000 into the maps failure with its status and description', async () => {
    const failed = around('出错');
    await expect(failed).rejects.toBeInstanceOf(AppError);
    await expect(failed).rejects.toMatchObject({
      codeFlag: CodeFlag.serverFault,
      messageKey: 'map.failed',
      params: { status: '2002', description: '参数错误' },
    });
    await expect(around('无描述')).rejects.toMatchObject({
      messageKey: 'map.failedStatus',
      params: { status: '3000' },
    });
  });

  it("reports a refused key with Tianditu's words, and an HTTP failure by its status", async () => {
    await expect(around('大沥', maps('stale-key'))).rejects.toMatchObject({
      messageKey: 'map.failed',
      params: { status: '1', description: '非法key' },
    });
    await expect(around('网关')).rejects.toMatchObject({ messageKey: 'map.failedStatus', params: { status: 502 } });
    // The key is never written to the log.
    expect(JSON.stringify(warnings)).not.toContain('stale-key');
    expect(JSON.stringify(warnings)).not.toContain('good-key');
  });

  it('gives up after the time-out, and says the service could not be reached', async () => {
    const started = Date.now();
    await expect(around('慢', maps('good-key', 200))).rejects.toMatchObject({
      codeFlag: CodeFlag.serverFault,
      messageKey: 'map.unreachable',
    });
    expect(Date.now() - started).toBeLessThan(1500);
    await expect(around('大沥', maps('good-key', 2000, 'http://127.0.0.1:9'))).rejects.toMatchObject({
      messageKey: 'map.unreachable',
    });
  });

  it("reverse geocodes in Tianditu's documented form and answers in GCJ-02 with 6-digit codes", async () => {
    const result = await maps().reverseGeocode(NANHAI);
    const sent = received.at(-1)!;
    expect(sent.path).toBe('/geocoder');
    expect(sent.params.get('type')).toBe('geocode');
    const postStr = sent.params.get('postStr')!;
    expect(postStr).toMatch(/^\{'lon':[\d.]+,'lat':[\d.]+,'ver':1\}$/);
    const gps = gcj02ToWgs84({ lon: NANHAI.lng, lat: NANHAI.lat });
    const sentPoint = JSON.parse(postStr.replace(/'/g, '"'));
    expect(sentPoint.lon).toBeCloseTo(gps.lon, 9);
    expect(sentPoint.lat).toBeCloseTo(gps.lat, 9);
    expect(result).toEqual({
      formatted_address: '广东省佛山市南海区大沥镇广佛路',
      location: { lon: NANHAI.lng, lat: NANHAI.lat },
      addressComponent: {
        address: '广佛路',
        town: '大沥镇',
        nation: '中国',
        city: '佛山市',
        county: '南海区',
        province: '广东省',
        road: '广佛路',
        poi: '大沥镇人民政府',
        province_code: '440000',
        city_code: '440600',
        county_code: '440605',
        town_code: '156440605121',
        address_distance: 12,
        road_distance: 49,
        poi_distance: 10,
        address_position: '东北',
        poi_position: '东',
      },
      source: 'tianditu',
    });
  });

  it("turns a geocoder status other than 0 into the maps failure with Tianditu's message", async () => {
    await expect(maps().reverseGeocode({ lng: 116.4, lat: 45 })).rejects.toMatchObject({
      codeFlag: CodeFlag.serverFault,
      messageKey: 'map.failed',
      params: { status: '404', description: '坐标不在服务范围内' },
    });
  });
});
