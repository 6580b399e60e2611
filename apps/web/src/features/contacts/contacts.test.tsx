// @vitest-environment happy-dom
import { Calls, CodeFlag, type TContact, type TContactGroup, type TFriendRequest, type TUserCard } from '@metal/shared';
import jsQR from 'jsqr';
import { act } from 'preact/test-utils';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { buttonWith, click, createPageHarness, fail, feedbackMock, ok, typeInto, until } from '../../test/pageHarness';
import UserInfoPage from '../shops/pages/UserInfoPage';
import { chooseFriendPath, useChosenFriends } from './chosen';
import AddFriendPage from './pages/AddFriendPage';
import ChooseFriendPage from './pages/ChooseFriendPage';
import EditGroupPage from './pages/EditGroupPage';
import LinkPage from './pages/LinkPage';
import MyGroupPage from './pages/MyGroupPage';
import TradeFriendPage from './pages/TradeFriendPage';
import { addFriendLink, addFriendTarget, qrPath } from './qr';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const ME = 7;
const h = createPageHarness();
const { serve, calls } = h;
const Stub = () => <p>elsewhere</p>;
const text = () => h.container.textContent ?? '';
const bodyText = () => document.body.textContent ?? '';

const contact = (userId: number, nickName: string, overrides: Partial<TContact> = {}): TContact => ({
  userId,
  account: '139****0000',
  headImg: '',
  customImg: '',
  nickName,
  signature: '',
  enabled: true,
  selected: false,
  remark: '',
  companyName: '佛山南海铝材有限公司',
  letter: 'Z',
  since: 1_763_600_000,
  ...overrides,
});
const page = (list: TContact[], hasMore = false) => ok({ list, page: 1, hasMore, total: list.length });
const FRIENDS = [
  contact(12, '王经理', { remark: '阿王', letter: 'A' }),
  contact(15, 'bob', { letter: 'B' }),
  contact(18, '张三', { letter: 'Z' }),
];

const request = (id: number, from: number, nickName: string, status: TFriendRequest['status']): TFriendRequest => ({
  id,
  from: { userId: from, nickName, headImg: '', companyName: '', account: '139****1234' },
  message: `我是${nickName}`,
  status,
  createdAt: 1_763_600_000,
});
const requestPage = (list: TFriendRequest[], newCount: number) => ok({ list, page: 1, hasMore: false, newCount });

const card = (overrides: Partial<TUserCard> = {}): TUserCard => ({
  userId: 30,
  head: '',
  signature: '',
  rootId: 30,
  nickName: '李总',
  companyName: '佛山铝业',
  isFriend: false,
  remark: '',
  openShop: false,
  account: 'li***8',
  marketList: [],
  realName: false,
  isDemo: false,
  ...overrides,
});

async function pressEnter(input: Element | null) {
  await act(async () => {
    input?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true }));
  });
}

const dialogButton = (label: string) =>
  [...document.body.querySelectorAll('.adm-dialog-button')].find((b) => b.textContent?.trim() === label);

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  localStorage.clear();
  setSession({ account: 'buyer88', rootId: ME, userId: ME, sessionId: 's', lastLoginDate: '2026-11-20' });
});
afterEach(async () => {
  await h.cleanup();
  clearSession();
});

describe('link_page', () => {
  const render = () =>
    h.render(
      {
        [Paths.linkPage]: LinkPage,
        [Paths.userInfo]: Stub,
        [Paths.chatPage]: Stub,
        [Paths.addFriend]: Stub,
        [Paths.login]: Stub,
      },
      Paths.linkPage,
    );

  it('shows waiting requests on a badge and friends A–Z under letters, and switches to most recent', async () => {
    serve(Calls.friendRequests, requestPage([request(1, 30, '李总', 'pending')], 3));
    serve(Calls.friends, page(FRIENDS), page([FRIENDS[2]!, FRIENDS[0]!]));
    await render();
    await until(() => h.container.querySelectorAll('[data-testid="contact"]').length === 3, 'the friends');
    expect([...h.container.querySelectorAll('.mm-contact-letter')].map((l) => l.textContent)).toEqual(['A', 'B', 'Z']);
    expect(h.container.querySelector('[data-testid="contact"]')?.textContent).toContain('阿王');
    expect(h.container.querySelector('.mm-contacts-count')?.textContent).toBe('3');
    expect(calls(Calls.friends)[0]).toMatchObject({ order: 'letter', page: '1' });

    await click(
      [...h.container.querySelectorAll('.adm-capsule-tabs-tab')].find((tab) => tab.textContent === '最近添加'),
    );
    await until(() => calls(Calls.friends).length === 2, 'the recent order');
    expect(calls(Calls.friends)[1]).toMatchObject({ order: 'recent' });
    await until(() => h.container.querySelectorAll('.mm-contact-letter').length === 0, 'no letters');
  });

  it('opens a friend’s card, or the chat with them', async () => {
    serve(Calls.friendRequests, requestPage([], 0));
    serve(Calls.friends, page(FRIENDS));
    await render();
    await until(() => h.container.querySelectorAll('[data-testid="contact"]').length === 3, 'the friends');
    await click(h.container.querySelector('.mm-contact-open'));
    expect(h.router.state.location.pathname).toBe(Paths.userInfo);
    expect(h.router.state.location.search).toBe('?userId=12');
    await act(async () => void (await h.router.navigate(-1)));
    await until(() => h.container.querySelectorAll('[data-testid="contact"]').length === 3, 'the friends again');
    await click(buttonWith(h.container, '与bob聊天'));
    expect(h.router.state.location.pathname).toBe(Paths.chatPage);
    expect(h.router.state.location.search).toBe('?userId=15');
  });

  it('shows the empty state with a way to add friends, and sends a visitor to login', async () => {
    serve(Calls.friendRequests, requestPage([], 0));
    serve(Calls.friends, page([]));
    await render();
    await until(() => text().includes('还没有好友'), 'the empty state');
    expect(h.container.querySelector('.mm-contacts-count')).toBeNull();
    await click(buttonWith(h.container, '添加好友') ?? null);
    expect(h.router.state.location.pathname).toBe(Paths.addFriend);
    await h.cleanup();

    clearSession();
    h.install();
    await render();
    expect(h.router.state.location.pathname).toBe(Paths.login);
    expect(calls(Calls.friends)).toHaveLength(0);
  });
});

describe('trade_friend', () => {
  const render = () => h.render({ [Paths.tradeFriend]: TradeFriendPage, [Paths.userInfo]: Stub }, Paths.tradeFriend);

  it('searches by keyword and says when nothing matches', async () => {
    serve(Calls.friends, page(FRIENDS), page([]));
    await render();
    await until(() => h.container.querySelectorAll('[data-testid="contact"]').length === 3, 'the friends');
    const input = h.container.querySelector('.adm-search-bar input');
    await typeInto(input, '铜');
    await pressEnter(input);
    await until(() => text().includes('没有找到与“铜”相关的好友'), 'no match');
    expect(calls(Calls.friends)[1]).toMatchObject({ keyword: '铜' });
  });

  it('deletes a friend only after confirmation, and sets a remark', async () => {
    serve(Calls.friends, page(FRIENDS), page(FRIENDS.slice(1)));
    serve(Calls.deleteFriend, ok(null));
    serve(Calls.setRemark, ok(null));
    await render();
    await until(() => h.container.querySelectorAll('[data-testid="contact"]').length === 3, 'the friends');
    const deleteButtons = () => [...h.container.querySelectorAll('.adm-swipe-action-actions-right button')];
    await click(deleteButtons().find((b) => b.textContent?.trim() === '删除'));
    await until(() => bodyText().includes('确定删除好友“阿王”吗'), 'the confirmation');
    await click(dialogButton('取消'));
    await until(() => document.body.querySelector('.adm-dialog') === null, 'the confirmation gone');
    expect(calls(Calls.deleteFriend)).toHaveLength(0);

    await click(deleteButtons().find((b) => b.textContent?.trim() === '删除'));
    await until(() => dialogButton('删除') !== undefined, 'the confirmation again');
    await click(dialogButton('删除'));
    await until(() => calls(Calls.deleteFriend).length === 1, 'the delete');
    expect(calls(Calls.deleteFriend)[0]).toMatchObject({ userId: '12' });
    await until(() => h.container.querySelectorAll('[data-testid="contact"]').length === 2, 'the shorter list');

    await click(deleteButtons().find((b) => b.textContent?.trim() === '备注'));
    await until(() => document.body.querySelector('.mm-name-sheet input') !== null, 'the remark sheet');
    await typeInto(document.body.querySelector('.mm-name-sheet input'), '鲍勃');
    await click(document.body.querySelector('[data-testid="remark-save"]'));
    await until(() => calls(Calls.setRemark).length === 1, 'the remark');
    expect(calls(Calls.setRemark)[0]).toMatchObject({ userId: '15', remark: '鲍勃' });
  });
});

describe('add_friend', () => {
  const render = (path: string) =>
    h.render({ [Paths.addFriend]: AddFriendPage, [Paths.chatPage]: Stub, [Paths.userInfo]: Stub }, path);

  it('finds the user a scanned or typed account names and sends a request with a message and remark', async () => {
    serve(Calls.findUser, ok(card()));
    serve(Calls.friendRequests, requestPage([], 0));
    serve(Calls.friendRequest, ok({ status: 'pending' }));
    await render(`${Paths.addFriend}?keyword=li88`);
    await until(() => text().includes('李总'), 'the found user');
    expect(calls(Calls.findUser)[0]).toMatchObject({ keyword: 'li88' });
    await typeInto(h.container.querySelector('#request-message'), '我是做铝锭的');
    await typeInto(h.container.querySelector('#request-remark'), '佛山李总');
    await click(h.container.querySelector('[data-testid="send-request"]'));
    await until(() => calls(Calls.friendRequest).length === 1, 'the request');
    expect(calls(Calls.friendRequest)[0]).toMatchObject({
      userId: '30',
      message: '我是做铝锭的',
      remark: '佛山李总',
    });
    await until(() => text().includes('好友申请已发送，等待对方验证'), 'the sent note');
    expect(h.container.querySelector('[data-testid="send-request"]')).toBeNull();
  });

  it('offers a chat with a friend, and says when no one was found', async () => {
    serve(Calls.findUser, ok(card({ isFriend: true, remark: '老李' })), fail(CodeFlag.notFound, '没有找到该用户'));
    serve(Calls.friendRequests, requestPage([], 0));
    await render(`${Paths.addFriend}?keyword=li88`);
    await until(() => text().includes('你们已经是好友'), 'the friend');
    expect(text()).toContain('老李');
    const input = h.container.querySelector('.adm-search-bar input');
    await typeInto(input, '13900000000');
    await pressEnter(input);
    await until(() => text().includes('请核对手机号或账号是否完整正确'), 'not found');
    expect(feedbackMock.showFail).not.toHaveBeenCalled();
    expect(h.router.state.location.search).toBe('?keyword=13900000000');
  });

  it('lists received requests and accepts or refuses one', async () => {
    serve(
      Calls.friendRequests,
      requestPage(
        [request(3, 30, '李总', 'pending'), request(2, 31, '陈', 'pending'), request(1, 32, '周', 'refused')],
        2,
      ),
      requestPage(
        [request(3, 30, '李总', 'accepted'), request(2, 31, '陈', 'pending'), request(1, 32, '周', 'refused')],
        1,
      ),
    );
    serve(Calls.answerRequest, ok(null));
    await render(Paths.addFriend);
    await until(() => h.container.querySelectorAll('[data-testid="friend-request"]').length === 3, 'the requests');
    const rows = () => [...h.container.querySelectorAll('[data-testid="friend-request"]')];
    expect(rows()[2]?.textContent).toContain('已拒绝');
    await click(buttonWith(rows()[0]!, '接受'));
    await until(() => calls(Calls.answerRequest).length === 1, 'the answer');
    expect(calls(Calls.answerRequest)[0]).toMatchObject({ id: '3', accept: '1' });
    await until(() => rows()[0]?.textContent?.includes('已添加') === true, 'the accepted row');
    await click(buttonWith(rows()[1]!, '拒绝'));
    await until(() => calls(Calls.answerRequest).length === 2, 'the refusal');
    expect(calls(Calls.answerRequest)[1]).toMatchObject({ id: '2', accept: '0' });
  });
});

describe('user_info_page', () => {
  const render = (userId: number) =>
    h.render(
      { [Paths.userInfo]: UserInfoPage, [Paths.addFriend]: AddFriendPage, [Paths.chatPage]: Stub },
      `${Paths.userInfo}?userId=${userId}`,
    );

  it('offers to add a stranger, opening add_friend with them already found', async () => {
    serve(Calls.userCard, ok(card()));
    serve(Calls.friendRequests, requestPage([], 0));
    await render(30);
    await until(() => buttonWith(h.container, '添加好友') !== undefined, 'the add button');
    await click(buttonWith(h.container, '添加好友'));
    expect(h.router.state.location.pathname).toBe(Paths.addFriend);
    expect(h.router.state.location.search).toBe('?userId=30');
    await until(() => h.container.querySelector('[data-testid="send-request"]') !== null, 'the request form');
    expect(text()).toContain('李总');
  });

  it('shows my remark for a friend and a chat, and nothing on my own card', async () => {
    serve(Calls.userCard, ok(card({ isFriend: true, remark: '老李' })));
    await render(30);
    await until(() => text().includes('备注：老李'), 'the remark');
    await click(buttonWith(h.container, '发消息'));
    expect(h.router.state.location.pathname).toBe(Paths.chatPage);
    await h.cleanup();

    h.install();
    serve(Calls.userCard, ok(card({ userId: ME })));
    await render(ME);
    await until(() => text().includes('李总'), 'my card');
    expect(h.container.querySelector('[data-testid="friend-card-actions"]')).toBeNull();
  });
});

describe('choose_friend', () => {
  /** A page that opens choose_friend and shows what came back. */
  function Opener() {
    const [chosen, setChosen] = useState<number[]>([]);
    useChosenFriends('share', setChosen);
    return <p data-testid="chosen">{chosen.join(',')}</p>;
  }

  it('needs at least one contact, then hands the chosen userIds back to the page that opened it', async () => {
    serve(Calls.friends, page([...FRIENDS, contact(20, '停用', { enabled: false, letter: 'T' })]));
    // Opened directly (as in a memory router), choose_friend goes back to the root page: the opener here.
    await h.render({ [Paths.root]: Opener, [Paths.chooseFriend]: ChooseFriendPage }, Paths.root);
    await act(async () => void (await h.router.navigate(chooseFriendPath('share', [18]))));
    await until(() => h.container.querySelectorAll('[data-testid="contact"]').length === 4, 'the friends');
    expect(text()).toContain('已选1人');

    const checkbox = (n: number) => h.container.querySelectorAll('[data-testid="contact"] input[type="checkbox"]')[n];
    expect((checkbox(3) as HTMLInputElement).disabled).toBe(true);
    await click(checkbox(2));
    expect(text()).toContain('已选0人');
    await click(h.container.querySelector('[data-testid="choose-done"]'));
    expect(feedbackMock.showFail).toHaveBeenCalledWith('请至少选择一位联系人');
    expect(h.router.state.location.pathname).toBe(Paths.chooseFriend);

    await click(checkbox(0));
    await click(checkbox(1));
    await click(h.container.querySelector('[data-testid="choose-done"]'));
    await until(() => h.router.state.location.pathname === Paths.root, 'back to the opener');
    await until(() => h.container.querySelector('[data-testid="chosen"]')?.textContent === '12,15', 'the chosen ids');
  });
});

describe('my_group and edit_group', () => {
  const GROUP: TContactGroup = { id: 4, name: '铝锭客户', memberIds: [12], memberNames: ['阿王'] };
  const render = (path: string) => h.render({ [Paths.myGroup]: MyGroupPage, [Paths.editGroup]: EditGroupPage }, path);

  it('lists groups, and deletes one only after confirmation', async () => {
    serve(Calls.contactGroups, ok([GROUP]), ok([]));
    serve(Calls.contactGroupDelete, ok(null));
    await render(Paths.myGroup);
    await until(() => text().includes('铝锭客户'), 'the groups');
    expect(text()).toContain('1人');
    expect(text()).toContain('阿王');
    await click(
      [...h.container.querySelectorAll('.adm-swipe-action-actions-right button')].find(
        (b) => b.textContent?.trim() === '删除分组',
      ),
    );
    await until(() => bodyText().includes('确定删除分组“铝锭客户”吗'), 'the confirmation');
    await click(dialogButton('删除分组'));
    await until(() => calls(Calls.contactGroupDelete).length === 1, 'the delete');
    expect(calls(Calls.contactGroupDelete)[0]).toMatchObject({ id: '4' });
    await until(() => text().includes('还没有分组'), 'the empty state');
  });

  it('needs a name, shows a taken name under the field, and saves name and members', async () => {
    serve(Calls.contactGroups, ok([]));
    serve(Calls.friends, page(FRIENDS));
    serve(
      Calls.contactGroupSave,
      fail(CodeFlag.conflict, '分组名称已存在', { errors: { name: 'contacts.groupNameTaken' } }),
      ok({ id: 9, name: '铜客户', memberIds: [15], memberNames: ['bob'] }),
    );
    await h.render({ [Paths.myGroup]: Stub, [Paths.editGroup]: EditGroupPage }, Paths.editGroup);
    await until(() => h.container.querySelectorAll('[data-testid="contact"]').length === 3, 'the friends');
    await click(h.container.querySelector('[data-testid="group-save"]'));
    await until(() => text().includes('请输入分组名称'), 'the required name');
    expect(calls(Calls.contactGroupSave)).toHaveLength(0);

    await typeInto(h.container.querySelector('#group-name'), '铜客户');
    await click(h.container.querySelectorAll('[data-testid="contact"] input[type="checkbox"]')[1]);
    await click(h.container.querySelector('[data-testid="group-save"]'));
    await until(() => text().includes('分组名称已存在'), 'the taken name');
    expect(calls(Calls.contactGroupSave)[0]).toMatchObject({ name: '铜客户', memberIds: '[15]' });

    await click(h.container.querySelector('[data-testid="group-save"]'));
    await until(() => calls(Calls.contactGroupSave).length === 2, 'the second save');
    await until(() => text().includes('elsewhere'), 'back to my groups');
  });

  it('edits an existing group starting from its name and members', async () => {
    serve(Calls.contactGroups, ok([GROUP]));
    serve(Calls.friends, page(FRIENDS));
    serve(Calls.contactGroupSave, ok(GROUP));
    await render(`${Paths.editGroup}?id=4`);
    await until(
      () => (h.container.querySelector('#group-name') as HTMLInputElement | null)?.value === '铝锭客户',
      'the name',
    );
    await until(() => h.container.querySelectorAll('[data-testid="contact"]').length === 3, 'the friends');
    const boxes = [
      ...h.container.querySelectorAll('[data-testid="contact"] input[type="checkbox"]'),
    ] as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([true, false, false]);
    await click(h.container.querySelector('[data-testid="group-save"]'));
    await until(() => calls(Calls.contactGroupSave).length === 1, 'the save');
    expect(calls(Calls.contactGroupSave)[0]).toMatchObject({ id: '4', name: '铝锭客户', memberIds: '[12]' });
  });
});

describe('QR codes', () => {
  it('links to add_friend for the account, and only our links lead there when scanned', () => {
    const link = addFriendLink('buyer88', { origin: 'https://metal.example.cn', pathname: '/' });
    expect(link).toBe(`https://metal.example.cn/#${Paths.addFriend}?keyword=buyer88`);
    expect(addFriendTarget(link)).toBe(`${Paths.addFriend}?keyword=buyer88`);
    expect(addFriendTarget(`http://10.0.0.2:3000/app/#${Paths.addFriend}?keyword=13800000001`)).toBe(
      `${Paths.addFriend}?keyword=13800000001`,
    );
    expect(addFriendTarget('https://example.com/pay?id=1')).toBeNull();
    expect(addFriendTarget(`https://metal.example.cn/#${Paths.addFriend}?keyword=`)).toBeNull();
  });

  it('draws a code that a decoder reads back as the link', async () => {
    const link = addFriendLink('buyer88', { origin: 'https://metal.example.cn', pathname: '/' });
    const { size, path } = await qrPath(link);
    const dark = new Set([...path.matchAll(/M(\d+) (\d+)/g)].map((m) => `${m[1]},${m[2]}`));
    // Paint the modules 4 pixels each with a quiet zone, as a photo of the screen would show them.
    const scale = 4;
    const side = (size + 8) * scale;
    const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const col = Math.floor(x / scale) - 4;
        const row = Math.floor(y / scale) - 4;
        if (dark.has(`${col},${row}`)) pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
      }
    }
    expect(jsQR(pixels, side, side)?.data).toBe(link);
  });
});
