import type { Locator, Page } from 'playwright-core'
import sharp from 'sharp'

/** The selling form's steps as a person fills them: 基本信息, 竞价回收 and 估价 share them. */
export interface SellFormFill {
  /** The region path, root then child, picked in the cascade of step 1. */
  region: [string, string]
  /** Chips chosen per group (段位, 报价时长 …). */
  choices: [string, string][]
  /** Text and number fields by label. */
  fields: [string, string][]
}

/** A 王者荣耀 account as the demo seller describes it (iOS · QQ, 铂金, V5, 98 heroes…), then `extra` fields in order. */
export const wzAccount = (extra: [string, string][]): SellFormFill => ({
  region: ['iOS', 'QQ'],
  choices: [
    ['段位', '铂金'],
    ['贵族等级', 'V5'],
    ['二次实名', '可二次实名'],
  ],
  fields: [['英雄数', '98'], ['皮肤数', '156'], ['账号等级', '30'], ['绑定情况', '仅绑定手机，可换绑'], ...extra],
})

/** Step 1 (the region) and step 2's chips and fields; `page` is the form on top. */
export async function fillSellForm(page: Locator, { region, choices, fields }: SellFormFill): Promise<void> {
  await page.getByRole('button', { name: '选择区服' }).click()
  await page.getByText(region[0], { exact: true }).click()
  await page.getByText(region[1], { exact: true }).first().click()
  await page.locator('.taro-button-core', { hasText: '下一步' }).click()
  for (const [group, choice] of choices) {
    await page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: choice, exact: true }).click()
  }
  for (const [label, value] of fields) {
    // Number inputs are spin buttons to the accessibility tree.
    const box = page.getByRole('textbox', { name: label, exact: true })
    await ((await box.count()) ? box : page.getByRole('spinbutton', { name: label, exact: true })).fill(value)
  }
}

/** Uploads a generated picture into the form's first uploader (a cover, a screenshot) and waits for it. */
export async function uploadCover(browser: Page, page: Locator, colour: string): Promise<void> {
  const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
    .png()
    .toBuffer()
  const [chooser] = await Promise.all([
    browser.waitForEvent('filechooser'),
    page.getByRole('button', { name: '添加图片' }).first().click(),
  ])
  await chooser.setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: picture })
  await page.getByRole('button', { name: '删除图片 1' }).waitFor()
}

/** Pays an order in full from its orderDetail (open on `page`): 去支付 → 支付宝 → the local Alipay cashier → back, 交易中. */
export async function payAtLocalCashier(browser: Page, page: Locator): Promise<void> {
  await page.getByRole('button', { name: '去支付', exact: true }).click()
  await page.getByRole('radio', { name: '支付宝' }).click()
  await page.getByText('确认支付', { exact: true }).click()
  await browser.waitForURL(/\/dev\/alipay\?/)
  await browser.getByRole('button', { name: /^确认支付 / }).click()
  await browser.waitForURL(/\/index\/orderDetail\?.*outTradeNo=/)
}
