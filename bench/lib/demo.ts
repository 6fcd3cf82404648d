/** The demo data's accounts, as a benchmark signs in to them (local mode: the captcha's answer from /dev). */

/** Signs a demo user (buyer, seller, merchant: password `<name>2026`) in as the login page does; returns the token. */
export async function signInDemoUser(origin: string, username: string): Promise<string> {
  const captcha = (await (await fetch(`${origin}/api/captchaImage`)).json()) as { data: { uuid: string } }
  const answer = (await (await fetch(`${origin}/dev/captcha/${captcha.data.uuid}`)).json()) as {
    data: { answer: string }
  }
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      password: `${username}2026`,
      uuid: captcha.data.uuid,
      code: answer.data.answer,
    }),
  })
  const body = (await login.json()) as { data?: { token: string }; msg: string }
  if (!body.data) throw new Error(`sign-in failed: ${body.msg}`)
  return body.data.token
}

/** Signs a demo staff member in at the console (password `<name>2026`, the TOTP code from /dev/totp). */
export async function signInDemoStaff(origin: string, username: string): Promise<string> {
  const totp = (await (await fetch(`${origin}/dev/totp/${username}`)).json()) as { data?: { code: string } }
  if (!totp.data) throw new Error(`no TOTP code for ${username}`)
  const login = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: `${username}2026`, totp: totp.data.code }),
  })
  const body = (await login.json()) as { data?: { token: string }; msg: string }
  if (!body.data) throw new Error(`console sign-in of ${username} failed: ${body.msg}`)
  return body.data.token
}
