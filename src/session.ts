import { useEffect } from 'react'
import Taro from '@tarojs/taro'
import { cancelDeletion } from '@/api/account'
import { logout, logoutEverywhere } from '@/api/auth'
import { loadProfile } from '@/api/user'
import { currentPageUrl, replacePage, safeRedirect } from '@/navigation'
import { clearSession, readToken, saveToken, useAppState } from '@/store'
import { showDialog } from '@/utils/dialog'
import { formatTime } from '@/utils/time'

/**
 * After a successful sign-in: keep the token, fetch the profile, return to where the user came from. An account in
 * its 注销 cooling-off period is asked first: cancel the deletion and go on, or leave it and sign out again.
 */
export async function completeSignIn(token: string, redirect?: string): Promise<void> {
  saveToken(token)
  const profile = await loadProfile()
  if (profile?.deletionEraseAt) {
    const { confirm } = await showDialog({
      title: '账号注销中',
      content: `此账号已申请注销，将于 ${formatTime(profile.deletionEraseAt)} 注销。撤销注销后可继续使用。`,
      confirmText: '撤销注销',
      cancelText: '退出登录',
    })
    if (!confirm) return signOut()
    await cancelDeletion()
    await loadProfile()
  }
  const target = safeRedirect(redirect)
  if (target) await Taro.redirectTo({ url: target })
  else await replacePage('home')
}

/**
 * Ends the session on the server (best effort) and here, then shows the login page. `everywhere` ends
 * every session of the account (a lost phone, a shared computer) — after the user confirms it.
 */
export async function signOut(everywhere = false): Promise<void> {
  if (everywhere) {
    const { confirm } = await showDialog({
      title: '退出所有设备',
      content: '将结束此账号在所有手机和电脑上的登录（包括本机），之后需要重新登录。',
      confirmText: '全部退出',
    })
    if (!confirm) return
  }
  try {
    await (everywhere ? logoutEverywhere() : logout())
  } finally {
    clearSession()
    await replacePage('login')
  }
}

/**
 * For pages marked "login" in SCREENS.md: a signed-out visitor is sent to /login, with the way back.
 * Returns whether the user is signed in; the profile is fetched when it is not loaded yet.
 */
export function useRequireLogin(): boolean {
  const token = useAppState((s) => s.token) || readToken()
  const hasProfile = useAppState((s) => s.profile !== null)
  useEffect(() => {
    if (!token) void replacePage('login', { redirect: currentPageUrl() })
    else if (!hasProfile) void loadProfile()
  }, [token, hasProfile])
  return Boolean(token)
}
