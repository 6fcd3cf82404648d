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
