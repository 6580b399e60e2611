import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CodeFlag, type TUploadedFile, UPLOAD_MAX_FILES, UPLOAD_MAX_FILES_PER_HOUR } from '@metal/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { cameraJpeg, plainImage } from '../../../test/images';
import { files } from './files.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const filesOf = (userId: number) => t.db.select().from(files).where(eq(files.ownerId, userId));
/** Every object in the test's storage folder for a company (both kinds). */
function storedFor(rootId: number): string[] {
  const found: string[] = [];
  for (const kind of ['images', 'licences']) {
    const dir = join(t.storageRoot, kind, String(rootId));
    try {
      for (const month of readdirSync(dir)) for (const name of readdirSync(join(dir, month))) found.push(name);
    } catch {
      // Nothing stored for this kind.
    }
  }
  return found;
}
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('upload/file', () => {
  it('stores a camera photo upright, without EXIF or GPS, with a thumbnail, and answers PROTOCOL’s list', async () => {
    const owner = await t.buildUser();
    const photo = await cameraJpeg();
    const taken = await sharp(photo).metadata();
    expect(taken).toMatchObject({ width: 60, height: 40, orientation: 6 });
    // The camera's EXIF has a GPS section: tag 0x8825, little-endian as libvips writes it.
    expect(taken.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const { body } = await t.upload<TUploadedFile[]>(
      [{ name: '营业执照.jpg', data: photo, contentType: 'image/jpeg' }],
      {
        session: owner.session,
        kind: 'image',
      },
    );
    expect(body.codeFlag).toBe(CodeFlag.ok);
    const [uploaded] = body.data!;
    expect(uploaded).toMatchObject({ name: '营业执照.jpg', type: 'image/jpeg', width: 40, height: 60 });
    expect(uploaded!.url).toMatch(new RegExp(`^/files/images/${owner.user.id}/2026-11/[0-9a-f]{32}\\.jpg$`));
    expect(uploaded!.thumbUrl).toBe(uploaded!.url.replace(/\.jpg$/, '.thumb.jpg'));

    const served = await get(uploaded!.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBe(uploaded!.size);
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 40, height: 60 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(served.rawPayload.includes('PhoneCo')).toBe(false);
    expect(served.rawPayload.includes('Exif')).toBe(false);
    expect(photo.includes('PhoneCo')).toBe(true);

    const [row] = await filesOf(owner.user.id);
    expect(row).toMatchObject({
      id: uploaded!.id,
      rootId: owner.user.id,
      kind: 'image',
      visibility: 'public',
      type: 'image/jpeg',
      width: 40,
      height: 60,
      size: uploaded!.size,
    });
  });

  it('takes several files at once and decides each type by content, never by name', async () => {
    const owner = await t.buildUser();
    const { body } = await t.upload<TUploadedFile[]>(
      [
        { name: 'photo.jpg', data: await plainImage('png'), contentType: 'image/jpeg' },
        { name: 'scan.png', data: await plainImage('webp'), contentType: 'image/png' },
        { name: 'no-extension', data: await plainImage('jpeg') },
      ],
      { session: owner.session, kind: 'image' },
    );
    expect(body.data?.map((f) => [f.name, f.type, f.url.split('.').pop()])).toEqual([
      ['photo.jpg', 'image/png', 'png'],
      ['scan.png', 'image/webp', 'webp'],
      ['no-extension', 'image/jpeg', 'jpg'],
    ]);
    const thumb = await get(body.data![1]!.thumbUrl!);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it('makes thumbnails that fit 400 pixels and stores large photos at most 2560 on the long edge', async () => {
    const owner = await t.buildUser();
    const { body } = await t.upload<TUploadedFile[]>(
      [{ name: 'wide.png', data: await plainImage('png', { width: 3000, height: 1000 }) }],
      { session: owner.session, kind: 'image' },
    );
    expect(body.data?.[0]).toMatchObject({ width: 2560, height: 853 });
    const thumb = await sharp((await get(body.data![0]!.thumbUrl!)).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 133]);
  });

  it('refuses what is not a usable image, with a message in the caller’s language, and stores nothing', async () => {
    const owner = await t.buildUser();
    const good = { name: 'a.png', data: await plainImage('png') };
    const cases: [Parameters<TestApp['upload']>[0], Parameters<TestApp['upload']>[1], string][] = [
      [
        [good, { name: 'evil.jpg', data: Buffer.from('<svg onload=alert(1)>'), contentType: 'image/jpeg' }],
        { kind: 'image' },
        '仅支持 JPG、PNG、WebP 格式的图片',
      ],
      [
        [{ name: 'x.gif', data: Buffer.from('GIF89a\x01\x00\x01\x00') }],
        { kind: 'image', lang: 'en-US' },
        'Only JPG, PNG and WebP images are accepted',
      ],
      [
        [{ name: 'broken.jpg', data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]) }],
        { kind: 'image' },
        '图片已损坏或无法识别',
      ],
      [
        [{ name: 'bomb.png', data: await plainImage('png', { width: 8000, height: 6000 }) }],
        { kind: 'licence' },
        '图片尺寸过大，请缩小后再上传',
      ],
      [[good], {}, '请说明上传文件的用途'],
      [[good], { kind: 'video', lang: 'en-US' }, 'Please say what the files are for'],
      [[], { kind: 'image', fields: { note: 'no file' } }, '请选择要上传的文件'],
      [[{ ...good, field: 'picture' }], { kind: 'image' }, '请选择要上传的文件'],
      [
        [{ name: 'big.jpg', data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024)]) }],
        { kind: 'image' },
        '单个文件不能超过10MB',
      ],
      [
        Array.from({ length: UPLOAD_MAX_FILES + 1 }, () => good),
        { kind: 'image', lang: 'en-US' },
        'At most 9 files at a time',
      ],
    ];
    for (const [parts, options, mesg] of cases) {
      const { status, body } = await t.upload(parts, { session: owner.session, ...options });
      expect([status, body], mesg).toEqual([
        200,
        { codeFlag: CodeFlag.invalidInput, mesg, errors: expect.any(Object) },
      ]);
    }
    expect(await filesOf(owner.user.id)).toEqual([]);
    expect(storedFor(owner.user.id)).toEqual([]);
  });

  it('takes the kind from a form field too', async () => {
    const owner = await t.buildUser();
    const { body } = await t.upload<TUploadedFile[]>([{ name: 'a.png', data: await plainImage('png') }], {
      session: owner.session,
      fields: { kind: 'licence' },
    });
    expect(body.data?.[0]?.url).toMatch(/^\/files\/licences\/.+\?expires=\d+&signature=/);
  });

  it('is described in the OpenAPI document as a multipart upload', async () => {
    const document = (await get('/openapi.json')).json();
    const body = document.paths['/upload/file.htmls'].post.requestBody.content['multipart/form-data'].schema;
    expect(body.properties.file).toEqual({ type: 'array', items: { type: 'string', format: 'binary' } });
    expect(body.properties.kind.enum).toEqual(['image', 'licence', 'chatFile', 'voice', 'transferSlip']);
    expect(body.required).toEqual(['kind', 'file']);
  });

  it('is for logged-in users only', async () => {
    const data = await plainImage('png');
    expect((await t.upload([{ name: 'a.png', data }], { kind: 'image' })).body).toEqual({
      codeFlag: CodeFlag.notLoggedIn,
      mesg: '请先登录',
    });
    expect((await t.upload([{ name: 'a.png', data }], { kind: 'image', session: 'expired' })).body.codeFlag).toBe(
      CodeFlag.notLoggedIn,
    );
  });

  it('limits each user to UPLOAD_MAX_FILES_PER_HOUR files an hour, even when uploads race', async () => {
    const busy = await t.buildUser();
    const other = await t.buildUser();
    const earlier = await filesRowsFor(busy.user.id, UPLOAD_MAX_FILES_PER_HOUR - 3);
    await t.db.insert(files).values(earlier);
    const two = [
      { name: 'a.png', data: await plainImage('png') },
      { name: 'b.png', data: await plainImage('png') },
    ];
    const answers = await Promise.all([
      t.upload(two, { session: busy.session, kind: 'image' }),
      t.upload(two, { session: busy.session, kind: 'image' }),
    ]);
    expect(answers.map((a) => a.body.codeFlag).sort()).toEqual([0, CodeFlag.tooManyRequests]);
    expect(answers.find((a) => a.body.codeFlag !== CodeFlag.ok)?.body.mesg).toBe(
      '一小时内最多上传120个文件，请稍后再试',
    );
    expect(await filesOf(busy.user.id)).toHaveLength(UPLOAD_MAX_FILES_PER_HOUR - 1);
    expect(storedFor(busy.user.id)).toHaveLength(4);
    expect((await t.upload(two, { session: other.session, kind: 'image' })).body.codeFlag).toBe(CodeFlag.ok);

    t.clock.advance(3601);
    expect((await t.upload(two, { session: busy.session, kind: 'image' })).body.codeFlag).toBe(CodeFlag.ok);
  });
});

/** Rows standing for files a user uploaded just now (their objects are not needed to count them). */
async function filesRowsFor(userId: number, n: number) {
  return Array.from({ length: n }, (_, i) => ({
    ownerId: userId,
    rootId: userId,
    kind: 'image' as const,
    visibility: 'public' as const,
    type: 'image/png' as const,
    size: 1,
    width: 1,
    height: 1,
    key: `images/${userId}/old/${i}.png`,
    thumbKey: `images/${userId}/old/${i}.thumb.png`,
    createdAt: t.clock.now(),
  }));
}

describe('GET /files/…', () => {
  it('serves public images to anyone with their type, nosniff and a long cache', async () => {
    const owner = await t.buildUser();
    const { body } = await t.upload<TUploadedFile[]>([{ name: 'a.webp', data: await plainImage('webp') }], {
      session: owner.session,
      kind: 'image',
    });
    for (const url of [body.data![0]!.url, body.data![0]!.thumbUrl!]) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        'content-type': 'image/webp',
        'x-content-type-options': 'nosniff',
        'cache-control': 'public, max-age=31536000, immutable',
      });
    }
    expect((await get('/files/images/1/2026-11/nothing.png')).statusCode).toBe(404);
    expect((await get('/files/images/../../etc/passwd')).statusCode).toBe(404);
  });

  it('sends a stored file as it is, with its length, even to a browser that accepts compression', async () => {
    const owner = await t.buildUser();
    // Text that would shrink a lot: the download still arrives byte for byte.
    const text = Buffer.from('market,sort,date,low,high\n'.repeat(200));
    const { body } = await t.upload<TUploadedFile[]>([{ name: 'prices.csv', data: text }], {
      session: owner.session,
      kind: 'chatFile',
    });
    const served = await t.app.inject({
      method: 'GET',
      url: body.data![0]!.url,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-encoding']).toBeUndefined();
    expect(served.headers['content-length']).toBe(String(text.length));
    expect(served.rawPayload.equals(text)).toBe(true);
  });

  it('serves a licence only through its signed link, until it expires', async () => {
    const owner = await t.buildUser();
    const { body } = await t.upload<TUploadedFile[]>([{ name: 'licence.png', data: await plainImage('png') }], {
      session: owner.session,
      kind: 'licence',
    });
    const { url, thumbUrl } = body.data![0]!;
    const [row] = await filesOf(owner.user.id);
    expect(row).toMatchObject({ kind: 'licence', visibility: 'private' });
    const path = url.split('?')[0]!;
    const params = new URLSearchParams(url.split('?')[1]);

    const signed = await get(url);
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('image/png');
    expect(signed.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect((await get(thumbUrl!)).statusCode).toBe(200);

    expect((await get(path)).statusCode).toBe(403);
    const signature = params.get('signature')!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect((await get(`${path}?expires=${params.get('expires')}&signature=${flipped}`)).statusCode).toBe(403);
    expect((await get(`${path}?expires=${Number(params.get('expires')) + 60}&signature=${signature}`)).statusCode).toBe(
      403,
    );
    // A signature belongs to one key: the licence's link does not open its thumbnail, nor another file.
    expect((await get(`${thumbUrl!.split('?')[0]}?${params}`)).statusCode).toBe(403);
    expect((await get(`${path}?expires=${params.get('expires')}`)).statusCode).toBe(403);

    t.clock.advance(16 * 60);
    expect((await get(url)).statusCode).toBe(403);
  });
});
