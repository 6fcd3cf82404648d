/** The content lists editors keep at the console (内容): home banners and anchors, our social accounts. */
import {
  AdminBanner,
  AdminSocialAccount,
  BannerInput,
  BannerPatch,
  SocialAccountInput,
  SocialAccountPatch,
} from '../../../src/contract/content'
import { findRoute } from '../../../src/routes'
import { banners, socialAccounts } from '../../db/schema'
import type { EditableList } from '../../lib/editableList'
import { checkStoredImage } from '../../lib/images'
import { invalid } from '../../lib/envelope'

/** A banner opens a page of the H5 (`/index/articleDetail?id=3`), never an outside address. */
function checkInAppLink(link: string): string {
  const path = link.split('?')[0]
  if (link && !(path.startsWith('/index/') && findRoute(path))) {
    invalid('link', '跳转页面必须是站内页面地址，如 /index/articleDetail?id=3；不跳转请留空')
  }
  return link
}

function checkProfileLink(link: string): string {
  if (link && !/^https:\/\/[^\s/]+\.[^\s]+$/.test(link)) invalid('link', '主页链接必须以 https:// 开头；没有请留空')
  return link
}

export function contentLists(dataDir: string): EditableList[] {
  return [
    {
      path: 'banners',
      subject: 'banner',
      title: '轮播图与主播',
      table: banners,
      groupBy: [banners.kind],
      row: AdminBanner,
      input: BannerInput,
      patch: BannerPatch,
      clean: async ({ image, link, ...fields }) => ({
        ...fields,
        ...(image === undefined ? {} : { image: await checkStoredImage(dataDir, 'image', image) }),
        ...(link === undefined ? {} : { link: checkInAppLink(link as string) }),
      }),
    },
    {
      path: 'social-accounts',
      subject: 'socialAccount',
      title: '官方账号',
      table: socialAccounts,
      groupBy: [socialAccounts.platform],
      row: AdminSocialAccount,
      input: SocialAccountInput,
      patch: SocialAccountPatch,
      clean: async ({ avatar, link, ...fields }) => ({
        ...fields,
        ...(avatar === undefined ? {} : { avatar: await checkStoredImage(dataDir, 'avatar', avatar) }),
        ...(link === undefined ? {} : { link: checkProfileLink(link as string) }),
      }),
    },
  ]
}
