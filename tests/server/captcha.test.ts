import sharp from 'sharp'
import {
  CAPTCHA_ALPHABET,
  charsChallenge,
  checkCaptchaAnswer,
  createCaptcha,
  mathChallenge,
  renderCaptcha,
} from '../../server/lib/captcha'

const QUESTION = /^(\d+) ([+−×]) (\d+) = \?$/
const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+=*)$/

async function decode(dataUrl: string) {
  const match = PNG_DATA_URL.exec(dataUrl)
  expect(match).not.toBeNull()
  return sharp(Buffer.from(match![1], 'base64')).metadata()
}

describe('mathChallenge', () => {
  test('the answer is the result of the question, never negative', () => {
    const operators = new Set<string>()
    for (let i = 0; i < 600; i++) {
      const { question, answer } = mathChallenge()
      const match = QUESTION.exec(question)
      expect(match).not.toBeNull()
      const [, left, op, right] = match!
      const a = Number(left)
      const b = Number(right)
      const expected = op === '+' ? a + b : op === '−' ? a - b : a * b
      expect(answer).toBe(String(expected))
      expect(expected).toBeGreaterThanOrEqual(0)
      expect(a).toBeGreaterThanOrEqual(1)
      expect(b).toBeGreaterThanOrEqual(1)
      operators.add(op)
    }
    // Every operator turns up in 600 draws (each has a third of the chance).
    expect([...operators].sort()).toEqual(['+', '×', '−'].sort())
  })
})

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
    const metadata = await decode(await renderCaptcha('7 + 3 = ?'))
    expect(metadata.format).toBe('png')
    expect(metadata.width).toBe(240)
    expect(metadata.height).toBe(80)
  })

  test('draws every character either challenge kind can use', async () => {
    // Math questions: digits of both operands, the three operators, `=`, `?` and spaces.
    const mathChars = '0123456789 +−×=?'
    for (const text of [mathChars, CAPTCHA_ALPHABET, `${mathChars}${CAPTCHA_ALPHABET}`]) {
      const metadata = await decode(await renderCaptcha(text))
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 240, 80])
    }
  })

  test('refuses a character it has no glyph for', async () => {
    await expect(renderCaptcha('AB')).rejects.toThrow('captcha: no glyph for "B"')
    await expect(renderCaptcha('1 - 1')).rejects.toThrow('no glyph for "-"')
  })

  test('the image depends on the text drawn (jitter fixed)', async () => {
    const random = jest.spyOn(Math, 'random').mockReturnValue(0.5)
    try {
      const a = await renderCaptcha('12 + 7 = ?')
      expect(await renderCaptcha('12 + 7 = ?')).toBe(a)
      expect(await renderCaptcha('12 + 8 = ?')).not.toBe(a)
      expect(await renderCaptcha('12 × 7 = ?')).not.toBe(a)
    } finally {
      random.mockRestore()
    }
  })

  test('the jitter makes two images of one question differ', async () => {
    expect(await renderCaptcha('12 + 7 = ?')).not.toBe(await renderCaptcha('12 + 7 = ?'))
  })
})

describe('createCaptcha', () => {
  test('math by default, chars on request, each with a 240 × 80 PNG', async () => {
    const math = await createCaptcha()
    expect(math.answer).toMatch(/^\d+$/)
    const chars = await createCaptcha('chars')
    expect(chars.answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`))
    for (const { image } of [math, chars]) {
      const metadata = await decode(image)
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 240, 80])
    }
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
