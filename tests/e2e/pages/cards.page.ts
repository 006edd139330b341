import type { Page } from 'playwright-core';
import { FormPage } from './form.page';
import { ListPage } from './list.page';
import { looseText, openDialogs } from './antd';

/**
 * The prepaid card screens beyond the generic ones: the "Make cards" dialog of the card inquiry
 * and the stock table. Read as a user reads them: buttons and labels by their text.
 */
export class MakeCardsDialog {
  constructor(readonly page: Page) {}

  /** Opens the dialog from the card inquiry's toolbar. */
  async open(button: string | RegExp = /^\s*(制\s*卡|Make cards)\s*$/i): Promise<FormPage> {
    await this.page
      .getByRole('button', { name: looseText(button) })
      .first()
      .click();
    const form = FormPage.inDialog(this.page);
    await form.root.waitFor();
    return form;
  }

  /** Fills template, quantity and store, submits, and answers the card numbers shown with their secrets. */
  async make(
    values: { template: string; quantity: string; store: string },
    labels = { template: '卡模板', quantity: '制卡数量', store: '入库门店', submit: '制卡' },
  ): Promise<{ numbers: string[]; secrets: string[] }> {
    const form = await this.open();
    await form.fillAll({ [labels.template]: values.template, [labels.quantity]: values.quantity, [labels.store]: values.store });
    await form.save(looseText(labels.submit));
    const dialog = openDialogs(this.page).last();
    const made = new ListPage(this.page, dialog);
    await made.rows.first().waitFor();
    return { numbers: await made.column(/卡号|Card number/), secrets: await made.column(/卡密|Secret/) };
  }

  /** Closes the dialog after making. */
  async close(button: string | RegExp = /^\s*(完\s*成|Done)\s*$/i): Promise<void> {
    const dialog = openDialogs(this.page).last();
    await dialog.getByRole('button', { name: looseText(button) }).click();
    await dialog.waitFor({ state: 'detached' }).catch(() => undefined);
  }
}

/** The stock screen: one row per store and template, a column per state. */
export class StockPage extends ListPage {
  /** The count a row shows under a state's header. */
  async count(rowText: string | RegExp, header: string | RegExp): Promise<number> {
    return Number((await this.cell(rowText, header)).replace(/,/g, ''));
  }
}
