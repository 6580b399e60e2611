import {
  CHAT_VOICE_MAX_SECONDS,
  CHAT_VOICE_MIN_SECONDS,
  ChatContentType,
  CodeFlag,
  emoticonOf,
  type Language,
  type MessageKey,
  productCardOf,
  productCardText,
  type TChatProductCard,
  translate,
  type UploadKind,
} from '@metal/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { FileLinks } from '../../platform/file-links';
import { users } from '../accounts/accounts.table';
import { files } from '../files/files.table';
import type { ProductLinkCheckers } from './chat.product-links';

const refused = (key: MessageKey) => new AppError(CodeFlag.invalidInput, key);

export interface ContentContext {
  db: Executor;
  clock: Clock;
  links: Pick<FileLinks, 'publicUrl'>;
  /** The sender's language: a product link's `proInfo`, kept for apps that read only that, is worded in it. */
  lang: Language;
  senderId: number;
  /** The checkers of product links, which the modules owning the linked objects fill. */
  productLinks: ProductLinkCheckers;
}

/** The stored file a public address `/files/<key>` names, if it is of this kind (and the sender's, when asked). */
async function storedFile(db: Executor, address: unknown, kind: UploadKind, ownerId?: number) {
  if (typeof address !== 'string' || !address.startsWith('/files/')) return undefined;
  const key = address.slice('/files/'.length);
  const [file] = await db
    .select()
    .from(files)
    .where(
      and(
        eq(files.key, key),
        eq(files.kind, kind),
        eq(files.visibility, 'public'),
        ownerId === undefined ? undefined : eq(files.ownerId, ownerId),
      ),
    );
  return file;
}

const positiveId = (id: unknown) => {
  const n = typeof id === 'string' && /^\d{1,15}$/.test(id.trim()) ? Number(id) : id;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** What a product link's card is made with: the sender's language plays no part, as the card has none. */
export type ProductCardContext = Pick<ContentContext, 'db' | 'clock' | 'links' | 'productLinks'>;

/**
 * The card of a product link's `proType` and `proId` as `senderId` shares it, made by the checker of
 * the module that owns the object: for a message being stored, and for one stored before proCard
 * existed (chat.product-cards.ts). Null when no checker fills the type, the id is not one, or the
 * object is gone or not the sender's to share.
 */
export async function makeProductCard(
  context: ProductCardContext,
  senderId: number,
  content: Record<string, unknown>,
): Promise<{ proId: number; proCard: TChatProductCard } | null> {
  const checker = context.productLinks(Number(content.proType));
  if (!checker) return null;
  const proId = positiveId(content.proId);
  if (proId === null) return null;
  const [sender] = await context.db.select({ rootId: users.rootId }).from(users).where(eq(users.id, senderId));
  if (!sender) return null;
  const proCard = await checker({ ...context, sender: { userId: senderId, rootId: sender.rootId } }, proId);
  return proCard ? { proId, proCard } : null;
}

/**
 * Checks what a message's content refers to, beyond its fields' shapes (SPEC §3, issue 6): images,
 * files and recordings must be ones this server stored (files and recordings the sender's own), image
 * emoticons ones the web app ships, product links objects the sender may share. Answers the content to
 * store, completed by the server (a file's name and size, an image's thumbnail, a product's card),
 * or null when it is stored as sent. Refusals throw, so nothing is stored.
 */
export async function completeContent(
  context: ContentContext,
  type: number,
  content: Record<string, unknown>,
): Promise<Record<string, unknown> | null> {
  const { db, links, senderId } = context;
  if (type === ChatContentType.image) {
    const emoticon = emoticonOf(content.imgUrl);
    if (emoticon) return { ...content, imgUrl: content.imgUrl, emoticon: true };
    if (content.emoticon === true) throw refused('chat.emoticonUnknown');
    const image = await storedFile(db, content.imgUrl, 'image');
    if (!image) throw refused('chat.imageInvalid');
    return {
      ...content,
      emoticon: false,
      thumbUrl: links.publicUrl(image.thumbKey),
      width: image.width,
      height: image.height,
    };
  }
  if (type === ChatContentType.file) {
    const file = await storedFile(db, content.urlPath, 'chatFile', senderId);
    if (!file) throw refused('chat.fileInvalid');
    return { ...content, name: file.name, size: file.size };
  }
  if (type === ChatContentType.voice) {
    const recording = await storedFile(db, content.filePath, 'voice', senderId);
    if (!recording) throw refused('chat.voiceInvalid');
    const seconds = Math.round(Number(content.duration));
    return { ...content, duration: Math.min(CHAT_VOICE_MAX_SECONDS, Math.max(CHAT_VOICE_MIN_SECONDS, seconds)) };
  }
  if (type === ChatContentType.productLink) {
    if (!context.productLinks(Number(content.proType))) throw refused('chat.productTypeUnsupported');
    const made = await makeProductCard(context, senderId, content);
    if (!made) throw refused('chat.productNotFound');
    const { proId, proCard } = made;
    // proCard is what every reader's app words in its own language; proInfo keeps SPEC's field filled.
    return { ...content, proId, proCard, proInfo: productCardText(proCard, context.lang) };
  }
  return null;
}

const named = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The conversation list's text for an image emoticon ('[emoji]', SPEC §9), and for a file, location or
 * product link with what it names ('[file] price list.pdf'); null for the plain text of its type.
 */
export function contentSummary(type: number, content: Record<string, unknown>, lang: Language): string | null {
  if (type === ChatContentType.image && content.emoticon === true) return translate('chat.summaryEmoticon', lang);
  if (type === ChatContentType.file && named(content.name))
    return translate('chat.summaryFileNamed', lang, { name: named(content.name) });
  if (type === ChatContentType.location && named(content.address))
    return translate('chat.summaryLocationNamed', lang, { address: named(content.address) });
  if (type === ChatContentType.productLink) {
    const card = productCardOf(content);
    const title = card ? productCardText(card, lang).title : named((content.proInfo as { title?: unknown })?.title);
    if (title) return translate('chat.summaryProductNamed', lang, { title });
  }
  return null;
}
