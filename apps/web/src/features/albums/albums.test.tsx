// @vitest-environment happy-dom
import { Calls, CodeFlag, type TAlbum, type TAlbumDetail, type TAlbumPicture, type TUploadedFile } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail, showSuccess } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { uploadFiles } from '../../lib/upload';
import { pickFiles, pictureFile, typeInto } from '../../test/inputs';
import { buttonWith, click, createPageHarness, fail, ok, until } from '../../test/pageHarness';
import AlbumManagerPage from './pages/AlbumManagerPage';
import AlbumPictureManagerPage from './pages/AlbumPictureManagerPage';
import ShopAlbumPage from './pages/ShopAlbumPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);
vi.mock('../../lib/upload', () => ({ uploadFiles: vi.fn() }));

const owner = { account: 'owner01', rootId: 7, userId: 7, sessionId: 's', lastLoginDate: '2026-11-20 08:00:00' };
const picture = (id: number): TAlbumPicture => ({
  id,
  url: `/files/images/7/${id}.jpg`,
  thumbUrl: `/files/images/7/${id}.thumb.jpg`,
  width: 800,
  height: 600,
});
const album = (
  id: number,
  name: string,
  pictures: TAlbumPicture[] = [],
  coverPictureId: number | null = null,
): TAlbum => ({
  id,
  name,
  count: pictures.length,
  cover: pictures.find((p) => p.id === coverPictureId) ?? pictures[0] ?? null,
  coverPictureId,
});
const detail = (pictures: TAlbumPicture[], over: Partial<TAlbumDetail> = {}): TAlbumDetail => ({
  album: album(3, '厂区', pictures),
  pictures,
  editable: true,
  ...over,
});

const h = createPageHarness();
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.albumManager]: AlbumManagerPage,
      [Paths.albumPictureManager]: AlbumPictureManagerPage,
      [Paths.shopAlbum]: ShopAlbumPage,
      [Paths.login]: Stub,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);
/** The newest element with this text anywhere in the page (dialogs and sheets render outside the page). */
const newest = (selector: string, label: string) =>
  [...document.body.querySelectorAll(selector)].filter((b) => b.textContent?.trim() === label).at(-1);

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
});
afterEach(() => h.cleanup());

describe('album_manager', () => {
  it('lists the albums with cover and count, and opens one', async () => {
    setSession(owner);
    h.serve(
      Calls.albumList,
      ok({ albums: [album(3, '厂区', [picture(1), picture(2)], 2), album(4, '空相册')], editable: true }),
    );
    await render(Paths.albumManager);
    await until(() => testId('album-list') !== null, 'the albums');
    const cards = [...h.container.querySelectorAll('.mm-album-card')];
    expect(cards.map((c) => c.querySelector('.mm-album-name')?.textContent)).toEqual(['厂区', '空相册']);
    expect(cards[0]?.querySelector('img')?.getAttribute('src')).toBe(picture(2).thumbUrl);
    expect(cards[0]?.textContent).toContain('2张');
    expect(cards[1]?.textContent).toContain('暂无图片');
    expect(text()).toContain('最多20个相册，每个相册最多60张图片');
    await click(cards[0]?.querySelector('.mm-album-open'));
    expect(h.router.state.location.pathname).toBe(Paths.albumPictureManager);
    expect(h.router.state.location.search).toBe('?id=3');
  });

  it('creates an album after checking its name, and keeps the name when the server refuses it', async () => {
    setSession(owner);
    h.serve(Calls.albumList, ok({ albums: [], editable: true }));
    h.serve(
      Calls.albumCreate,
      fail(CodeFlag.conflict, '相册名称已存在', { errors: { name: '相册名称已存在' } }),
      ok({ albums: [album(5, '仓库')], editable: true }),
    );
    await render(Paths.albumManager);
    await until(() => text().includes('还没有相册'), 'the empty state');
    await click(buttonWith(h.container, '新建相册'));
    const input = () => document.body.querySelector<HTMLInputElement>('.mm-name-sheet input');
    await until(() => input() !== null, 'the name sheet');
    await click(document.body.querySelector('[data-testid="album-name-save"]'));
    expect(document.body.textContent).toContain('相册名称为1-20个字');
    expect(h.calls(Calls.albumCreate)).toEqual([]);

    await typeInto(input(), '仓库');
    await click(document.body.querySelector('[data-testid="album-name-save"]'));
    await until(() => document.body.textContent?.includes('相册名称已存在') ?? false, 'the refusal');
    expect(input()?.value).toBe('仓库');
    await typeInto(input(), '仓库2');
    await click(document.body.querySelector('[data-testid="album-name-save"]'));
    await until(() => testId('album-list') !== null, 'the new album');
    expect(h.calls(Calls.albumCreate).map((c) => c.name)).toEqual(['仓库', '仓库2']);
    expect(showSuccess).toHaveBeenCalledWith('相册已创建');
  });

  it('deletes an album only after a confirmation', async () => {
    setSession(owner);
    h.serve(Calls.albumList, ok({ albums: [album(3, '厂区', [picture(1)])], editable: true }));
    h.serve(Calls.albumDelete, ok({ albums: [], editable: true }));
    await render(Paths.albumManager);
    await until(() => testId('album-list') !== null, 'the albums');
    await click(h.container.querySelector('.mm-album-more'));
    await until(() => newest('.adm-action-sheet-button-item', '删除相册') !== undefined, 'the actions');
    await click(newest('.adm-action-sheet-button-item', '删除相册'));
    await until(
      () => document.body.textContent?.includes('删除相册「厂区」及其中的1张图片') ?? false,
      'the confirmation',
    );
    expect(h.calls(Calls.albumDelete)).toEqual([]);
    await click(newest('button', '删除相册'));
    await until(() => h.calls(Calls.albumDelete).length === 1, 'the deletion');
    expect(h.calls(Calls.albumDelete)[0]).toMatchObject({ id: '3' });
  });

  it('shows employees the albums without editing', async () => {
    setSession({ ...owner, userId: 8 });
    h.serve(Calls.albumList, ok({ albums: [album(3, '厂区')], editable: false }));
    await render(Paths.albumManager);
    await until(() => testId('album-list') !== null, 'the albums');
    expect(h.container.querySelector('.mm-album-more')).toBeNull();
    expect(testId('album-create')).toBeNull();
    expect(text()).toContain('编辑相册需要“店铺装修和相册”权限，请联系公司管理员');
  });
});

describe('album_picture_manager', () => {
  const uploaded = (id: number): TUploadedFile => ({
    id,
    url: `/files/images/7/u${id}.jpg`,
    thumbUrl: `/files/images/7/u${id}.thumb.jpg`,
    name: `${id}.jpg`,
    size: 10,
    type: 'image/jpeg',
  });

  it('adds uploaded pictures to the album, and keeps them when adding fails', async () => {
    setSession(owner);
    vi.mocked(uploadFiles)
      .mockResolvedValueOnce([uploaded(31)])
      .mockResolvedValueOnce([uploaded(32)]);
    h.serve(Calls.albumPictures, ok(detail([picture(1)])));
    h.serve(
      Calls.albumAddPictures,
      fail(CodeFlag.conflict, '每个相册最多60张图片'),
      ok(detail([picture(1), picture(2), picture(3)])),
    );
    await render(`${Paths.albumPictureManager}?id=3`);
    await until(() => testId('album-add') !== null, 'the album');
    await pickFiles(h.container.querySelector<HTMLInputElement>('[data-testid="upload-album"]'), [
      pictureFile('a.jpg'),
      pictureFile('b.jpg'),
    ]);
    await until(() => (testId('album-add-submit') as HTMLButtonElement | null)?.disabled === false, 'the uploads');
    expect(testId('album-add-submit')?.textContent).toBe('添加到相册（2）');

    await click(testId('album-add-submit'));
    await until(() => vi.mocked(showFail).mock.calls.length > 0, 'the refusal');
    expect(h.container.querySelectorAll('[data-testid="upload-item"]')).toHaveLength(2);

    await click(testId('album-add-submit'));
    await until(() => h.container.querySelectorAll('.mm-picture').length === 3, 'the added pictures');
    expect(h.calls(Calls.albumAddPictures).map((c) => c.fileIds)).toEqual(['[31,32]', '[31,32]']);
    expect(h.container.querySelectorAll('[data-testid="upload-item"]')).toHaveLength(0);
    expect(showSuccess).toHaveBeenCalledWith('已添加到相册');
  });

  it('in managing mode sets the cover, moves pictures and deletes after a confirmation', async () => {
    setSession(owner);
    const three = [picture(1), picture(2), picture(3)];
    h.serve(Calls.albumPictures, ok(detail(three)));
    h.serve(Calls.albumSetCover, ok(detail(three, { album: album(3, '厂区', three, 2) })));
    h.serve(Calls.albumOrderPictures, ok(detail([picture(2), picture(1), picture(3)])));
    h.serve(Calls.albumRemovePictures, ok(detail([picture(1), picture(3)])));
    await render(`${Paths.albumPictureManager}?id=3`);
    await until(() => testId('album-manage') !== null, 'the pictures');
    expect(
      h.container.querySelector('.mm-picture-cover')?.closest('li')?.querySelector('img')?.getAttribute('src'),
    ).toBe(picture(1).thumbUrl);
    await click(testId('album-manage'));
    expect(testId('album-add')).toBeNull();
    const tiles = () => [...h.container.querySelectorAll('.mm-picture-open')];
    await click(tiles()[1]);
    await click(buttonWith(h.container, '设为封面'));
    await until(() => h.calls(Calls.albumSetCover).length === 1, 'the cover');
    expect(h.calls(Calls.albumSetCover)[0]).toMatchObject({ id: '3', pictureId: '2' });

    await click(buttonWith(h.container, '第2张前移'));
    await until(() => h.calls(Calls.albumOrderPictures).length === 1, 'the order');
    expect(h.calls(Calls.albumOrderPictures)[0]).toMatchObject({ pictureIds: '[2,1,3]' });
    await until(
      () => tiles()[0]?.querySelector('img')?.getAttribute('src') === picture(2).thumbUrl,
      'the new order on screen',
    );

    await click(tiles()[0]);
    await click(buttonWith(h.container, '删除（1）'));
    await until(() => document.body.textContent?.includes('删除选中的1张图片') ?? false, 'the confirmation');
    expect(h.calls(Calls.albumRemovePictures)).toEqual([]);
    await click(newest('button', '删除'));
    await until(() => h.calls(Calls.albumRemovePictures).length === 1, 'the removal');
    expect(h.calls(Calls.albumRemovePictures)[0]).toMatchObject({ pictureIds: '[2]' });
  });

  it('says so for an album that is not there (or another company’s), without a toast', async () => {
    setSession(owner);
    h.serve(Calls.albumPictures, fail(CodeFlag.forbidden, '无权进行此操作'));
    await render(`${Paths.albumPictureManager}?id=99`);
    await until(() => text().includes('相册不存在或已删除'), 'the empty state');
    expect(showFail).not.toHaveBeenCalled();
  });
});

describe('shop_album', () => {
  it('shows a company’s albums to a visitor, one album at a time', async () => {
    h.serve(
      Calls.companyAlbums,
      ok({
        rootId: 7,
        companyName: '南海铝业有限公司',
        albums: [
          { ...album(3, '厂区', [picture(1), picture(2)]), pictures: [picture(1), picture(2)] },
          { ...album(4, '产品', [picture(5)]), pictures: [picture(5)] },
        ],
      }),
    );
    await render(`${Paths.shopAlbum}?id=7`);
    await until(() => testId('shop-album-pictures') !== null, 'the pictures');
    expect(text()).toContain('南海铝业有限公司');
    expect(h.calls(Calls.companyAlbums)[0]).toMatchObject({ rootId: '7', session_id: '' });
    const srcs = () => [...h.container.querySelectorAll('.mm-picture img')].map((i) => i.getAttribute('src'));
    expect(srcs()).toEqual([picture(1).thumbUrl, picture(2).thumbUrl]);
    await click([...h.container.querySelectorAll('[role="tab"]')].find((b) => b.textContent?.startsWith('产品')));
    expect(srcs()).toEqual([picture(5).thumbUrl]);
  });

  it('says when a company has no albums, or does not exist', async () => {
    h.serve(Calls.companyAlbums, ok({ rootId: 7, companyName: '南海铝业有限公司', albums: [] }));
    await render(`${Paths.shopAlbum}?id=7`);
    await until(() => text().includes('该企业还没有上传相册'), 'the empty state');
    await h.cleanup();

    h.install();
    h.serve(Calls.companyAlbums, fail(CodeFlag.notFound, '内容不存在或已删除'));
    await render(`${Paths.shopAlbum}?id=9`);
    await until(() => text().includes('企业不存在'), 'not found');
    expect(showFail).not.toHaveBeenCalled();
  });
});
