import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { AppError } from '../../server/lib/envelope'
import { MAX_IMAGE_BYTES, storeImage, UPLOADS_URL, uploadsDir } from '../../server/lib/images'

const UNSUPPORTED = '图片格式不支持，请上传 JPG、PNG 或 WebP 图片'
const BROKEN = '图片已损坏，无法读取'
const PAYLOAD = '<?php system($_GET["c"]); ?>'

let dataDir: string
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haoanxin-images-'))
})
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }))

/** A picture with some detail (a flat colour compresses to almost nothing). */
function picture(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = ((i * 2654435761) >>> 24) & 0xff
  return sharp(pixels, { raw: { width, height, channels: 3 } })
}

/** The file behind a stored URL. */
function fileOf(url: string): string {
  expect(url.startsWith(`${UPLOADS_URL}/`)).toBe(true)
  return path.join(uploadsDir(dataDir), url.slice(UPLOADS_URL.length + 1))
}

async function refusal(input: Buffer): Promise<AppError> {
  try {
    await storeImage(dataDir, input)
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    return error as AppError
  }
  throw new Error('storeImage accepted the input')
}

const storedFiles = () => (fs.existsSync(uploadsDir(dataDir)) ? fs.readdirSync(uploadsDir(dataDir)) : [])

describe('storeImage', () => {
  test.each([
    ['png', 'png', () => picture(64, 48).png()],
    ['jpeg', 'jpg', () => picture(64, 48).jpeg()],
    ['webp', 'webp', () => picture(64, 48).webp()],
  ])('accepts %s and stores it re-encoded in the same format', async (format, ext, make) => {
    const input = await make().toBuffer()
    const stored = await storeImage(dataDir, input)
    expect(stored.url).toMatch(new RegExp(`^/uploads/[0-9a-f]{40}\\.${ext}$`))
    expect([stored.width, stored.height]).toEqual([64, 48])

    const file = fileOf(stored.url)
    const metadata = await sharp(file).metadata()
    expect(metadata.format).toBe(format)
    expect([metadata.width, metadata.height]).toEqual([64, 48])
    expect(storedFiles()).toEqual([path.basename(file)])
  })

  test.each([
    ['png', () => picture(40, 30).png()],
    ['jpeg', () => picture(40, 30).jpeg()],
    ['webp', () => picture(40, 30).webp()],
  ])('a payload appended to a %s is not kept', async (_format, make) => {
    const input = Buffer.concat([await make().toBuffer(), Buffer.from(PAYLOAD)])
    const stored = await storeImage(dataDir, input)
    const bytes = fs.readFileSync(fileOf(stored.url))
    expect(bytes.includes(PAYLOAD)).toBe(false)
    expect(bytes.equals(input)).toBe(false)
  })

  test('applies the EXIF orientation and drops the metadata', async () => {
    // Orientation 6: the camera was turned a quarter clockwise, the stored pixels are 60 × 40.
    const input = await picture(60, 40)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: 'GPS 31.2304N 121.4737E' } })
      .toBuffer()
    const before = await sharp(input).metadata()
    expect([before.width, before.height, before.orientation]).toEqual([60, 40, 6])
    expect(input.includes('GPS 31.2304N')).toBe(true)

    const stored = await storeImage(dataDir, input)
    expect([stored.width, stored.height]).toEqual([40, 60])
    const file = fileOf(stored.url)
    const after = await sharp(file).metadata()
    expect([after.width, after.height]).toEqual([40, 60])
    expect(after.orientation).toBeUndefined()
    expect(after.exif).toBeUndefined()
    expect(after.xmp).toBeUndefined()
    expect(fs.readFileSync(file).includes('GPS 31.2304N')).toBe(false)
  })

  test('a picture over 2048 px is scaled to fit, keeping its aspect ratio', async () => {
    const wide = await storeImage(dataDir, await picture(3000, 1200).png().toBuffer())
    expect(wide.width).toBe(2048)
    expect(Math.abs(wide.height - (1200 * 2048) / 3000)).toBeLessThanOrEqual(1)
    const wideFile = await sharp(fileOf(wide.url)).metadata()
    expect([wideFile.width, wideFile.height]).toEqual([wide.width, wide.height])

    const tall = await storeImage(dataDir, await picture(1000, 2500).jpeg().toBuffer())
    expect(tall.height).toBe(2048)
    expect(Math.abs(tall.width - (1000 * 2048) / 2500)).toBeLessThanOrEqual(1)
  })

  test('a picture of exactly 2048 px is not resized, a small one not enlarged', async () => {
    const edge = await storeImage(dataDir, await picture(2048, 100).png().toBuffer())
    expect([edge.width, edge.height]).toEqual([2048, 100])
    const small = await storeImage(dataDir, await picture(10, 7).png().toBuffer())
    expect([small.width, small.height]).toEqual([10, 7])
  })

  test.each([
    ['GIF', () => picture(20, 20).gif().toBuffer()],
    ['TIFF', () => picture(20, 20).tiff().toBuffer()],
    [
      'SVG',
      async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20"/></svg>',
        ),
    ],
    ['text', async () => Buffer.from('just some text, not a picture\n')],
    ['a script named .png', async () => Buffer.from(PAYLOAD)],
    ['empty input', async () => Buffer.alloc(0)],
  ])('%s is refused with 400 and nothing is stored', async (_name, make) => {
    const error = await refusal(await make())
    expect(error.code).toBe(400)
    expect(error.message).toBe(UNSUPPORTED)
    expect(storedFiles()).toEqual([])
  })

  test('a decompression bomb (56 Mpx of one colour) is refused from its header, nothing stored', async () => {
    const bomb = await sharp({ create: { width: 7500, height: 7500, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer()
    expect(bomb.length).toBeLessThan(MAX_IMAGE_BYTES)
    const error = await refusal(bomb)
    expect([error.code, error.message]).toEqual([400, '图片尺寸过大（最多 5000 万像素）'])
    expect(storedFiles()).toEqual([])
  })

  test('a truncated JPEG is refused with 400 and nothing is stored', async () => {
    const full = await picture(400, 300).jpeg().toBuffer()
    const truncated = full.subarray(0, Math.floor(full.length / 2))
    expect((await sharp(truncated).metadata()).format).toBe('jpeg')

    const error = await refusal(truncated)
    expect(error.code).toBe(400)
    expect(error.message).toBe(BROKEN)
    expect(storedFiles()).toEqual([])
  })

  test('the same picture stored twice gives the same URL and one file', async () => {
    const input = await picture(50, 50).png().toBuffer()
    const first = await storeImage(dataDir, input)
    const second = await storeImage(dataDir, input)
    expect(second).toEqual(first)
    expect(storedFiles()).toEqual([path.basename(fileOf(first.url))])

    // Different pictures get different names.
    const other = await storeImage(dataDir, await picture(50, 51).png().toBuffer())
    expect(other.url).not.toBe(first.url)
    expect(storedFiles().sort()).toEqual([path.basename(fileOf(first.url)), path.basename(fileOf(other.url))].sort())
  })

  test('the name is the SHA-256 of the stored bytes, not of the upload', async () => {
    const { createHash } = await import('node:crypto')
    const input = await picture(30, 30).jpeg().toBuffer()
    const stored = await storeImage(dataDir, input)
    const bytes = fs.readFileSync(fileOf(stored.url))
    const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 40)
    expect(stored.url).toBe(`/uploads/${digest}.jpg`)
  })

  test('MAX_IMAGE_BYTES is 5 MiB', () => {
    expect(MAX_IMAGE_BYTES).toBe(5 * 1024 * 1024)
  })
})
