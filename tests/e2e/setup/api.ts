/** A call's options as a signed-in user, with a JSON body when there is one. */
export const authed = (token: string, method = 'GET', body?: unknown): RequestInit => ({
  method,
  headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
  ...(body ? { body: JSON.stringify(body) } : {}),
})

/** Calls the running server directly: captcha answers and SMS codes come from its dev-only endpoints. */
export function apiClient(baseUrl: string) {
  const json = async <T>(path: string, init?: RequestInit): Promise<{ code: number; msg: string; data: T }> =>
    (await fetch(baseUrl + path, init)).json()

  const captchaAnswer = async (uuid: string) => (await json<{ answer: string }>(`/dev/captcha/${uuid}`)).data.answer

  return {
    json,
    captchaAnswer,
    latestSmsCode: async (phone: string) =>
      (await json<{ code: string }[]>(`/dev/sms/outbox?phone=${phone}`)).data[0].code,
    /** Waits until the phone may be sent another code (one per 60 s), as a person would. */
    async smsCooldown(phone: string): Promise<void> {
      const [latest] = (await json<{ sentAt: string }[]>(`/dev/sms/outbox?phone=${phone}`)).data
      const wait = latest ? Date.parse(latest.sentAt) + 61_000 - Date.now() : 0
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    },
    /**
     * A code the console's sign-in accepts now. Each code is taken once, and local mode offers the next one
     * early: a third sign-in of the same person within one 30 s step waits for the step to turn.
     */
    async totpCode(username: string): Promise<string> {
      for (let wait = 0; wait <= 31; wait++) {
        const reply = await json<{ code: string }>(`/dev/totp/${username}`)
        if (reply.code === 200) return reply.data.code
        await new Promise((resolve) => setTimeout(resolve, 1000))
      }
      throw new Error(`no TOTP code for ${username}`)
    },
    /** Signs a demo staff member in at the console (password `<name>2026`, the code from /dev/totp). */
    async staffSignIn(username: string): Promise<string> {
      const code = await this.totpCode(username)
      const reply = await json<{ token: string }>('/api/admin/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: `${username}2026`, totp: code }),
      })
      if (reply.code !== 200) throw new Error(`console sign-in of ${username} failed: ${reply.msg}`)
      return reply.data.token
    },
    /** Registers a newcomer through the API as the register page would (captcha, SMS code); returns the token. */
    async register(username: string, phone: string, password: string): Promise<string> {
      const captcha = async () => {
        const { uuid } = (await json<{ uuid: string }>('/api/captchaImage')).data
        return { uuid, code: await captchaAnswer(uuid) }
      }
      const query = new URLSearchParams({ phone, scene: 'register', ...(await captcha()) })
      const sent = await json(`/api/sms/sendYzm?${query}`)
      if (sent.code !== 200) throw new Error(`SMS to ${phone} failed: ${sent.msg}`)
      const smsCode = await this.latestSmsCode(phone)
      const body = { username, password, phone, smsCode, agree: true, ...(await captcha()) }
      const reply = await json('/api/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      if (reply.code !== 200) throw new Error(`registration of ${username} failed: ${reply.msg}`)
      return this.signIn(username, password)
    },
    /** Signs in by password through the API, as the login page would, and returns the token. */
    async signIn(username: string, password: string): Promise<string> {
      const { uuid } = (await json<{ uuid: string }>('/api/captchaImage')).data
      const body = JSON.stringify({ username, password, uuid, code: await captchaAnswer(uuid) })
      const reply = await json<{ token: string }>('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      if (reply.code !== 200) throw new Error(`sign-in of ${username} failed: ${reply.msg}`)
      return reply.data.token
    },
  }
}
