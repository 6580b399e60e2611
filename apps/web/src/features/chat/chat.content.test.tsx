// @vitest-environment happy-dom

import { Calls, type TChatMessage, type TQuote, type TUserCard } from '@metal/shared';
import ImageViewer from 'antd-mobile/es/components/image-viewer';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatDraft } from '../../lib/chat/connection';
import type { ChatMessage } from '../../lib/chat/frames';
import { showFail } from '../../lib/feedback';
import {
  agentBuy,
  inquiryDetail,
  lotsOnSale,
  managedStock,
  profileSummary,
  shopDetail,
  stockDetail,
} from '../../test/fixtures';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { uploadFiles } from '../../lib/upload';
import { buttonWith, click, createPageHarness, ok, typeInto, until } from '../../test/pageHarness';
import { putChosenLocation } from '../nearby/location';
import type { ShownMessage } from './conversations';
import ChatPage from './pages/ChatPage';
import { withReplacedQuotes } from './summary';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);
vi.mock('../../lib/upload', () => ({ uploadFiles: vi.fn() }));
// The full-screen viewer is antd-mobile's; the test checks what it is asked to show.
vi.mock('antd-mobile/es/components/image-viewer', () => ({ default: { show: vi.fn() } }));

/** The connection manager, played by the test: it records what the page sends. */
const fake = vi.hoisted(() => {
  let counter = 0;
  const connection = {
    state: 'connected' as const,
    sent: [] as ChatDraft[],
    send(draft: ChatDraft): ChatMessage {
      connection.sent.push(draft);
      counter += 1;
      return {
        chatId: '7_12',
        info: JSON.stringify(draft.content),
        sendDate: Math.floor(Date.now() / 1000),
        sendUserId: 7,
        receiveUserId: draft.receiveUserId,
        type: draft.type,
        uuid: `sent-${counter}`,
        status: 1,
      };
    },
    pending: () => [],
    onMessage: () => () => undefined,
    onStatus: () => () => undefined,
    onStateChange: () => () => undefined,
  };
  return connection;
});
vi.mock('../../lib/chat/connection', () => ({ getChatConnection: () => fake }));

const ME = 7;
const PEER = 12;
const h = createPageHarness();
const { serve } = h;
const Stub = () => <p>elsewhere</p>;
const text = () => h.container.textContent ?? '';
const q = (selector: string) => h.container.querySelector(selector);

let nextId = 0;
const stored = (type: number, content: object, overrides: Partial<TChatMessage> = {}): TChatMessage => {
  nextId += 1;
  return {
    id: nextId,
    chatId: '7_12',
    info: JSON.stringify(content),
    notice: '',
    sendDate: 1_763_600_000 + nextId,
    sendUserId: PEER,
    receiveUserId: ME,
    type,
    uuid: `m-${nextId}`,
    status: 2,
    recalled: false,
    replaced: false,
    ...overrides,
  };
};

const card = ok<TUserCard>({
  userId: PEER,
  head: '',
  signature: '',
  rootId: PEER,
  nickName: '王经理',
  companyName: '佛山南海铝材有限公司',
  isFriend: false,
  remark: '',
  openShop: true,
  account: '139****5678',
  marketList: [],
  realName: false,
  isDemo: false,
});

/** Opens the chat with `history`; a test serves any other call before. */
async function renderChat(history: TChatMessage[], query = '') {
  serve(Calls.userCard, card);
  serve(Calls.chatHistory, ok({ list: history, hasMore: false }));
  serve(Calls.chatRead, ok({ marked: 0 }));
  await h.render(
    {
      [Paths.chatPage]: ChatPage,
      [Paths.login]: Stub,
      [Paths.root]: Stub,
      [Paths.openLocation]: Stub,
      [Paths.chooseLocation]: Stub,
      [Paths.stockDetail]: Stub,
      [Paths.capacityDetail]: Stub,
      [Paths.inquiryDetail]: Stub,
      [Paths.orderDetail]: Stub,
      [Paths.company]: Stub,
      [Paths.proxyPick]: Stub,
    },
    `${Paths.chatPage}?userId=${PEER}${query}`,
  );
  await until(() => !text().includes('还没有消息') && q('[data-testid="chat-message"]') !== null, 'the messages');
}

/** Audio elements the page made: a stand-in that plays until told it ended. */
const audios: Array<{ src: string; paused: boolean; onended?: () => void }> = [];
class FakeAudio {
  paused = true;
  onended?: () => void;
  onerror?: () => void;
  constructor(public src: string) {
    audios.push(this);
  }
  play() {
    this.paused = false;
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
  }
}

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  localStorage.clear();
  sessionStorage.clear();
  fake.sent = [];
  audios.length = 0;
  vi.stubGlobal('Audio', FakeAudio);
  setSession({ account: 'buyer', rootId: ME, userId: ME, sessionId: 's', lastLoginDate: '2026-11-20' });
});
afterEach(async () => {
  await h.cleanup();
  clearSession();
});

describe('chat_page bubbles per content type', () => {
  it('shows a picture as a loading thumbnail sized by its shape, and opens it full screen', async () => {
    await renderChat([
      stored(2, { imgUrl: '/files/images/1/a.jpg', thumbUrl: '/files/images/1/a.thumb.jpg', width: 800, height: 400 }),
    ]);
    const image = q('[data-testid="chat-image"]') as HTMLElement;
    expect(image.className).toContain('is-loading');
    expect(image.style.width).toBe('180px');
    expect(image.style.height).toBe('90px');
    const img = image.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/files/images/1/a.thumb.jpg');
    await act(async () => {
      img.dispatchEvent(new Event('load'));
    });
    expect(image.className).toContain('is-ready');
    await click(image);
    expect(ImageViewer.show).toHaveBeenCalledWith({ image: '/files/images/1/a.jpg' });
  });

  it('says so when a picture cannot be loaded', async () => {
    await renderChat([stored(2, { imgUrl: '/files/images/1/gone.jpg' })]);
    await act(async () => {
      q('[data-testid="chat-image"] img')!.dispatchEvent(new Event('error'));
    });
    expect(q('[data-testid="chat-image"]')?.textContent).toBe('图片加载失败');
  });

  it('shows an image emoticon large, without a bubble', async () => {
    await renderChat([stored(2, { imgUrl: '/emoticons/smile.svg', emoticon: true })]);
    expect(q('[data-testid="chat-emoticon"]')?.getAttribute('src')).toBe('/emoticons/smile.svg');
    expect(q('.mm-chat-bubble')).toBeNull();
  });

  it('shows a file with its name and size, downloading it under its name', async () => {
    await renderChat([stored(3, { urlPath: '/files/chat-files/1/x.bin', name: '报价单.pdf', size: 36_100 })]);
    const file = q('[data-testid="chat-file"]') as HTMLAnchorElement;
    expect(file.textContent).toContain('报价单.pdf');
    expect(file.textContent).toContain('35.3 KB');
    expect(file.textContent).toContain('PDF');
    expect(file.getAttribute('href')).toBe('/files/chat-files/1/x.bin');
    expect(file.getAttribute('download')).toBe('报价单.pdf');
  });

  it('plays one voice message at a time, its bubble as wide as it is long', async () => {
    await renderChat([
      stored(4, { filePath: '/files/voices/1/a.webm', duration: 3 }),
      stored(4, { filePath: '/files/voices/1/b.webm', duration: 60 }),
    ]);
    const [short, long] = [...h.container.querySelectorAll('[data-testid="chat-voice"]')] as HTMLElement[];
    expect(short!.textContent).toBe('3″');
    expect(Number.parseInt(short!.style.width, 10)).toBeLessThan(Number.parseInt(long!.style.width, 10));
    expect(long!.style.width).toBe('200px');

    await click(short);
    expect(short!.getAttribute('aria-pressed')).toBe('true');
    expect(audios[0]).toMatchObject({ src: '/files/voices/1/a.webm', paused: false });
    await click(long);
    expect(audios[0]?.paused).toBe(true);
    expect(audios[1]).toMatchObject({ src: '/files/voices/1/b.webm', paused: false });
    expect(short!.getAttribute('aria-pressed')).toBe('false');
    expect(long!.getAttribute('aria-pressed')).toBe('true');
    await act(async () => audios[1]?.onended?.());
    expect(long!.getAttribute('aria-pressed')).toBe('false');
    await click(short);
    await click(short);
    expect(audios[2]?.paused).toBe(true);
  });

  it('shows a location card that opens open_location', async () => {
    await renderChat([stored(5, { address: '佛山市南海区大沥镇1号', lat: 23.05, lgt: 113.14, name: '大沥铝材市场' })]);
    const place = q('[data-testid="chat-location"]');
    expect(place?.textContent).toContain('大沥铝材市场');
    expect(place?.textContent).toContain('佛山市南海区大沥镇1号');
    await click(place);
    expect(h.router.state.location.pathname).toBe(Paths.openLocation);
    const query = new URLSearchParams(h.router.state.location.search);
    expect(Object.fromEntries(query)).toEqual({
      lng: '113.14',
      lat: '23.05',
      name: '大沥铝材市场',
      address: '佛山市南海区大沥镇1号',
    });
  });

  it('shows product cards from their snapshot, each opening its page', async () => {
    const info = (title: string, priceFen: number | null) => ({
      title,
      summary: '99.70% · 佛山市',
      priceFen,
      picture: '/files/images/1/c.thumb.jpg',
      companyName: '佛山南海铝材有限公司',
    });
    await renderChat([
      stored(7, { proType: 1, proId: 5, proInfo: info('A00铝锭', 2_050_000) }),
      stored(7, { proType: 4, proId: 8, proInfo: info('铝型材加工', null) }),
      stored(7, { proType: 5, proId: 42, proInfo: info('佛山南海铝材有限公司', null) }),
    ]);
    const cards = [...h.container.querySelectorAll('[data-testid="chat-product"]')];
    expect(cards[0]?.textContent).toContain('现货');
    expect(cards[0]?.textContent).toContain('A00铝锭');
    expect(cards[0]?.textContent).toContain('¥20500/吨');
    expect(cards[0]?.querySelector('img')?.getAttribute('src')).toBe('/files/images/1/c.thumb.jpg');
    expect(cards[1]?.textContent).toContain('产能');
    expect(cards[1]?.textContent).not.toContain('¥');
    expect(cards[2]?.textContent).toContain('店铺');
    await click(cards[0]);
    expect(`${h.router.state.location.pathname}${h.router.state.location.search}`).toBe(`${Paths.stockDetail}?id=5`);
    await h.router.navigate(-1);
    await until(() => h.container.querySelectorAll('[data-testid="chat-product"]').length === 3, 'back');
    await click(h.container.querySelectorAll('[data-testid="chat-product"]')[1]);
    expect(`${h.router.state.location.pathname}${h.router.state.location.search}`).toBe(`${Paths.capacityDetail}?id=8`);
  });

  it("words a product card from its facts in the reader's language, whatever the sender's", async () => {
    const proCard = {
      sortId: 13,
      sortName: { 'zh-CN': 'A00铝', 'en-US': 'A00 aluminium' },
      productName: '',
      details: ['99.70%'],
      agentKind: null,
      quantityKg: null,
      priceFen: 2_050_000,
      city: '佛山市',
      picture: '',
      companyName: '佛山南海铝材有限公司',
    };
    // proInfo as an English-speaking sender's server filled it for older apps.
    const history = [
      stored(7, { proType: 1, proId: 5, proCard, proInfo: { title: 'A00 aluminium', summary: '99.70% · 佛山市' } }),
      stored(7, { proType: 2, proId: 31, proCard: { ...proCard, priceFen: null, quantityKg: 120_500 } }),
    ];
    await renderChat(history);
    let cards = [...h.container.querySelectorAll('[data-testid="chat-product"]')];
    expect(cards[0]?.textContent).toContain('A00铝');
    expect(cards[0]?.textContent).not.toContain('aluminium');
    expect(cards[0]?.textContent).toContain('99.70% · 佛山市');
    expect(cards[0]?.textContent).toContain('¥20500/吨');
    expect(cards[1]?.textContent).toContain('询价');
    expect(cards[1]?.textContent).toContain('99.70% · 120.5 吨 · 佛山市');
    await h.cleanup();

    h.install();
    setLanguage('en-US');
    await renderChat(history);
    cards = [...h.container.querySelectorAll('[data-testid="chat-product"]')];
    expect(cards[0]?.querySelector('.mm-chat-product-title')?.textContent).toBe('A00 aluminium');
    expect(cards[0]?.textContent).toContain('¥20500/t');
    expect(cards[1]?.textContent).toContain('Inquiry');
    expect(cards[1]?.textContent).toContain('99.70% · 120.5 t · 佛山市');
    await click(cards[1]);
    expect(`${h.router.state.location.pathname}${h.router.state.location.search}`).toBe(`${Paths.inquiryDetail}?id=31`);
  });

  it('shows news, quotes (a replaced one says so), a red packet note and large emoji', async () => {
    await renderChat([
      stored(8, { id: 3, newsType: 1, title: '铜价周评', intro: '本周铜价震荡上行' }),
      stored(10, { orderId: 21 }, { replaced: true }),
      stored(11, { inquiryId: 9 }),
      stored(10, { orderId: 22, orderNo: 'SO20261120000022', version: 1, totalFen: 10_250_000 }),
      stored(6, {}),
      stored(1, { mesg: '👍🤝' }),
      stored(1, { mesg: '好的👍' }),
    ]);
    expect(q('[data-testid="chat-news"]')?.textContent).toContain('铜价周评');
    expect(q('[data-testid="chat-news"]')?.textContent).toContain('本周铜价震荡上行');
    const quotes = [...h.container.querySelectorAll('[data-testid="chat-quote"]')];
    expect(quotes[0]?.textContent).toContain('订单 21');
    expect(quotes[0]?.textContent).toContain('已被新报价替代');
    expect(quotes[0]?.className).toContain('is-replaced');
    expect(quotes[1]?.textContent).toContain('询价单 9');
    expect(quotes[1]?.textContent).not.toContain('已被新报价替代');
    // A quote that carries the order's number and total shows them (older ones only the id).
    expect(quotes[2]?.querySelector('.mm-chat-quote-title')?.textContent).toBe('订单 SO20261120000022');
    expect(quotes[2]?.textContent).toContain('报价合计 ¥102500');
    expect(q('[data-testid="chat-red-packet"]')?.textContent).toContain('网页版暂不支持红包');
    const texts = [...h.container.querySelectorAll('.mm-chat-bubble')];
    expect(texts.map((b) => [b.textContent, b.classList.contains('is-emoji')])).toEqual([
      ['👍🤝', true],
      ['好的👍', false],
    ]);
    // A stock order's quote opens the order, where the buyer answers it.
    expect(quotes[0]?.tagName).toBe('BUTTON');
    await click(quotes[0]);
    expect(`${h.router.state.location.pathname}${h.router.state.location.search}`).toBe(`${Paths.orderDetail}?id=21`);
  });

  it("shows an inquiry quote's supplier, total and delivery; the buyer agrees in place or opens the comparison", async () => {
    const live: TQuote = {
      id: 77,
      inquiryId: 9,
      rootId: PEER,
      userId: PEER,
      status: 'live',
      supplierCompanyName: '巩义铝业有限公司',
      province: '河南省',
      city: '郑州市',
      distanceKm: null,
      items: [],
      totalFen: 251_000_000,
      taxIncluded: true,
      freightIncluded: true,
      paymentMethod: 'onDelivery',
      creditDays: null,
      deliveryDate: '2026-12-01',
      remark: '',
      createdAt: '2026-11-23T03:00:00.000Z',
    };
    serve(Calls.quoteList, ok([live]), ok([{ ...live, status: 'agreed' }]));
    serve(Calls.quoteAgree, ok([{ ...live, status: 'agreed' }]));
    await renderChat([stored(11, { inquiryId: 9, quoteId: 77 })], '');
    await until(() => q('[data-testid="chat-quote-summary"]') !== null, 'the quote');
    expect(q('[data-testid="chat-quote"]')?.textContent).toContain('巩义铝业有限公司');
    expect(q('[data-testid="chat-quote-summary"]')?.textContent).toContain('¥2510000');
    expect(q('[data-testid="chat-quote-summary"]')?.textContent).toContain('2026-12-01');
    expect(h.calls(Calls.quoteList)[0]).toMatchObject({ inquiryId: '9' });

    await click(q('[data-testid="chat-quote-agree"]'));
    const confirm = () =>
      [...document.body.querySelectorAll('.adm-dialog-button')].filter((b) => b.textContent === '同意合作').at(-1);
    await until(() => confirm() !== undefined, 'the question');
    await click(confirm());
    await until(() => h.calls(Calls.quoteAgree).length === 1, 'the agreement');
    expect(h.calls(Calls.quoteAgree)[0]).toMatchObject({ quoteId: '77' });
    await until(() => q('[data-testid="chat-quote-agree"]') === null, 'the agreed quote');
    expect(q('[data-testid="chat-quote-summary"]')?.textContent).toContain('已合作');

    await click(q('[data-testid="chat-quote-open"]'));
    expect(`${h.router.state.location.pathname}${h.router.state.location.search}`).toBe(`${Paths.inquiryDetail}?id=9`);
  });

  it('keeps both quotes of an order from history, the earlier one marked replaced', async () => {
    await renderChat([stored(10, { orderId: 21 }, { replaced: true }), stored(10, { orderId: 21 })]);
    const quotes = [...h.container.querySelectorAll('[data-testid="chat-quote"]')];
    expect(quotes.map((quote) => quote.classList.contains('is-replaced'))).toEqual([true, false]);
  });

  it('retires an earlier quote when a newer one for the same order or inquiry arrives', () => {
    const shown = (message: TChatMessage) => ({ ...message, replaced: false }) as ShownMessage;
    const list = withReplacedQuotes([
      shown(stored(10, { orderId: 21 })),
      shown(stored(11, { inquiryId: 21 })),
      shown(stored(10, { orderId: 22 })),
      shown(stored(10, { orderId: 21 })),
    ]);
    expect(list.map((m) => m.replaced)).toEqual([true, false, false, false]);
  });
});

describe('chat_page composer', () => {
  it('offers 代客选货 to a seller with lots on sale, and opens the pick page for this buyer', async () => {
    serve(Calls.info, ok(profileSummary({ companyRole: 'employee', permissions: ['orders'] })));
    serve(Calls.stockMine, ok(lotsOnSale([managedStock({ id: 5 })])));
    await renderChat([stored(1, { mesg: '在吗' })]);
    await click(q('[data-testid="chat-more-toggle"]'));
    await until(
      () => q('[data-testid="chat-more-panel"]')?.textContent?.includes('代客选货') === true,
      'the pick entry',
    );
    expect(h.calls(Calls.stockMine)[0]).toMatchObject({ status: 'sale' });
    await click(buttonWith(h.container, '代客选货'));
    expect(h.router.state.location.pathname).toBe(Paths.proxyPick);
    expect(new URLSearchParams(h.router.state.location.search).get('buyerId')).toBe(String(PEER));
  });

  it('offers no 代客选货 to a company with nothing on sale', async () => {
    serve(Calls.info, ok(profileSummary({ companyRole: 'employee', permissions: ['orders'] })));
    serve(Calls.stockMine, ok(lotsOnSale([])));
    await renderChat([stored(1, { mesg: '在吗' })]);
    await click(q('[data-testid="chat-more-toggle"]'));
    await until(() => h.calls(Calls.stockMine).length === 1, 'the lots on sale asked');
    await act(async () => {});
    expect(q('[data-testid="chat-more-panel"]')?.textContent).toContain('相册');
    expect(q('[data-testid="chat-more-panel"]')?.textContent).not.toContain('代客选货');
  });

  it('offers no 代客选货 to a colleague without the orders permission, and asks for no lots', async () => {
    serve(Calls.info, ok(profileSummary({ companyRole: 'employee', permissions: ['quote'] })));
    serve(Calls.stockMine, ok(lotsOnSale([managedStock({ id: 5 })])));
    await renderChat([stored(1, { mesg: '在吗' })]);
    await until(() => h.calls(Calls.info).length === 1, 'the profile');
    await act(async () => {});
    await click(q('[data-testid="chat-more-toggle"]'));
    await act(async () => {});
    expect(q('[data-testid="chat-more-panel"]')?.textContent).not.toContain('代客选货');
    expect(h.calls(Calls.stockMine)).toHaveLength(0);
  });

  it('sends image emoticons at once and puts Unicode emoji into the text', async () => {
    await renderChat([stored(1, { mesg: '在吗' })]);
    await click(q('[data-testid="chat-emoji-toggle"]'));
    const emoticons = [...h.container.querySelectorAll('[data-testid="chat-emoticon-choice"]')];
    expect(emoticons).toHaveLength(16);
    await click(emoticons[0]);
    expect(fake.sent.at(-1)).toEqual({
      receiveUserId: PEER,
      type: 2,
      content: { imgUrl: '/emoticons/smile.svg', emoticon: true },
    });
    await until(() => q('[data-testid="chat-emoticon"]') !== null, 'the emoticon shown');

    await typeInto(q('textarea'), '好的');
    await click(buttonWith(h.container, '👍'));
    expect((q('textarea') as HTMLTextAreaElement).value).toBe('好的👍');
    await click(buttonWith(h.container, '发送'));
    expect(fake.sent.at(-1)).toEqual({ receiveUserId: PEER, type: 1, content: { mesg: '好的👍' } });
  });

  it('uploads a picked photo and file, then sends them with what the upload answered', async () => {
    vi.mocked(uploadFiles).mockImplementation(async (_files, options) =>
      options.kind === 'image'
        ? [
            {
              id: 1,
              url: '/files/images/7/p.jpg',
              thumbUrl: '/files/images/7/p.thumb.jpg',
              width: 40,
              height: 30,
              name: 'p.jpg',
              size: 900,
              type: 'image/jpeg',
            },
          ]
        : [
            {
              id: 2,
              url: '/files/chat-files/7/q.bin',
              name: '报价.xlsx',
              size: 2048,
              type: 'application/octet-stream',
            },
          ],
    );
    await renderChat([stored(1, { mesg: '在吗' })]);
    await click(q('[data-testid="chat-more-toggle"]'));
    expect(q('[data-testid="chat-more-panel"]')?.textContent).toContain('相册');

    const album = q('[data-testid="chat-album-input"]') as HTMLInputElement;
    expect(album.accept).toBe('image/*');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'p.jpg', { type: 'image/jpeg' });
    Object.defineProperty(album, 'files', { value: [photo], configurable: true });
    await act(async () => {
      album.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await until(() => fake.sent.length === 1, 'the photo sent');
    expect(vi.mocked(uploadFiles).mock.calls[0]?.[1]).toMatchObject({ kind: 'image' });
    expect(fake.sent[0]).toEqual({
      receiveUserId: PEER,
      type: 2,
      content: { imgUrl: '/files/images/7/p.jpg', thumbUrl: '/files/images/7/p.thumb.jpg', width: 40, height: 30 },
    });

    const fileInput = q('[data-testid="chat-file-input"]') as HTMLInputElement;
    const sheet = new File(['x'.repeat(2048)], '报价.xlsx');
    Object.defineProperty(fileInput, 'files', { value: [sheet], configurable: true });
    await act(async () => {
      fileInput.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await until(() => fake.sent.length === 2, 'the file sent');
    expect(vi.mocked(uploadFiles).mock.calls[1]?.[1]).toMatchObject({ kind: 'chatFile' });
    expect(fake.sent[1]).toEqual({
      receiveUserId: PEER,
      type: 3,
      content: { urlPath: '/files/chat-files/7/q.bin', name: '报价.xlsx', size: 2048 },
    });
    await until(() => q('[data-testid="chat-file"]')?.textContent?.includes('2.0 KB') ?? false, 'the file bubble');
  });

  it('sends nothing when an upload fails (the upload has said why)', async () => {
    vi.mocked(uploadFiles).mockRejectedValue(new Error('too large'));
    await renderChat([stored(1, { mesg: '在吗' })]);
    await click(q('[data-testid="chat-more-toggle"]'));
    const album = q('[data-testid="chat-album-input"]') as HTMLInputElement;
    Object.defineProperty(album, 'files', { value: [new File(['x'], 'p.jpg')], configurable: true });
    await act(async () => {
      album.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await until(() => vi.mocked(uploadFiles).mock.calls.length === 1, 'the upload');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(fake.sent).toEqual([]);
  });

  it('picks a location on choose_location and sends it when back', async () => {
    await renderChat([stored(1, { mesg: '在吗' })]);
    await click(q('[data-testid="chat-more-toggle"]'));
    await click(buttonWith(h.container, '位置'));
    expect(h.router.state.location.pathname).toBe(Paths.chooseLocation);
    expect(new URLSearchParams(h.router.state.location.search).get('key')).toBe(`chat-${PEER}`);

    putChosenLocation(`chat-${PEER}`, {
      name: '大沥铝材市场',
      address: '广东省佛山市南海区大沥镇',
      phone: '',
      poiType: '101',
      lonlat: '113.14,23.05',
      hotPointID: '',
      distance: '',
      lng: 113.14,
      lat: 23.05,
      distanceM: null,
      province: '广东省',
      city: '佛山市',
      district: '南海区',
    } as never);
    await act(async () => h.router.navigate(-1));
    await until(() => fake.sent.length === 1, 'the location sent');
    expect(fake.sent[0]).toEqual({
      receiveUserId: PEER,
      type: 5,
      content: { address: '广东省佛山市南海区大沥镇', lat: 23.05, lgt: 113.14, name: '大沥铝材市场' },
    });
  });
});

describe('chat_page hold-to-talk', () => {
  const holdButton = async () => {
    await renderChat([stored(1, { mesg: '在吗' })]);
    await click(q('[data-testid="chat-voice-mode"]'));
    const hold = q('[data-testid="chat-hold-to-talk"]') as HTMLElement;
    expect(hold.textContent).toBe('按住 说话');
    return hold;
  };
  const pointer = (type: string, clientY = 500) =>
    new PointerEvent(type, { bubbles: true, cancelable: true, clientY, pointerId: 1 });

  it('says when the browser cannot record', async () => {
    vi.stubGlobal('MediaRecorder', undefined);
    const hold = await holdButton();
    await act(async () => {
      hold.dispatchEvent(pointer('pointerdown'));
    });
    expect(showFail).toHaveBeenCalledWith('当前浏览器不支持录音，请换用最新版 Chrome、Safari 或微信');
  });

  it('says when the microphone permission is denied', async () => {
    vi.stubGlobal('MediaRecorder', class {});
    const denied = Object.assign(new Error('denied'), { name: 'NotAllowedError' });
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn().mockRejectedValue(denied) } });
    const hold = await holdButton();
    await act(async () => {
      hold.dispatchEvent(pointer('pointerdown'));
    });
    await until(() => vi.mocked(showFail).mock.calls.length > 0, 'the message');
    expect(showFail).toHaveBeenCalledWith('无法使用麦克风，请在浏览器设置中允许本网站使用麦克风');
  });

  /** A MediaRecorder that hands over one chunk when stopped. */
  class FakeRecorder {
    static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
    state = 'inactive';
    mimeType: string;
    ondataavailable?: (event: { data: Blob }) => void;
    onstop?: () => void;
    onerror?: () => void;
    constructor(_stream: unknown, options?: { mimeType?: string }) {
      this.mimeType = options?.mimeType ?? '';
    }
    start() {
      this.state = 'recording';
    }
    stop() {
      this.state = 'inactive';
      this.ondataavailable?.({ data: new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], { type: this.mimeType }) });
      this.onstop?.();
    }
  }
  const stopTrack = vi.fn();
  const withMicrophone = () => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn().mockResolvedValue({ getTracks: () => [{ stop: stopTrack }] }) },
    });
  };

  it('records while held and sends the recording with its length when released', async () => {
    withMicrophone();
    vi.mocked(uploadFiles).mockResolvedValue([
      { id: 3, url: '/files/voices/7/v.webm', name: 'voice', size: 4, type: 'audio/webm' },
    ]);
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const hold = await holdButton();
    await act(async () => {
      hold.dispatchEvent(pointer('pointerdown'));
    });
    await until(() => (q('[role="status"]')?.textContent ?? '').includes('手指上滑，取消发送'), 'recording');
    expect(hold.textContent).toBe('松开 发送');
    now += 4_200;
    await act(async () => {
      hold.dispatchEvent(pointer('pointerup'));
    });
    await until(() => fake.sent.length === 1, 'the voice message');
    const [blobs, options] = vi.mocked(uploadFiles).mock.calls[0]!;
    expect(options).toMatchObject({ kind: 'voice' });
    expect(blobs[0]).toMatchObject({ type: 'audio/webm', name: 'voice.webm' });
    expect(fake.sent[0]).toEqual({
      receiveUserId: PEER,
      type: 4,
      content: { filePath: '/files/voices/7/v.webm', duration: 4 },
    });
    expect(stopTrack).toHaveBeenCalled();
  });

  it('drops a recording released after sliding up, and one too short to send', async () => {
    withMicrophone();
    let now = 2_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const hold = await holdButton();
    await act(async () => {
      hold.dispatchEvent(pointer('pointerdown', 500));
    });
    await until(() => q('.mm-chat-recording') !== null, 'recording');
    now += 3_000;
    await act(async () => {
      hold.dispatchEvent(pointer('pointermove', 400));
    });
    expect(q('.mm-chat-recording')?.textContent).toContain('松开手指，取消发送');
    await act(async () => {
      hold.dispatchEvent(pointer('pointerup', 400));
    });
    expect(q('.mm-chat-recording')).toBeNull();

    await act(async () => {
      hold.dispatchEvent(pointer('pointerdown', 500));
    });
    await until(() => q('.mm-chat-recording') !== null, 'recording again');
    now += 300;
    await act(async () => {
      hold.dispatchEvent(pointer('pointerup', 500));
    });
    expect(showFail).toHaveBeenCalledWith('说话时间太短');
    expect(uploadFiles).not.toHaveBeenCalled();
    expect(fake.sent).toEqual([]);
  });
});

describe('chat_page?proType&proId: sharing a listing', () => {
  const listing = stockDetail({
    id: 5,
    sortName: '铝锭',
    specifications: '99.70%',
    brand: '',
    city: '佛山市',
    price: { ...stockDetail().price, unitPriceFen: 2_050_000 },
    images: [{ url: '/files/images/42/s.jpg', thumbUrl: '/files/images/42/s.thumb.jpg' }],
  });

  it('offers the listing the user came from, and sends it as a product link', async () => {
    serve(Calls.stockDetail, ok(listing));
    await renderChat([stored(1, { mesg: '在吗' })], '&proType=1&proId=5');
    await until(() => q('[data-testid="chat-share"]')?.textContent?.includes('A00铝锭') ?? false, 'the card');
    expect(q('[data-testid="chat-share"]')?.textContent).toContain('¥20500/吨');
    await click(q('[data-testid="chat-share-send"]'));
    expect(fake.sent).toEqual([
      {
        receiveUserId: PEER,
        type: 7,
        content: {
          proType: 1,
          proId: 5,
          sendOrShare: 1,
          proCard: {
            sortId: listing.sortId,
            sortName: { 'zh-CN': '铝锭', 'en-US': '' },
            productName: 'A00铝锭',
            details: ['99.70%', ''],
            agentKind: null,
            quantityKg: null,
            priceFen: 2_050_000,
            city: '佛山市',
            picture: '/files/images/42/s.thumb.jpg',
            companyName: '佛山南海铝材有限公司',
          },
        },
      },
    ]);
    expect(q('[data-testid="chat-share"]')).toBeNull();
    // The offer leaves the address too, so going back or reloading does not bring it again.
    expect(h.router.state.location.search).toBe(`?userId=${PEER}`);
    await until(
      () => q('[data-testid="chat-product"]')?.textContent?.includes('铝锭 · 99.70% · 佛山市') ?? false,
      'sent',
    );
  });

  it('keeps one "send" in the composer: the offer sends with its own "send link"', async () => {
    serve(Calls.stockDetail, ok(listing));
    await renderChat([stored(1, { mesg: '在吗' })], '&proType=1&proId=5');
    await until(() => q('[data-testid="chat-share"]')?.textContent?.includes('A00铝锭') ?? false, 'the card');
    await typeInto(q('.mm-chat-input textarea')!, '这批货还有吗');
    const buttons = [...h.container.querySelectorAll('button')].map((b) => b.textContent?.trim());
    expect(buttons.filter((label) => label === '发送')).toHaveLength(1);
    expect(q('[data-testid="chat-share-send"]')?.textContent).toBe('发送链接');
  });

  it('offers nothing for a listing already sent in this conversation', async () => {
    serve(Calls.stockDetail, ok(listing));
    await renderChat(
      [stored(7, { proType: 1, proId: 5, proInfo: { title: 'A00铝锭' } }, { sendUserId: ME, receiveUserId: PEER })],
      '&proType=1&proId=5',
    );
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(q('[data-testid="chat-share"]')).toBeNull();
  });

  it('can be closed without sending for good, and offers nothing in a plain chat', async () => {
    serve(Calls.stockDetail, ok(listing));
    await renderChat([stored(1, { mesg: '在吗' })], '&proType=1&proId=5');
    await until(() => q('[data-testid="chat-share"]') !== null, 'the card');
    await click(buttonWith(h.container, '关闭'));
    expect(q('[data-testid="chat-share"]')).toBeNull();
    expect(h.router.state.location.search).toBe(`?userId=${PEER}`);
    expect(fake.sent).toEqual([]);
    await h.cleanup();

    h.install();
    await renderChat([stored(1, { mesg: '在吗' })]);
    expect(q('[data-testid="chat-share"]')).toBeNull();
    expect(h.fetchMock.mock.calls.some(([url]) => String(url).includes('detail'))).toBe(false);
  });

  it("offers an inquiry the user may read, with its quantity in the user's language", async () => {
    setLanguage('en-US');
    serve(Calls.inquiryDetail, ok(inquiryDetail({ sortName: 'A00 aluminium' })));
    await renderChat([stored(1, { mesg: 'hi' })], '&proType=2&proId=31');
    await until(() => q('[data-testid="chat-share"]')?.textContent?.includes('A00铝锭') ?? false, 'the card');
    expect(q('[data-testid="chat-share"]')?.textContent).toContain('A00 aluminium · AL99.70 · 100 t · 佛山市');
    await click(q('[data-testid="chat-share-send"]'));
    expect(fake.sent[0]?.content).toMatchObject({ proType: 2, proId: 31, proCard: { quantityKg: 100_000 } });
  });

  it('offers an open agent request as a product link with its words, and nothing for one still in review', async () => {
    const request = agentBuy({
      id: 7,
      text: '求购A00铝锭50吨',
      sortName: 'A00铝',
      photos: [{ url: '/files/images/1/a.png', thumbUrl: '/files/images/1/a.thumb.png' }],
    });
    serve(Calls.agentBuyDetail, ok(request));
    await renderChat([stored(1, { mesg: '在吗' })], '&proType=3&proId=7');
    await until(() => q('[data-testid="chat-share"]')?.textContent?.includes('求购A00铝锭50吨') ?? false, 'the card');
    expect(q('[data-testid="chat-share"]')?.textContent).toContain('A00铝 · 帮我买');
    await click(q('[data-testid="chat-share-send"]'));
    expect(fake.sent[0]?.content).toMatchObject({
      proType: 3,
      proId: 7,
      proCard: { productName: '求购A00铝锭50吨', agentKind: 'buy', picture: '/files/images/1/a.thumb.png' },
    });
    await h.cleanup();

    h.install();
    serve(Calls.agentBuyDetail, ok({ ...request, status: 'review' }));
    await renderChat([stored(1, { mesg: '在吗' })], '&proType=3&proId=7');
    await until(() => h.calls(Calls.agentBuyDetail).length > 0, 'the request');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(q('[data-testid="chat-share"]')).toBeNull();
  });

  it('offers nothing the server would refuse: a shop not open, another company’s stock in review', async () => {
    serve(Calls.shopDetail, ok(shopDetail({ marks: { ...shopDetail().marks, shopOpen: false } })));
    await renderChat([stored(1, { mesg: '在吗' })], '&proType=5&proId=42');
    await until(() => h.calls(Calls.shopDetail).length > 0, 'the shop');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(q('[data-testid="chat-share"]')).toBeNull();
    await h.cleanup();

    h.install();
    serve(Calls.stockDetail, ok({ ...listing, status: 'review' }));
    await renderChat([stored(1, { mesg: '在吗' })], '&proType=1&proId=5');
    await until(() => h.calls(Calls.stockDetail).length > 0, 'the stock');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(q('[data-testid="chat-share"]')).toBeNull();
  });
});

describe('chat_page time lines (WeChat rules)', () => {
  /** Friday 2026-11-20 10:00 in Shanghai. */
  const NOW = Date.parse('2026-11-20T02:00:00Z');
  const at = (iso: string) => Date.parse(iso) / 1000;
  const history = () => [
    stored(1, { mesg: '上周的' }, { sendDate: at('2026-11-10T06:05:00Z') }),
    stored(1, { mesg: '星期二' }, { sendDate: at('2026-11-17T06:05:00Z') }),
    stored(1, { mesg: '昨天的' }, { sendDate: at('2026-11-19T06:05:00Z') }),
    // Four minutes on: no new line.
    stored(1, { mesg: '昨天接着说' }, { sendDate: at('2026-11-19T06:09:00Z') }),
    stored(1, { mesg: '今天的' }, { sendDate: at('2026-11-20T01:40:00Z') }),
    // Exactly five minutes on: a new line.
    stored(1, { mesg: '五分钟后' }, { sendDate: at('2026-11-20T01:45:00Z') }),
  ];
  const lines = () => [...h.container.querySelectorAll('[data-testid="chat-time"]')].map((line) => line.textContent);

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('puts a time line before the first message and after every pause of five minutes, worded by age', async () => {
    await renderChat(history());
    expect(lines()).toEqual(['11月10日 14:05', '星期二 14:05', '昨天 14:05', '09:40', '09:45']);
    // Each line sits right before the message it dates.
    const yesterday = [...h.container.querySelectorAll('[data-testid="chat-message"]')][2];
    expect(yesterday?.previousElementSibling?.textContent).toBe('昨天 14:05');
  });

  it('words them in English', async () => {
    setLanguage('en-US');
    await renderChat(history());
    expect(lines()).toEqual(['Nov 10 14:05', 'Tue 14:05', 'Yesterday 14:05', '09:40', '09:45']);
  });
});

describe('chat_page time lines across midnight (Asia/Shanghai, whatever zone the machine is in)', () => {
  // Every moment is written in UTC: Shanghai's midnight is 16:00 UTC the day before, and UTC's midnight
  // is 08:00 in Shanghai, where no day turns.
  const at = (iso: string) => Date.parse(iso) / 1000;
  const said = (mesg: string, iso: string) => stored(1, { mesg }, { sendDate: at(iso) });
  const lines = () => [...h.container.querySelectorAll('[data-testid="chat-time"]')].map((line) => line.textContent);
  const cases: { clock: string; why: string; history: () => TChatMessage[]; zh: string[]; en: string[] }[] = [
    {
      clock: '2026-11-20T02:00:00Z',
      why: 'Friday 10:00: three minutes over each midnight still start a line naming the new day',
      history: () => [
        said('星期三深夜', '2026-11-18T15:58:00Z'),
        said('星期四零点后', '2026-11-18T16:01:00Z'),
        said('星期四深夜', '2026-11-19T15:57:00Z'),
        said('今天零点', '2026-11-19T16:00:00Z'),
        said('三分钟后', '2026-11-19T16:03:00Z'),
        // 07:58 and 08:01 in Shanghai straddle UTC's midnight, not Shanghai's: one line.
        said('早上', '2026-11-19T23:58:00Z'),
        said('UTC零点后', '2026-11-20T00:01:00Z'),
      ],
      zh: ['星期三 23:58', '昨天 00:01', '昨天 23:57', '00:00', '07:58'],
      en: ['Wed 23:58', 'Yesterday 00:01', 'Yesterday 23:57', '00:00', '07:58'],
    },
    {
      clock: '2026-11-19T16:02:00Z',
      why: 'two minutes into Friday in Shanghai, still Thursday in UTC: 23:58 is yesterday already',
      history: () => [said('睡了吗', '2026-11-19T15:58:00Z'), said('还没', '2026-11-19T16:01:00Z')],
      zh: ['昨天 23:58', '00:01'],
      en: ['Yesterday 23:58', '00:01'],
    },
    {
      clock: '2027-01-10T04:00:00Z',
      why: 'over New Year, seen days later: each side of midnight with its date, the old year with its year',
      history: () => [said('新年快乐', '2026-12-31T15:59:00Z'), said('同乐', '2026-12-31T16:02:00Z')],
      zh: ['2026年12月31日 23:59', '1月1日 00:02'],
      en: ['Dec 31, 2026 23:59', 'Jan 1 00:02'],
    },
  ];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(cases)('$clock: $why', async ({ clock, history, zh, en }) => {
    vi.setSystemTime(Date.parse(clock));
    await renderChat(history());
    expect(lines()).toEqual(zh);
    await h.cleanup();

    h.install();
    setLanguage('en-US');
    await renderChat(history());
    expect(lines()).toEqual(en);
  });

  it('starts a dated line for a message sent just past midnight, and words the earlier ones anew', async () => {
    vi.setSystemTime(Date.parse('2026-11-19T15:58:30Z'));
    await renderChat([said('还在吗', '2026-11-19T15:58:00Z')]);
    expect(lines()).toEqual(['23:58']);
    // Three minutes on, past Shanghai's midnight: Friday 00:01.
    vi.setSystemTime(Date.parse('2026-11-19T16:01:00Z'));
    await typeInto(q('textarea'), '在的');
    await click(buttonWith(h.container, '发送'));
    await until(() => lines().length === 2, 'the new line');
    expect(lines()).toEqual(['昨天 23:58', '00:01']);
    const sent = [...h.container.querySelectorAll('[data-testid="chat-message"]')].at(-1);
    expect(sent?.previousElementSibling?.textContent).toBe('00:01');
  });

  it('words the lines anew at midnight on an open conversation, with no message to redraw it', async () => {
    setLanguage('en-US');
    // 23:59:59.7 in Shanghai: the day turns in 300 ms.
    vi.setSystemTime(Date.parse('2026-11-19T15:59:59.700Z'));
    await renderChat([said('still there?', '2026-11-19T15:58:00Z')]);
    expect(lines()).toEqual(['23:58']);
    vi.setSystemTime(Date.parse('2026-11-19T16:00:01Z'));
    await until(() => lines()[0] === 'Yesterday 23:58', 'the line reworded at midnight');
  });
});

describe('chat_page composer: a draft box that grows', () => {
  /** happy-dom lays nothing out: each line of the draft is taken to be 20 px of content plus 16 px padding. */
  beforeEach(() => {
    vi.spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
      this: HTMLTextAreaElement,
    ) {
      return this.value.split('\n').length * 20 + 16;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('grows with each line up to five, then scrolls inside', async () => {
    await renderChat([stored(1, { mesg: '在吗' })]);
    const box = q('.mm-chat-input textarea') as HTMLTextAreaElement;
    // chat.css's box, which happy-dom does not load: 20 px lines, 8 px padding, 1 px border, border-box.
    Object.assign(box.style, { boxSizing: 'border-box', lineHeight: '20px', padding: '8px 10px', border: '1px solid' });
    await typeInto(box, '第一行\n第二行');
    expect(box.style.height).toBe('58px');
    expect(box.style.overflowY).toBe('hidden');
    await typeInto(box, ['1', '2', '3', '4', '5', '6', '7'].join('\n'));
    expect(box.style.height).toBe(`${5 * 20 + 16 + 2}px`);
    expect(box.style.overflowY).toBe('auto');
    await typeInto(box, '');
    expect(box.style.height).toBe('38px');
    expect(box.style.overflowY).toBe('hidden');
  });
});
