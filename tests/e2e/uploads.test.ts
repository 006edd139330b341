import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { stripedPng } from '../helpers/png';
import { openDialogs } from './pages/antd';
import { useDemoSession } from './pages/demo-session';
import { DetailPage } from './pages/detail.page';
import { FormPage, savedDetailThenList } from './pages/form.page';
import { ListPage } from './pages/list.page';

/**
 * Uploads in the browser, on the one built screen with a `file` field (level materials'
 * picture, `image/*`, at most 2 MB): a page renamed .png is refused under the input, a real PNG
 * is uploaded and previewed, the material is saved, and its detail shows the picture, loaded
 * from the real server with the session.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;

const PNG = stripedPng(96);

describe('uploads in the browser', () => {
  it('uploads a level material picture, refuses a fake image, and shows the picture on the detail', async () => {
    const { page, shell } = await session.signedIn('admin');
    await shell.goto(baseUrl, '/member/level-material/level-material');
    const list = new ListPage(page);
    await list.waitLoaded();
    await list.clickButton('新增');
    const form = new FormPage(page);
    const picture = form.field('物料图片');
    await picture.waitFor();
    await form.fillAll({ 物料标题: '上传海报', 适用等级: '金卡' });

    const fileInput = picture.locator('input[type=file]');
    await fileInput.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    await expect.poll(() => picture.getByRole('alert').innerText()).toBe('物料图片：文件内容不是图片（支持 PNG、JPEG、GIF、WebP）');

    await fileInput.setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: PNG });
    const preview = picture.getByAltText('物料图片预览');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    await screenshot(page, 'upload-level-material-form-zh');
    await form.save();
    await savedDetailThenList(page, {
      detail: '/member/level-material/level-material-dtl',
      list: '/member/level-material/level-material',
      leaveBy: 'back',
    });

    await list.waitLoaded();
    await list.row('上传海报').waitFor();
    await list.rowAction('上传海报', '详情');
    const dialogs = openDialogs(page);
    const detail = new DetailPage(page, (await dialogs.count()) > 0 ? dialogs.last() : undefined);
    await detail.settled();
    const shown = detail.root.getByAltText('物料图片预览');
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    await screenshot(page, 'upload-level-material-detail-zh');
  });
});
