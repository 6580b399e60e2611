import { ChatContentType, chatIdOf } from '@metal/shared';
import { describe, expect, it } from 'vitest';
import { applyStatusChange, type ChatMessage, mergeChatMessage, parseIncomingFrame, quoteSubject } from './frames';

function message(uuid: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    chatId: '7_12',
    info: JSON.stringify({ mesg: uuid }),
    sendDate: 1_760_000_000,
    sendUserId: 7,
    receiveUserId: 12,
    type: ChatContentType.text,
    uuid,
    status: 2,
    ...overrides,
  };
}

const orderQuote = (uuid: string, orderId: number, chatId = '7_12') =>
  message(uuid, { type: ChatContentType.stockOrderQuote, info: JSON.stringify({ orderId }), chatId });
const inquiryQuote = (uuid: string, inquiryId: number) =>
  message(uuid, { type: ChatContentType.inquiryQuote, info: JSON.stringify({ inquiryId }) });

describe('chat frames', () => {
  it('names a conversation by the smaller then the larger userId', () => {
    expect(chatIdOf(12, 7)).toBe('7_12');
    expect(chatIdOf(7, 12)).toBe('7_12');
  });

  it('reads the server frames this client knows and ignores the rest', () => {
    const stored = message('m-1', { notice: 'n' });
    expect(parseIncomingFrame(JSON.stringify({ type: 1, info: JSON.stringify(stored) }))).toEqual({
      type: 1,
      message: stored,
    });
    expect(parseIncomingFrame('{"type":4,"info":"m-1"}')).toEqual({ type: 4, uuid: 'm-1', stored: null });
    expect(parseIncomingFrame('{"type":4,"info":"m-1","id":31,"sendDate":1760000005}')).toEqual({
      type: 4,
      uuid: 'm-1',
      stored: { id: 31, sendDate: 1_760_000_005 },
    });
    expect(parseIncomingFrame('{"type":6,"uuid":"m-1","sendUserId":12}')).toEqual({
      type: 6,
      uuid: 'm-1',
      readerUserId: 12,
    });
    expect(parseIncomingFrame('{"type":6,"sendUserId":"12"}')).toEqual({ type: 6, uuid: null, readerUserId: 12 });
    expect(parseIncomingFrame('{"type":0}')).toEqual({ type: 0 });
    expect(parseIncomingFrame('{"type":3,"info":"cart"}')).toBeNull();
    expect(parseIncomingFrame('{"type":22,"count":3}')).toEqual({ type: 22, count: 3 });
    expect(parseIncomingFrame('{"type":22,"count":"x"}')).toBeNull();
    expect(parseIncomingFrame('not json')).toBeNull();
    expect(parseIncomingFrame(JSON.stringify({ type: 1, info: JSON.stringify({ ...stored, uuid: '' }) }))).toBeNull();
    expect(parseIncomingFrame(JSON.stringify({ type: 1, info: JSON.stringify({ ...stored, type: 12 }) }))).toBeNull();
  });

  it('adds a new message, and updates one it already holds in place', () => {
    const list = [message('a'), message('b')];
    expect(mergeChatMessage(list, message('c')).map((m) => m.uuid)).toEqual(['a', 'b', 'c']);
    const merged = mergeChatMessage(list, message('a', { status: 4 }));
    expect(merged.map((m) => [m.uuid, m.status])).toEqual([
      ['a', 4],
      ['b', 2],
    ]);
  });

  it('replaces the earlier quote for the same stock order or inquiry in that chat, and no other', () => {
    const list = [
      orderQuote('q-1', 5),
      message('a'),
      inquiryQuote('q-2', 5),
      orderQuote('q-3', 6),
      orderQuote('q-4', 5, '7_13'),
    ];
    const merged = mergeChatMessage(list, orderQuote('q-5', 5));
    expect(merged.map((m) => m.uuid)).toEqual(['a', 'q-2', 'q-3', 'q-4', 'q-5']);
    const again = mergeChatMessage(merged, inquiryQuote('q-6', 5));
    expect(again.map((m) => m.uuid)).toEqual(['a', 'q-3', 'q-4', 'q-5', 'q-6']);
    expect(quoteSubject(message('a'))).toBeNull();
    expect(quoteSubject(message('x', { type: ChatContentType.inquiryQuote, info: 'broken' }))).toBeNull();
  });

  it('applies an ack or read to one message, and an all-read to every message sent to that reader', () => {
    const list = [
      message('a', { status: 1 }),
      message('b', { status: 2 }),
      message('c', { status: 2, sendUserId: 12, receiveUserId: 7 }),
      message('d', { status: 4 }),
    ];
    expect(applyStatusChange(list, { uuid: 'a', status: 2 }).map((m) => m.status)).toEqual([2, 2, 2, 4]);
    expect(applyStatusChange(list, { uuid: 'd', status: 2 }).map((m) => m.status)).toEqual([1, 2, 2, 4]);
    expect(applyStatusChange(list, { readerUserId: 12, status: 4 }).map((m) => m.status)).toEqual([4, 4, 2, 4]);
  });

  it("takes the server's id and time from an acknowledgement, whatever the phone's clock said", () => {
    const sent = message('a', { status: 1, sendDate: 1_760_000_090 });
    const [acked] = applyStatusChange([sent], { uuid: 'a', status: 2, stored: { id: 40, sendDate: 1_760_000_000 } });
    expect(acked).toMatchObject({ uuid: 'a', status: 2, sendDate: 1_760_000_000, id: 40 });
  });
});
