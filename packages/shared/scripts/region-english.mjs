// English (Hanyu Pinyin) names for the region table, made at build time by build-regions.mjs so the browser never
// runs a pinyin library. pinyin-pro reads place-name polyphones well (重庆 Chongqing, 六安 Lu'an, 蚌埠 Bengbu,
// 铅山 Yanshan); the few names whose customary English is not their pinyin are listed in NAMED.
import { pinyin } from 'pinyin-pro';

/** Customary English names that are not plain pinyin (陕西 is spelt Shaanxi to tell it from 山西 Shanxi). */
const NAMED = {
  内蒙古自治区: 'Inner Mongolia',
  陕西省: 'Shaanxi',
  西藏自治区: 'Xizang',
  香港特别行政区: 'Hong Kong',
  澳门特别行政区: 'Macao',
  台湾省: 'Taiwan',
  // Capitals whose English spelling comes from their own languages, not Mandarin pinyin.
  哈尔滨市: 'Harbin',
  呼和浩特市: 'Hohhot',
  乌鲁木齐市: 'Urumqi',
  拉萨市: 'Lhasa',
};

// The ethnic groups an autonomous unit's name carries (恩施土家族苗族自治州): its English keeps only the place.
const PEOPLES =
  '壮|回|维吾尔|藏|蒙古|苗|彝|布依|朝鲜|满|侗|瑶|白|土家|哈尼|哈萨克|傣|黎|傈僳|佤|畲|拉祜|水|东乡|纳西|景颇|柯尔克孜|土|达斡尔|' +
  '仫佬|羌|布朗|撒拉|毛南|仡佬|锡伯|阿昌|普米|塔吉克|怒|乌孜别克|俄罗斯|鄂温克|德昂|保安|裕固|京|塔塔尔|独龙|鄂伦春|赫哲|门巴|珞巴|基诺|各';
// Only an autonomous unit's name is cut, and there 族 may be left out (新疆维吾尔自治区, 巴音郭楞蒙古自治州).
const PEOPLE_RUN = new RegExp(`(?:(?:${PEOPLES})族?)+$`);

// Suffixes by level, longest first; the word the English adds ('' where the bare name is what English uses:
// "Guangdong", "Foshan", a county-level city "Kunshan").
const SUFFIXES = {
  province: [
    ['特别行政区', ''],
    ['自治区', ''],
    ['省', ''],
    ['市', ''],
  ],
  city: [
    ['自治州', 'Prefecture'],
    ['地区', 'Prefecture'],
    ['盟', 'League'],
    ['市', ''],
  ],
  // A county-level unit under its province stands in for its city too (琼中黎族苗族自治县, 神农架林区):
  // it is named as a district wherever it shows.
  district: [
    ['自治县', 'County'],
    ['自治旗', 'Banner'],
    ['林区', 'Forestry District'],
    ['特区', 'Special District'],
    ['新区', 'New Area'],
    ['区', 'District'],
    ['县', 'County'],
    ['旗', 'Banner'],
    ['市', ''],
  ],
};

/** 西安 → Xi'an: a syllable starting with a vowel after another gets an apostrophe, as pinyin spells it. */
function spell(stem) {
  const syllables = pinyin(stem, { toneType: 'none', type: 'array', nonZh: 'consecutive' }).filter(Boolean);
  const joined = syllables
    .map((syllable, index) => (index > 0 && /^[aoe]/.test(syllable) ? `'${syllable}` : syllable))
    .join('');
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}

/**
 * A region's English name at its level ('province', 'city' or 'district'): 广东省 Guangdong, 佛山市 Foshan,
 * 南海区 Nanhai District, 延边朝鲜族自治州 Yanbian Prefecture, 昆山市 Kunshan.
 */
export function englishRegionName(name, level) {
  if (NAMED[name]) return NAMED[name];
  const suffixes = level === 'city' ? [...SUFFIXES.city, ...SUFFIXES.district] : SUFFIXES[level];
  for (const [suffix, word] of suffixes) {
    if (!name.endsWith(suffix) || name.length <= suffix.length) continue;
    const bare = name.slice(0, -suffix.length);
    // 鄂温克族自治旗 is named after its people alone: Ewenke Banner.
    const stem = suffix.startsWith('自治') ? bare.replace(PEOPLE_RUN, '') || bare.replace(/族$/, '') : bare;
    // A one-character stem reads as a name only with its suffix (矿区 Kuangqu, 城区 Chengqu).
    if (stem.length < 2 && word !== '') return `${spell(name)}`;
    return word ? `${spell(stem)} ${word}` : spell(stem);
  }
  return spell(name);
}
