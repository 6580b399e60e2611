// @vitest-environment happy-dom
import type { TUploadedFile } from '@metal/shared';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_CODE_FLAG } from '../lib/api';
import { showInfo } from '../lib/feedback';
import '../lib/i18n';
import { setLanguage } from '../lib/language';
import { uploadFiles } from '../lib/upload';
import { pickFiles } from '../test/inputs';
import { click, createPageHarness, until } from '../test/pageHarness';
import { ImageUploader, useImageUploads } from './ImageUploader';

vi.mock('../lib/feedback', async () => (await import('../test/pageHarness')).feedbackMock);
vi.mock('../lib/upload', () => ({ uploadFiles: vi.fn() }));

type Settle = { resolve: (files: TUploadedFile[]) => void; reject: (error: unknown) => void };
const pending: Settle[] = [];
const progress: ((fraction: number) => void)[] = [];
const stored = (id: number): TUploadedFile => ({
  id,
  url: `/files/images/7/${id}.jpg`,
  thumbUrl: `/files/images/7/${id}.thumb.jpg`,
  name: `${id}.jpg`,
  size: 10,
  type: 'image/jpeg',
});

function Host() {
  const uploads = useImageUploads('image', 3);
  return (
    <>
      <ImageUploader uploads={uploads} />
      <output data-testid="uploaded">{uploads.uploaded.map((f) => f.id).join(',')}</output>
      <output data-testid="busy">{String(uploads.busy)}</output>
    </>
  );
}

const h = createPageHarness();
const items = () => [...h.container.querySelectorAll('[data-testid="upload-item"]')];
const text = (id: string) => h.container.querySelector(`[data-testid="${id}"]`)?.textContent;
const photo = (name = 'p.jpg', size = 1000, type = 'image/jpeg') => new File([new Uint8Array(size)], name, { type });

const pick = (files: File[]) =>
  pickFiles(h.container.querySelector<HTMLInputElement>('[data-testid="upload-album"]'), files);

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  pending.length = 0;
  progress.length = 0;
  vi.mocked(uploadFiles).mockImplementation(
    (_files, options) =>
      new Promise((resolve, reject) => {
        pending.push({ resolve, reject });
        if (options.onProgress) progress.push(options.onProgress);
      }),
  );
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
});
afterEach(() => h.cleanup());

describe('ImageUploader', () => {
  it('offers the camera and the album', async () => {
    await h.render({ '/': Host }, '/');
    const camera = h.container.querySelector<HTMLInputElement>('[data-testid="upload-camera"]')!;
    const album = h.container.querySelector<HTMLInputElement>('[data-testid="upload-album"]')!;
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.accept).toBe('image/jpeg,image/png,image/webp');
    expect(album.multiple).toBe(true);
    const opened = { camera: vi.fn(), album: vi.fn() };
    camera.addEventListener('click', opened.camera);
    album.addEventListener('click', opened.album);

    await click(h.container.querySelector('[data-testid="upload-add"]'));
    const choice = (label: string) =>
      [...document.body.querySelectorAll('.adm-action-sheet-button-item')].find((b) => b.textContent === label);
    await until(() => choice('拍照') !== undefined, 'the choice');
    await click(choice('拍照'));
    expect(opened.camera).toHaveBeenCalled();
    await click(h.container.querySelector('[data-testid="upload-add"]'));
    await until(() => choice('从相册选择') !== undefined, 'the choice again');
    await click(choice('从相册选择'));
    expect(opened.album).toHaveBeenCalled();
  });

  it('shows each picked picture at once, follows its upload, and reports the stored files in order', async () => {
    await h.render({ '/': Host }, '/');
    await pick([photo('a.jpg'), photo('b.jpg')]);
    expect(items()).toHaveLength(2);
    expect(items()[0]?.querySelector('img')?.getAttribute('src')).toBe('blob:preview');
    expect(
      vi.mocked(uploadFiles).mock.calls.map(([files, options]) => [(files[0] as File).name, options.kind]),
    ).toEqual([
      ['a.jpg', 'image'],
      ['b.jpg', 'image'],
    ]);
    await act(async () => progress[0]?.(0.4));
    expect(items()[0]?.textContent).toContain('上传中 40%');
    expect(text('busy')).toBe('true');
    await act(async () => pending[1]?.resolve([stored(12)]));
    await act(async () => pending[0]?.resolve([stored(11)]));
    expect(text('uploaded')).toBe('11,12');
    expect(text('busy')).toBe('false');
  });

  it('keeps a failed picture with its reason until it is retried, and then uses it', async () => {
    await h.render({ '/': Host }, '/');
    await pick([photo()]);
    await act(async () => pending[0]?.reject(new ApiError(NETWORK_CODE_FLAG, '网络连接失败，请检查网络')));
    expect(items()[0]?.textContent).toContain('网络连接失败，请检查网络');
    expect(text('uploaded')).toBe('');
    await click(h.container.querySelector('[data-testid="upload-retry"]'));
    expect(uploadFiles).toHaveBeenCalledTimes(2);
    await act(async () => pending[1]?.resolve([stored(21)]));
    expect(text('uploaded')).toBe('21');
    expect(h.container.querySelector('[data-testid="upload-retry"]')).toBeNull();
  });

  it('never sends a file that is too large or not an image, and lets it be removed', async () => {
    await h.render({ '/': Host }, '/');
    await pick([photo('huge.jpg', 10 * 1024 * 1024 + 1), photo('movie.mp4', 10, 'video/mp4')]);
    expect(uploadFiles).not.toHaveBeenCalled();
    expect(items().map((i) => i.textContent)).toEqual([
      expect.stringContaining('单个文件不能超过10MB'),
      expect.stringContaining('仅支持 JPG、PNG、WebP 格式的图片'),
    ]);
    expect(h.container.querySelector('[data-testid="upload-retry"]')).toBeNull();
    await click(items()[0]?.querySelector('button[aria-label="删除图片"]'));
    expect(items()).toHaveLength(1);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('takes no more than its count, and says so', async () => {
    await h.render({ '/': Host }, '/');
    await pick([photo('1.jpg'), photo('2.jpg'), photo('3.jpg'), photo('4.jpg')]);
    expect(items()).toHaveLength(3);
    expect(showInfo).toHaveBeenCalledWith('最多选择3张图片');
    expect(h.container.querySelector('[data-testid="upload-add"]')).toBeNull();
  });
});
