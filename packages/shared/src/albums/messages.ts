import type { MessageCatalogue } from '../message-catalogue';

/** What albums says to users (keys are semantic; see messages.ts). */
export const ALBUMS_MESSAGES = {
  'album.nameInvalid': { 'zh-CN': '相册名称为1-20个字', 'en-US': 'An album name is 1-20 characters' },
  'album.nameTaken': { 'zh-CN': '相册名称已存在', 'en-US': 'An album with this name already exists' },
  'album.tooMany': { 'zh-CN': '最多创建{max}个相册', 'en-US': 'At most {max} albums' },
  'album.full': { 'zh-CN': '每个相册最多{max}张图片', 'en-US': 'At most {max} pictures per album' },
  'album.filesInvalid': {
    'zh-CN': '部分图片已失效，请重新上传',
    'en-US': 'Some pictures are no longer available; please upload them again',
  },
  'album.picturesInvalid': {
    'zh-CN': '请选择本相册中的图片',
    'en-US': 'Please choose pictures of this album',
  },
  'album.changed': {
    'zh-CN': '相册内容已变化，请刷新后重试',
    'en-US': 'The album has changed; please refresh and try again',
  },
} as const satisfies MessageCatalogue;
