import type { MessageCatalogue } from '../message-catalogue';

/** What files says to users (keys are semantic; see messages.ts). */
export const FILES_MESSAGES = {
  'upload.noFile': { 'zh-CN': '请选择要上传的文件', 'en-US': 'Please choose a file to upload' },
  'upload.kind': { 'zh-CN': '请说明上传文件的用途', 'en-US': 'Please say what the files are for' },
  'upload.tooLarge': {
    'zh-CN': '单个文件不能超过{max}MB',
    'en-US': 'Each file must be at most {max} MB',
  },
  'upload.tooMany': { 'zh-CN': '一次最多上传{max}个文件', 'en-US': 'At most {max} files at a time' },
  'upload.notImage': {
    'zh-CN': '仅支持 JPG、PNG、WebP 格式的图片',
    'en-US': 'Only JPG, PNG and WebP images are accepted',
  },
  'upload.unreadable': { 'zh-CN': '图片已损坏或无法识别', 'en-US': 'The image is damaged or cannot be read' },
  'upload.tooManyPixels': {
    'zh-CN': '图片尺寸过大，请缩小后再上传',
    'en-US': 'The picture is too large; please make it smaller and upload it again',
  },
  'upload.hourlyCap': {
    'zh-CN': '一小时内最多上传{max}个文件，请稍后再试',
    'en-US': 'At most {max} files per hour; please try again later',
  },
  'upload.notAudio': {
    'zh-CN': '仅支持 WebM、Ogg、MP4、AAC 格式的录音',
    'en-US': 'Only WebM, Ogg, MP4 and AAC recordings are accepted',
  },
  'upload.voiceTooLarge': { 'zh-CN': '录音不能超过{max}MB', 'en-US': 'A recording can be at most {max} MB' },
} as const satisfies MessageCatalogue;
