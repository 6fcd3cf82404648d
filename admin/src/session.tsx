/**
 * Who is signed in at the console. The token lives in localStorage (shared by the tabs of one desk); the
 * server ends a staff session after 8 h without a call, and any 401 brings the sign-in back with its reason.
 */
import { App } from 'antd'
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import type { StaffMe, StaffRole } from '@contract/staff'
import { api, forgetToken, onSignedOut, readToken, saveToken } from './api'

interface Session {
  /** undefined while the stored token is being checked; null when nobody is signed in. */
  me: StaffMe | null | undefined
  signIn(token: string): Promise<void>
  signOut(): Promise<void>
  /** Whether the signed-in staff member holds one of these roles (admins hold them all). */
  can(roles: readonly StaffRole[]): boolean
}

const SessionContext = createContext<Session | null>(null)

function mayUse(me: StaffMe | null | undefined, roles: readonly StaffRole[]): boolean {
  return !!me && me.roles.some((role) => role === 'admin' || roles.includes(role))
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const { message } = App.useApp()
  const [me, setMe] = useState<StaffMe | null | undefined>(() => (readToken() ? undefined : null))

  useEffect(() => {
    if (readToken()) {
      api.get<StaffMe>('/admin/me').then(setMe, () => setMe(null))
    }
    return onSignedOut((reason) => {
      setMe(null)
      void message.warning(reason)
    })
  }, [message])

  const signIn = useCallback(async (token: string) => {
    saveToken(token)
    setMe(await api.get<StaffMe>('/admin/me'))
  }, [])

  const signOut = useCallback(async () => {
    await api.post('/logout').catch(() => undefined)
    forgetToken()
    setMe(null)
  }, [])

  const session = useMemo<Session>(
    () => ({ me, signIn, signOut, can: (roles) => mayUse(me, roles) }),
    [me, signIn, signOut],
  )
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
}

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession outside SessionProvider')
  return session
}
