import { defineMessages } from './bilingual';

/**
 * Texts of uploads for `file` fields (`uploads.*`): the refusals of an upload and of a record
 * naming a file that is not one of its uploads (each names the field by `{label}`), and the
 * upload input, thumbnail and link of the generic screens.
 */
export const uploadsMessages = defineMessages({
  'uploads.error.empty': ['{label}：文件为空', '{label}: the file is empty'],
  'uploads.error.tooLarge': ['{label}：文件不能超过 {max} MB', '{label}: the file must not exceed {max} MB'],
  'uploads.error.type': ['{label}：只接受 {accept} 类型的文件', '{label}: only files of type {accept} are accepted'],
  'uploads.error.notImage': [
    '{label}：文件内容不是图片（支持 PNG、JPEG、GIF、WebP）',
    '{label}: the file is not an image (PNG, JPEG, GIF or WebP)',
  ],
  'uploads.error.unknown': ['{label}：不是为此字段上传的文件', '{label}: not a file uploaded for this field'],

  'uploads.select': ['上传文件', 'Upload a file'],
  'uploads.replace': ['更换文件', 'Replace the file'],
  'uploads.remove': ['移除文件', 'Remove the file'],
  'uploads.download': ['下载', 'Download'],
  'uploads.preview': ['{label}预览', 'Preview of {label}'],
  'uploads.limits': ['不超过 {max} MB', 'Up to {max} MB'],
  'uploads.limitsTyped': ['{accept}，不超过 {max} MB', '{accept}, up to {max} MB'],
});
