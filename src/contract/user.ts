/** The signed-in user as the profile call returns it: no secrets; the ID number arrives masked. */
export interface UserProfile {
  userId: number
  userName: string
  nickName: string
  avatar: string
  phone: string
  email: string
  sex: string
  qq: string
  weixin: string
  roles: string[]
  /** Whether a sign-in password is set; changing it then needs the current one. */
  hasPassword: boolean
  realNameStatus: 'none' | 'verified'
  realName: string
  idNumber: string
}

/** PUT /system/user/profile: only the fields given change. */
export interface ProfilePatch {
  nickName?: string
  avatar?: string
  email?: string
  sex?: '0' | '1' | '2'
  qq?: string
  weixin?: string
}

export interface RealNameResult {
  realNameStatus: 'none' | 'verified'
  realName: string
  idNumber: string
}
