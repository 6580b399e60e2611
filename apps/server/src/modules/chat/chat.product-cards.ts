import { type TChatProductCard, ZChatProductInfo } from '@metal/shared';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Job } from '../../platform/scheduler';
import { makeProductCard, type ProductCardContext } from './chat.content';
import { chatMessages, withoutProductCard } from './chat.table';

/** What one walk over product links without a card did. */
export interface ProductCardFill {
  /** Messages looked at. */
  examined: number;
  /** Given a card from their listing. */
  filled: number;
  /** Marked `proCard: null`: their listing is gone (or no longer the sender's to share), so proInfo stays what shows. */
  unfillable: number;
  /** Changed by someone else between reading and writing (another instance's run), so left to them. */
  skipped: number;
  /** Whether the walk stopped at its batch limit with messages perhaps still waiting. */
  more: boolean;
}

/**
 * A card made now for a message sent before cards existed, keeping what proInfo showed when it was
 * sent where proInfo has it without words: the price (a chat must not reprice what was offered), the
 * picture and the company. Names and details come from the listing, catalogue names in both languages.
 */
function asSent(card: TChatProductCard, proInfo: unknown): TChatProductCard {
  const sent = ZChatProductInfo.safeParse(proInfo);
  if (!sent.success) return card;
  const { priceFen, picture, companyName } = sent.data;
  return { ...card, priceFen, picture, companyName };
}

/**
 * Gives product links (type 7) stored before issue 16 their `proCard`, made by the same checkers as a
 * new message's, as their sender shares it (chat.content.ts's makeProductCard). A message whose listing
 * is gone gets `proCard: null`, so it is not looked at again and readers keep seeing its proInfo;
 * proInfo and every other field stay as stored, so apps that read only proInfo see no change.
 *
 * Walks by id in batches, each message written on its own and only if nobody changed it since it was
 * read: a run cut short leaves nothing half done, the next run carries on with what is left, and two
 * instances walking at once fill each message once.
 */
export async function fillProductCards(
  context: ProductCardContext,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<ProductCardFill> {
  const { db } = context;
  const batchSize = options.batchSize ?? 200;
  const maxBatches = options.maxBatches ?? 10;
  const fill: ProductCardFill = { examined: 0, filled: 0, unfillable: 0, skipped: 0, more: false };
  let afterId = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const rows = await db
      .select({ id: chatMessages.id, sendUserId: chatMessages.sendUserId, info: chatMessages.info })
      .from(chatMessages)
      .where(and(withoutProductCard(chatMessages), gt(chatMessages.id, afterId)))
      .orderBy(asc(chatMessages.id))
      .limit(batchSize);
    for (const row of rows) {
      fill.examined++;
      const content = parsedInfo(row.info);
      const made = content ? await makeProductCard(context, row.sendUserId, content) : null;
      const proCard = made ? asSent(made.proCard, content?.proInfo) : null;
      // Content that is not a JSON object cannot carry the mark; it stays as stored and is looked at again.
      const written = content
        ? await db
            .update(chatMessages)
            .set({ info: JSON.stringify({ ...content, proCard }) })
            .where(and(eq(chatMessages.id, row.id), eq(chatMessages.info, row.info)))
            .returning({ id: chatMessages.id })
        : [];
      if (written.length === 0) fill.skipped++;
      else if (proCard) fill.filled++;
      else fill.unfillable++;
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return fill;
    afterId = last.id;
  }
  fill.more = true;
  return fill;
}

function parsedInfo(info: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(info);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Every five minutes, fills up to 2,000 product links stored without a card: the first run after the
 * upgrade is the catch-up at start, and a large backlog is worked off in slices, so no run holds up the
 * other jobs' start for long. Once none is left (chat_messages_without_card_idx is empty; new messages
 * are stored with their card) a run is one empty index look-up. The scheduler runs each slot on one
 * instance only.
 */
export function productCardsJob(parts: Pick<ProductCardContext, 'links' | 'productLinks'>): Job {
  return {
    id: 'chat.product-cards',
    cron: '*/5 * * * *',
    async run({ db, clock, log }) {
      const fill = await fillProductCards({ ...parts, db, clock });
      if (fill.examined > 0) log.info(fill, 'chat product links given their cards');
    },
  };
}
