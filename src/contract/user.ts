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
  realNameStatus: 'none' | 'verified'
  realName: string
  idNumber: string
}
