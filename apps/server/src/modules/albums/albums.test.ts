import {
  type CallRequest,
  Calls,
  CodeFlag,
  MAX_ALBUM_PICTURES,
  MAX_COMPANY_ALBUMS,
  type TUploadedFile,
} from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { plainImage } from '../../../test/images';
import { files } from '../files/files.table';
import { stockImages } from '../stocks/stocks.table';
import { albumPictures, companyAlbums } from './albums.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Session = { session: string };
const list = (who: Session) => t.call(Calls.albumList, {}, { session: who.session });
const create = (who: Session, name: string, lang?: string) =>
  t.call(Calls.albumCreate, { name }, { session: who.session, ...(lang ? { lang } : {}) });
const pictures = (who: Session, id: number) => t.call(Calls.albumPictures, { id }, { session: who.session });
const add = (
  who: Session,
  id: CallRequest<typeof Calls.albumAddPictures>['id'],
  fileIds: CallRequest<typeof Calls.albumAddPictures>['fileIds'],
) => t.call(Calls.albumAddPictures, { id, fileIds }, { session: who.session });
const addRaw = (who: Session, id: number, fileIds: unknown) =>
  t.callRaw(Calls.albumAddPictures, { id, fileIds }, { session: who.session });
const remove = (
  who: Session,
  id: CallRequest<typeof Calls.albumRemovePictures>['id'],
  pictureIds: CallRequest<typeof Calls.albumRemovePictures>['pictureIds'],
) => t.call(Calls.albumRemovePictures, { id, pictureIds }, { session: who.session });
const order = (
  who: Session,
  id: CallRequest<typeof Calls.albumOrderPictures>['id'],
  pictureIds: CallRequest<typeof Calls.albumOrderPictures>['pictureIds'],
) => t.call(Calls.albumOrderPictures, { id, pictureIds }, { session: who.session });
const cover = (
  who: Session,
  id: CallRequest<typeof Calls.albumSetCover>['id'],
  pictureId: CallRequest<typeof Calls.albumSetCover>['pictureId'],
) => t.call(Calls.albumSetCover, { id, pictureId }, { session: who.session });

async function uploadImages(who: Session, n: number, kind: 'image' | 'licence' = 'image') {
  const data = await plainImage('png');
  const { body } = await t.upload<TUploadedFile[]>(
    Array.from({ length: n }, (_, i) => ({ name: `p${i}.png`, data })),
    { session: who.session, kind },
  );
  return body.data!.map((f) => f.id);
}
async function albumWith(who: Session, name: string, n: number) {
  const made = (await create(who, name)).body.data!.albums.find((a) => a.name === name)!;
  if (n === 0) return (await pictures(who, made.id)).body.data!;
  return (await add(who, made.id, await uploadImages(who, n))).body.data!;
}
const albumsOf = (rootId: number) => t.db.select().from(companyAlbums).where(eq(companyAlbums.rootId, rootId));
const picturesIn = (albumId: number) =>
  t.db.select().from(albumPictures).where(eq(albumPictures.albumId, albumId)).orderBy(albumPictures.position);

describe('company albums', () => {
  it('creates, fills, orders, covers, renames and deletes albums', async () => {
    const owner = await t.buildUser();
    expect((await list(owner)).body.data).toEqual({ albums: [], editable: true });
    const made = await create(owner, '厂区');
    expect(made.body.data?.albums).toMatchObject([{ name: '厂区', count: 0, cover: null }]);
    const albumId = made.body.data!.albums[0]!.id;

    const fileIds = await uploadImages(owner, 3);
    const filled = (await add(owner, albumId, fileIds)).body.data!;
    expect(filled.pictures).toHaveLength(3);
    expect(filled.album).toMatchObject({ count: 3, coverPictureId: null, cover: { id: filled.pictures[0]!.id } });
    expect(filled.pictures[0]!.url).toMatch(/^\/files\/images\//);
    const [p1, p2, p3] = filled.pictures.map((p) => p.id) as [number, number, number];

    const reordered = (await order(owner, albumId, [p3, p1, p2])).body.data!;
    expect(reordered.pictures.map((p) => p.id)).toEqual([p3, p1, p2]);
    expect((await cover(owner, albumId, p2)).body.data?.album).toMatchObject({ coverPictureId: p2, cover: { id: p2 } });
    expect((await list(owner)).body.data?.albums[0]).toMatchObject({ count: 3, cover: { id: p2 } });

    // Removing the cover falls back to the first picture; the removed picture's file is deleted.
    const removedUrl = filled.pictures[1]!.url;
    const after = (await remove(owner, albumId, [p2])).body.data!;
    expect(after.pictures.map((p) => p.id)).toEqual([p3, p1]);
    expect(after.album).toMatchObject({ coverPictureId: null, cover: { id: p3 } });
    expect((await t.app.inject({ method: 'GET', url: removedUrl })).statusCode).toBe(404);
    expect(await t.db.select().from(files).where(eq(files.id, fileIds[1]!))).toEqual([]);

    expect(
      (await t.call(Calls.albumRename, { id: albumId, name: '仓库' }, { session: owner.session })).body.data?.albums[0]
        ?.name,
    ).toBe('仓库');
    const gone = await t.call(Calls.albumDelete, { id: albumId }, { session: owner.session });
    expect(gone.body.data?.albums).toEqual([]);
    expect(await t.db.select().from(files).where(eq(files.ownerId, owner.user.id))).toEqual([]);
    expect(await picturesIn(albumId)).toEqual([]);
  });

  it('refuses bad names and input with messages in both languages, and writes nothing', async () => {
    const owner = await t.buildUser();
    await create(owner, '产品');
    const cases: [() => ReturnType<typeof t.call>, string][] = [
      [() => create(owner, ''), '相册名称为1-20个字'],
      [() => create(owner, 'x'.repeat(21), 'en-US'), 'An album name is 1-20 characters'],
      [() => create(owner, '产品'), '相册名称已存在'],
      [() => create(owner, ' 产品 ', 'en-US'), 'An album with this name already exists'],
    ];
    for (const [attempt, mesg] of cases) expect((await attempt()).body.mesg).toBe(mesg);
    expect((await albumsOf(owner.user.id)).map((a) => a.name)).toEqual(['产品']);

    const [album] = await albumsOf(owner.user.id);
    const [licence] = await uploadImages(owner, 1, 'licence');
    const other = await t.buildUser();
    const [othersImage] = await uploadImages(other, 1);
    const badAdds: [unknown, string][] = [
      ['[]', '部分图片已失效，请重新上传'],
      ['not json', '数据格式不正确'],
      [[licence], '部分图片已失效，请重新上传'],
      [[othersImage], '部分图片已失效，请重新上传'],
      [[999999], '部分图片已失效，请重新上传'],
    ];
    for (const [fileIds, mesg] of badAdds) {
      expect((await addRaw(owner, album!.id, fileIds)).body, String(fileIds)).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        mesg,
      });
    }
    expect(await picturesIn(album!.id)).toEqual([]);

    const detail = (await add(owner, album!.id, await uploadImages(owner, 2))).body.data!;
    const ids = detail.pictures.map((p) => p.id);
    // A file already in an album is not added twice.
    const inAlbum = (await picturesIn(album!.id)).map((p) => p.fileId);
    expect((await add(owner, album!.id, [inAlbum[0]!])).body.mesg).toBe('部分图片已失效，请重新上传');
    expect((await remove(owner, album!.id, [ids[0]!, 999999])).body.mesg).toBe('请选择本相册中的图片');
    expect((await cover(owner, album!.id, 999999)).body.mesg).toBe('请选择本相册中的图片');
    expect((await order(owner, album!.id, [ids[0]!])).body).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: '相册内容已变化，请刷新后重试',
    });
    expect((await picturesIn(album!.id)).map((p) => p.id)).toEqual(ids);
  });

  it('holds at most MAX_COMPANY_ALBUMS albums and MAX_ALBUM_PICTURES pictures each', async () => {
    const owner = await t.buildUser();
    for (let i = 0; i < MAX_COMPANY_ALBUMS; i++) await create(owner, `相册${i}`);
    expect((await create(owner, '再来一个')).body).toEqual({ codeFlag: CodeFlag.conflict, mesg: '最多创建20个相册' });

    const [album] = await albumsOf(owner.user.id);
    const fileIds: number[] = [];
    while (fileIds.length < MAX_ALBUM_PICTURES) fileIds.push(...(await uploadImages(owner, 9)));
    expect((await add(owner, album!.id, fileIds.slice(0, MAX_ALBUM_PICTURES - 1))).body.codeFlag).toBe(CodeFlag.ok);
    const more = await uploadImages(owner, 2);
    expect((await add(owner, album!.id, more)).body).toEqual({
      codeFlag: CodeFlag.conflict,
      mesg: '每个相册最多60张图片',
    });
    expect(await picturesIn(album!.id)).toHaveLength(MAX_ALBUM_PICTURES - 1);
  });

  it('lets employees look but only those allowed the shop change, and never another company', async () => {
    const owner = await t.buildUser();
    const employee = await t.buildEmployee(owner, { permissions: ['quote'] });
    const shopKeeper = await t.buildEmployee(owner, { permissions: ['shop'] });
    const stranger = await t.buildUser();
    const album = await albumWith(owner, '样品', 2);
    const id = album.album.id;
    const [first, second] = album.pictures.map((p) => p.id) as [number, number];

    expect((await list(employee)).body.data).toMatchObject({ editable: false, albums: [{ id, count: 2 }] });
    expect((await pictures(employee, id)).body.data).toMatchObject({ editable: false });
    const employeeImages = await uploadImages(employee, 1);
    for (const attempt of [
      () => create(employee, '员工相册'),
      () => t.call(Calls.albumRename, { id, name: '改名' }, { session: employee.session }),
      () => t.call(Calls.albumDelete, { id }, { session: employee.session }),
      () => add(employee, id, employeeImages),
      () => remove(employee, id, [first]),
      () => order(employee, id, [second, first]),
      () => cover(employee, id, second),
    ]) {
      expect((await attempt()).body).toMatchObject({
        codeFlag: CodeFlag.forbidden,
        mesg: '您没有“店铺装修和相册”的权限，请联系公司管理员',
      });
    }
    expect((await list(shopKeeper)).body.data).toMatchObject({ editable: true });
    expect(
      (await t.call(Calls.albumRename, { id, name: '店铺相册' }, { session: shopKeeper.session })).body.codeFlag,
    ).toBe(CodeFlag.ok);

    const strangerImages = await uploadImages(stranger, 1);
    expect((await pictures(stranger, id)).body.codeFlag).toBe(CodeFlag.forbidden);
    for (const attempt of [
      () => t.call(Calls.albumRename, { id, name: '改名' }, { session: stranger.session }),
      () => t.call(Calls.albumDelete, { id }, { session: stranger.session }),
      () => add(stranger, id, strangerImages),
      () => remove(stranger, id, [first]),
      () => order(stranger, id, [second, first]),
      () => cover(stranger, id, second),
    ]) {
      expect((await attempt()).body).toMatchObject({ codeFlag: CodeFlag.forbidden, mesg: '无权进行此操作' });
    }
    expect((await pictures(owner, 999999)).body.codeFlag).toBe(CodeFlag.notFound);
    expect(await albumsOf(owner.user.id)).toMatchObject([{ name: '店铺相册', coverPictureId: null }]);
    expect((await picturesIn(id)).map((p) => p.id)).toEqual([first, second]);
    expect((await list(stranger)).body.data?.albums).toEqual([]);
  });

  it("refuses a listing's picture, so removing it from the album can never delete what a listing shows", async () => {
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id);
    await t.approveLicence(owner);
    const album = await albumWith(owner, '产品', 0);
    const [stockPicture, capacityPicture, free] = await uploadImages(owner, 3);
    const stock = await t.buildStock(owner.user.id);
    await t.db.insert(stockImages).values({ stockId: stock.id, fileId: stockPicture!, position: 0 });
    const capacity = await t.call(
      Calls.capacitySave,
      {
        sortId: 13,
        minOrder: '20',
        monthlyOutput: '3000',
        imageIds: [capacityPicture!],
        contactName: '李四',
        contactPhone: '13900001111',
      },
      { session: owner.session },
    );
    expect(capacity.body.codeFlag).toBe(CodeFlag.ok);

    for (const used of [stockPicture, capacityPicture]) {
      expect((await add(owner, album.album.id, [free!, used!])).body).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        errors: { fileIds: expect.any(String) },
      });
    }
    expect(await picturesIn(album.album.id)).toEqual([]);
    expect((await add(owner, album.album.id, [free!])).body.codeFlag).toBe(CodeFlag.ok);
  });

  it('never lets two additions at once overfill an album', async () => {
    const owner = await t.buildUser();
    const album = await albumWith(owner, '并发', 0);
    const existing: number[] = [];
    while (existing.length < MAX_ALBUM_PICTURES - 3) existing.push(...(await uploadImages(owner, 9)));
    await add(owner, album.album.id, existing.slice(0, MAX_ALBUM_PICTURES - 3));
    const [a, b] = [await uploadImages(owner, 2), await uploadImages(owner, 2)];
    const answers = await Promise.all([add(owner, album.album.id, a), add(owner, album.album.id, b)]);
    expect(answers.map((r) => r.body.codeFlag).sort()).toEqual([0, CodeFlag.conflict]);
    expect(await picturesIn(album.album.id)).toHaveLength(MAX_ALBUM_PICTURES - 1);
  });
});

describe('company/albums (shop_album)', () => {
  it('shows anyone a company’s albums that have pictures, in order', async () => {
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id, { name: '相册展示铝业有限公司' });
    const full = await albumWith(owner, '车间', 2);
    await create(owner, '空相册');
    await order(owner, full.album.id, [full.pictures[1]!.id, full.pictures[0]!.id]);
    const { body } = await t.call(Calls.companyAlbums, { rootId: owner.user.id });
    expect(body.data).toMatchObject({
      rootId: owner.user.id,
      companyName: '相册展示铝业有限公司',
      albums: [{ name: '车间', count: 2, pictures: [{ id: full.pictures[1]!.id }, { id: full.pictures[0]!.id }] }],
    });
    const picture = await t.app.inject({ method: 'GET', url: body.data!.albums[0]!.pictures[0]!.url });
    expect(picture.statusCode).toBe(200);
  });

  it('answers not found for a company that does not exist, and refuses bad ids', async () => {
    expect((await t.call(Calls.companyAlbums, { rootId: 999999 })).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await t.call(Calls.companyAlbums, { rootId: 'x' }, { lang: 'en-US' })).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Some input is invalid, please check and try again',
    });
  });
});
