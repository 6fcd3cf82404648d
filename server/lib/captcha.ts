import { randomInt } from 'node:crypto'
import sharp from 'sharp'

/**
 * Image captchas for login and before every SMS send (each SMS costs money; see backend-recipe §3.3).
 * Four characters from a 25-character alphabet: 390 625 answers, so a constant guess passes once in
 * ~400 000 tries (the arithmetic captcha it replaced had 51 possible answers). Each image allows one
 * guess and issuing them is limited per address (modules/auth). Glyphs are our own stroke paths rather
 * than text, because CI machines and slim containers may have no fonts for librsvg to find, and
 * mini-programs show PNG data URLs but not SVG ones.
 */

export interface Challenge {
  /** What the image shows; never sent to the client. */
  question: string
  answer: string
}

export interface Captcha {
  answer: string
  /** `data:image/png;base64,…` */
  image: string
}

/** No 0/O, 1/I/L, and one side of each pair a distorted stroke font blurs: 2/Z, 5/S, 6/G, 8/B, U/V. */
export const CAPTCHA_ALPHABET = '23456789ACDEFHJKMNPRTUWXY'
const CHARS_LENGTH = 4

/** Stroke paths in a 10 × 16 box (y down), one per character of CAPTCHA_ALPHABET. */
const GLYPHS: Record<string, string> = {
  '2': 'M0.5 4C0.5 1.5 2.5 0 5 0S9.5 1.5 9.5 4.5C9.5 8 0 11.5 0 16H10',
  '3': 'M0.5 2C1.5 0.7 3 0 5 0 7.5 0 9.5 1.5 9.5 4S7.5 7.5 4 7.5C8 7.5 10 9 10 12S8 16 5 16C2.5 16 1 15 0 13.5',
  '4': 'M7 16V0L0 11H10',
  '5': 'M9.5 0H1.5L0.5 7.5C2 6.3 3.5 5.8 5 5.8 8 5.8 10 8 10 11S8 16 5 16C2.5 16 1 15 0 13.5',
  '6': 'M9 1.5C8 0.5 6.5 0 5 0 1.5 0 0 4 0 9.5 0 14 2 16 5 16S10 14 10 11 8 6 5 6 0 8 0 10.5',
  '7': 'M0 0H10L4 16',
  '8': 'M5 7.5C2 7.5 0.5 6 0.5 3.8S2.5 0 5 0 9.5 1.5 9.5 3.8 8 7.5 5 7.5C1.5 7.5 0 9.5 0 11.8S2 16 5 16 10 14 10 11.8 8.5 7.5 5 7.5Z',
  '9': 'M1 14.5C2 15.5 3.5 16 5 16 8.5 16 10 12 10 6.5 10 2 8 0 5 0S0 2 0 5 2 10 5 10 10 8 10 5.5',
  A: 'M0 16 5 0 10 16M2 10.5H8',
  C: 'M10 2.5C9 1 7 0 5.5 0 2 0 0 3.5 0 8S2 16 5.5 16C7 16 9 15 10 13.5',
  D: 'M0 0V16H4C8 16 10 13 10 8S8 0 4 0Z',
  E: 'M10 0H0V16H10M0 8H7',
  F: 'M10 0H0V16M0 8H7',
  H: 'M0 0V16M10 0V16M0 8H10',
  J: 'M9 0V11.5C9 14.5 7 16 4.5 16S0 14.5 0 12',
  K: 'M0 0V16M10 0 0 10M3 7.5 10 16',
  M: 'M0 16V0L5 10 10 0V16',
  N: 'M0 16V0L10 16V0',
  P: 'M0 16V0H6C8.5 0 10 1.5 10 4S8.5 8 6 8H0',
  R: 'M0 16V0H6C8.5 0 10 1.5 10 4S8.5 8 6 8H0M5 8 10 16',
  T: 'M0 0H10M5 0V16',
  U: 'M0 0V11C0 14 2 16 5 16S10 14 10 11V0',
  W: 'M0 0 2.5 16 5 5 7.5 16 10 0',
  X: 'M0 0 10 16M10 0 0 16',
  Y: 'M0 0 5 8 10 0M5 8V16',
}

const WIDTH = 240
const HEIGHT = 80
const GLYPH_SCALE = 2.6
const GLYPH_ADVANCE = 32

/** Visual jitter only: the answer itself comes from the CSPRNG. */
const jitter = (min: number, max: number) => min + Math.random() * (max - min)
const round = (value: number) => Math.round(value * 10) / 10

export function charsChallenge(): Challenge {
  const text = Array.from({ length: CHARS_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('')
  return { question: text, answer: text }
}

function darkColour(): string {
  return `hsl(${Math.floor(jitter(0, 360))},${Math.floor(jitter(55, 80))}%,${Math.floor(jitter(22, 38))}%)`
}

function lightColour(): string {
  return `hsl(${Math.floor(jitter(0, 360))},${Math.floor(jitter(30, 60))}%,${Math.floor(jitter(60, 80))}%)`
}

function captchaSvg(text: string): string {
  const width = [...text].length * GLYPH_ADVANCE
  // Long questions are squeezed a little rather than clipped.
  const squeeze = Math.min(1, (WIDTH - 16) / width)
  let x = (WIDTH - width * squeeze) / 2
  const glyphs: string[] = []
  for (const char of text) {
    const path = GLYPHS[char]
    if (!path) throw new Error(`captcha: no glyph for "${char}"`)
    const scale = GLYPH_SCALE * squeeze * jitter(0.85, 1.05)
    const left = x + (GLYPH_ADVANCE * squeeze - 10 * scale) / 2 + jitter(-2, 2)
    const top = (HEIGHT - 16 * scale) / 2 + jitter(-6, 6)
    const transform =
      `translate(${round(left)} ${round(top)}) rotate(${round(jitter(-18, 18))} ${round(5 * scale)} ${round(8 * scale)}) ` +
      `scale(${round(scale * 100) / 100})`
    glyphs.push(`<path transform="${transform}" stroke="${darkColour()}" d="${path}"/>`)
    x += GLYPH_ADVANCE * squeeze
  }

  const lines = Array.from({ length: 4 }, () => {
    const points = [0, 1, 2, 3].map(() => `${round(jitter(0, WIDTH))} ${round(jitter(0, HEIGHT))}`)
    return `<path stroke="${lightColour()}" stroke-width="${round(jitter(1, 2.2))}" d="M${points.join('C')}"/>`
  })
  const dots = Array.from(
    { length: 30 },
    () =>
      `<circle cx="${round(jitter(0, WIDTH))}" cy="${round(jitter(0, HEIGHT))}" r="${round(jitter(0.8, 1.8))}" ` +
      `fill="${lightColour()}"/>`,
  )

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<rect width="100%" height="100%" fill="hsl(${Math.floor(jitter(0, 360))},40%,95%)"/>` +
    `<g fill="none" stroke-linecap="round">${lines.join('')}</g>` +
    dots.join('') +
    `<g fill="none" stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round">${glyphs.join('')}</g>` +
    `</svg>`
  )
}

/** Draws `question` as a PNG data URL. */
export async function renderCaptcha(question: string): Promise<string> {
  const png = await sharp(Buffer.from(captchaSvg(question)))
    .png({ palette: true, colours: 32, compressionLevel: 9 })
    .toBuffer()
  return `data:image/png;base64,${png.toString('base64')}`
}

export async function createCaptcha(): Promise<Captcha> {
  const { question, answer } = charsChallenge()
  return { answer, image: await renderCaptcha(question) }
}

/** NFKC folds the full-width digits and letters a Chinese input method may produce (`１０` → `10`). */
export function checkCaptchaAnswer(expected: string, given: string): boolean {
  const normalise = (value: string) => value.normalize('NFKC').trim().toUpperCase()
  return expected !== '' && normalise(expected) === normalise(given)
}
