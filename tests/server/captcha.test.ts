import sharp from 'sharp'
import {
  CAPTCHA_ALPHABET,
  charsChallenge,
  checkCaptchaAnswer,
  createCaptcha,
  renderCaptcha,
} from '../../server/lib/captcha'

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+=*)$/

async function decode(dataUrl: string) {
  const match = PNG_DATA_URL.exec(dataUrl)
  expect(match).not.toBeNull()
  return sharp(Buffer.from(match![1], 'base64')).metadata()
}

describe('charsChallenge', () => {
  test('four characters from CAPTCHA_ALPHABET, answer equal to the question', () => {
    const alphabet = new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`)
    const seen = new Set<string>()
    for (let i = 0; i < 500; i++) {
      const { question, answer } = charsChallenge()
      expect(question).toMatch(alphabet)
      expect(answer).toBe(question)
      for (const char of question) seen.add(char)
    }
    // 2000 draws from 25 characters: all of them appear, so none is biased away.
    expect([...seen].sort().join('')).toBe([...CAPTCHA_ALPHABET].sort().join(''))
  })

  test('the alphabet leaves out the look-alike characters', () => {
    for (const char of '01OILBSZGV') expect(CAPTCHA_ALPHABET).not.toContain(char)
  })
})

describe('renderCaptcha', () => {
  test('returns a PNG data URL that decodes to 240 × 80', async () => {
    const metadata = await decode(await renderCaptcha('7A3K'))
    expect(metadata.format).toBe('png')
    expect(metadata.width).toBe(240)
    expect(metadata.height).toBe(80)
  })

  test('draws every character of the alphabet', async () => {
    const metadata = await decode(await renderCaptcha(CAPTCHA_ALPHABET))
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 240, 80])
  })

  test('refuses a character it has no glyph for', async () => {
    await expect(renderCaptcha('AB')).rejects.toThrow('captcha: no glyph for "B"')
    await expect(renderCaptcha('A 3')).rejects.toThrow('no glyph for " "')
  })

  test('the image depends on the text drawn (jitter fixed)', async () => {
    const random = jest.spyOn(Math, 'random').mockReturnValue(0.5)
    try {
      const a = await renderCaptcha('A3KX')
      expect(await renderCaptcha('A3KX')).toBe(a)
      expect(await renderCaptcha('A3KY')).not.toBe(a)
      expect(await renderCaptcha('X3KA')).not.toBe(a)
    } finally {
      random.mockRestore()
    }
  })

  test('the jitter makes two images of one question differ', async () => {
    expect(await renderCaptcha('A3KX')).not.toBe(await renderCaptcha('A3KX'))
  })
})

describe('createCaptcha', () => {
  test('four characters with a 240 × 80 PNG', async () => {
    const { answer, image } = await createCaptcha()
    expect(answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`))
    const metadata = await decode(image)
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 240, 80])
  })
})

describe('checkCaptchaAnswer', () => {
  test('accepts the answer as typed, trimmed, in any case or in full-width characters', () => {
    expect(checkCaptchaAnswer('10', '10')).toBe(true)
    expect(checkCaptchaAnswer('10', ' 10 ')).toBe(true)
    expect(checkCaptchaAnswer('10', '１０')).toBe(true)
    expect(checkCaptchaAnswer('A3KX', 'a3kx')).toBe(true)
    expect(checkCaptchaAnswer('A3KX', 'Ａ３ｋｘ')).toBe(true)
    expect(checkCaptchaAnswer('A3KX', 'ａ３ＫＸ')).toBe(true)
  })

  test('refuses wrong answers', () => {
    expect(checkCaptchaAnswer('10', '11')).toBe(false)
    expect(checkCaptchaAnswer('10', '1 0')).toBe(false)
    expect(checkCaptchaAnswer('10', '')).toBe(false)
    expect(checkCaptchaAnswer('10', '100')).toBe(false)
    expect(checkCaptchaAnswer('A3KX', 'A3K')).toBe(false)
    expect(checkCaptchaAnswer('A3KX', 'A3KY')).toBe(false)
  })

  test('refuses everything when no answer is expected (a used or expired captcha)', () => {
    expect(checkCaptchaAnswer('', '')).toBe(false)
    expect(checkCaptchaAnswer('', ' ')).toBe(false)
    expect(checkCaptchaAnswer('', '10')).toBe(false)
  })
})
