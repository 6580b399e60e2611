import type { Language } from '../constants';

/** The largest minimum order or monthly production accepted, in tons (the largest smelters make a few hundred thousand a month). */
export const CAPACITY_TONS_MAX = 1_000_000;
/** Attributes per capacity (choose_capacity_attr), and the length of an attribute's name and value. */
export const MAX_CAPACITY_ATTRIBUTES = 10;
export const CAPACITY_ATTRIBUTE_NAME_MAX = 10;
export const CAPACITY_ATTRIBUTE_VALUE_MAX = 30;
/** Images per capacity (one WeChat-style pick of nine). */
export const MAX_CAPACITY_IMAGES = 9;
/** Lengths of the free text fields. */
export const CAPACITY_PRODUCT_NAME_MAX = 30;
export const CAPACITY_INFO_MAX = 500;
export const CAPACITY_CONTACT_NAME_MAX = 20;
/** SPEC §9: capacity is reviewed within this many working days after the company's approval. */
export const CAPACITY_REVIEW_WORKING_DAYS = 5;

/** A word in each language. */
export type Localized = Record<Language, string>;

/**
 * choose_capacity_attr's preset attributes. A preset is stored by its key (shown in the reader's
 * language); anything else the poster names is stored as typed. Suggested values are offered per metal.
 */
export const CAPACITY_ATTRIBUTE_PRESETS = ['grade', 'temper', 'form', 'spec', 'surface', 'standard'] as const;
export type CapacityAttributePreset = (typeof CAPACITY_ATTRIBUTE_PRESETS)[number];

export const CAPACITY_ATTRIBUTE_LABELS: Record<CapacityAttributePreset, Localized> = {
  grade: { 'zh-CN': '牌号', 'en-US': 'Grade' },
  temper: { 'zh-CN': '状态', 'en-US': 'Temper' },
  form: { 'zh-CN': '品种', 'en-US': 'Form' },
  spec: { 'zh-CN': '规格', 'en-US': 'Specification' },
  surface: { 'zh-CN': '表面处理', 'en-US': 'Surface' },
  standard: { 'zh-CN': '执行标准', 'en-US': 'Standard' },
};

const same = (value: string): Localized => ({ 'zh-CN': value, 'en-US': value });
const word = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

type Metal = 'aluminium' | 'copper';

/** Values offered for each preset, by metal; the poster may type any other. Grades and standards read the same in both languages. */
export const CAPACITY_ATTRIBUTE_SUGGESTIONS: Record<Metal, Record<CapacityAttributePreset, Localized[]>> = {
  aluminium: {
    grade: ['A00', '1060', '1100', '3003', '5052', '5083', '6061', '6063', '6082', '7075', 'ADC12'].map(same),
    temper: ['O', 'H14', 'H24', 'H32', 'H112', 'T4', 'T5', 'T6', 'T651'].map(same),
    form: [
      word('铝锭', 'Ingot'),
      word('铝棒', 'Billet'),
      word('铝板', 'Sheet'),
      word('铝卷', 'Coil'),
      word('铝箔', 'Foil'),
      word('型材', 'Profile'),
      word('铝管', 'Tube'),
      word('铝线', 'Wire'),
    ],
    spec: [],
    surface: [
      word('原色', 'Mill finish'),
      word('阳极氧化', 'Anodized'),
      word('喷粉', 'Powder coated'),
      word('电泳', 'Electrophoretic'),
      word('拉丝', 'Brushed'),
      word('覆膜', 'Film coated'),
    ],
    standard: ['GB/T 1196', 'GB/T 3190', 'GB/T 3880', 'GB/T 5237', 'ASTM B209', 'EN 573'].map(same),
  },
  copper: {
    grade: ['T1', 'T2', 'T3', 'TU1', 'TU2', 'TP2', 'H62', 'H65', 'C11000', 'C10200'].map(same),
    temper: [word('软态 M', 'Soft (O)'), word('半硬 Y2', 'Half hard (H02)'), word('硬态 Y', 'Hard (H04)')],
    form: [
      word('阴极铜', 'Cathode'),
      word('铜杆', 'Rod'),
      word('铜排', 'Busbar'),
      word('铜板', 'Plate'),
      word('铜带', 'Strip'),
      word('铜管', 'Tube'),
      word('铜线', 'Wire'),
      word('铜箔', 'Foil'),
    ],
    spec: [],
    surface: [
      word('光亮', 'Bright'),
      word('镀锡', 'Tin plated'),
      word('镀镍', 'Nickel plated'),
      word('钝化', 'Passivated'),
    ],
    standard: ['GB/T 467', 'GB/T 3952', 'GB/T 5231', 'ASTM B187', 'EN 1976'].map(same),
  },
};

export const isCapacityAttributePreset = (name: string): name is CapacityAttributePreset =>
  (CAPACITY_ATTRIBUTE_PRESETS as readonly string[]).includes(name);

/**
 * The preset an attribute name stands for: its key, or one of its labels in either language (so '牌号'
 * typed by hand is the preset 'grade'); null for a name of the poster's own.
 */
export function capacityAttributePreset(name: string): CapacityAttributePreset | null {
  const typed = name.trim().toLowerCase();
  for (const preset of CAPACITY_ATTRIBUTE_PRESETS) {
    const labels = CAPACITY_ATTRIBUTE_LABELS[preset];
    if (typed === preset || typed === labels['zh-CN'].toLowerCase() || typed === labels['en-US'].toLowerCase())
      return preset;
  }
  return null;
}

/** An attribute's name as a reader sees it: a preset in the reader's language, anything else as it was typed. */
export const capacityAttributeLabel = (name: string, lang: Language) =>
  isCapacityAttributePreset(name) ? CAPACITY_ATTRIBUTE_LABELS[name][lang] : name;
