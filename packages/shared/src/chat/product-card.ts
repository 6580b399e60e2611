import { z } from 'zod';
import type { Language } from '../constants';
import { formatTons } from '../helpers/tons';
import type { TChatProductInfo } from './schemas';

/** A catalogue name in both languages, so each reader sees their own. */
export const ZChatNames = z.object({ 'zh-CN': z.string(), 'en-US': z.string() });
export type TChatNames = z.infer<typeof ZChatNames>;

/**
 * What a product link (type 7) shows, as facts rather than sentences (issue 16): the server stores it
 * as `proCard` beside `proInfo` when it stores the message, and every reader's app words it in the
 * reader's language with `productCardText`. Catalogue names come in both languages; what the lister
 * typed (product name, specification, brand, attribute values, company name) is shown as typed.
 */
export const ZChatProductCard = z.object({
  /** The catalogue sort (grade) it is of; null for a shop or a request without one. */
  sortId: z.number().int().nullable(),
  sortName: ZChatNames,
  /** The lister's own name for it ('' when it goes by its sort); a shop's company name. */
  productName: z.string(),
  /** Specification, brand, attribute values: as the lister typed them, in order. */
  details: z.array(z.string()),
  /** An agent request's direction, which the reader's app names. */
  agentKind: z.enum(['buy', 'sell']).nullable(),
  /** An inquiry's total quantity. */
  quantityKg: z.number().nullable(),
  /** A stock's price per ton. */
  priceFen: z.number().nullable(),
  city: z.string(),
  /** A picture's address, or ''. */
  picture: z.string(),
  companyName: z.string(),
});
export type TChatProductCard = z.infer<typeof ZChatProductCard>;

/** A card's fields most objects leave empty, so each maker of a card names only what its object has. */
export const EMPTY_PRODUCT_CARD: TChatProductCard = {
  sortId: null,
  sortName: { 'zh-CN': '', 'en-US': '' },
  productName: '',
  details: [],
  agentKind: null,
  quantityKg: null,
  priceFen: null,
  city: '',
  picture: '',
  companyName: '',
};

const WORDS = {
  'zh-CN': { tons: '吨', buy: '帮我买', sell: '帮我卖' },
  'en-US': { tons: 't', buy: 'Help me buy', sell: 'Help me sell' },
} as const;

/**
 * The card in one language, as `proInfo` carries it: its title (the lister's name, else the sort's)
 * and one summary line. The server fills `proInfo` with it in the sender's language for apps that
 * read only that; the web app words `proCard` in the reader's.
 */
export function productCardText(card: TChatProductCard, lang: Language): TChatProductInfo {
  const words = WORDS[lang];
  const sortName = card.sortName[lang] || card.sortName['zh-CN'];
  return {
    title: card.productName || sortName,
    summary: [
      card.productName ? sortName : '',
      card.agentKind ? words[card.agentKind] : '',
      ...card.details,
      card.quantityKg === null ? '' : `${formatTons(card.quantityKg)} ${words.tons}`,
      card.city,
    ]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' · '),
    priceFen: card.priceFen,
    picture: card.picture,
    companyName: card.companyName,
  };
}

/**
 * A message's `proCard`, or null when it has none: `proCard: null` when the server gave a message stored
 * before issue 16 its card after the listing was gone (its proInfo is what shows), or it is malformed.
 */
export function productCardOf(content: Record<string, unknown> | null | undefined): TChatProductCard | null {
  const parsed = ZChatProductCard.safeParse(content?.proCard);
  return parsed.success ? parsed.data : null;
}
