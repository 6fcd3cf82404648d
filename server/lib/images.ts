/**
 * Every image the server keeps (uploads, generated demo pictures) goes through `storeImage`: the bytes
 * are decoded by sharp — which is the content check: a renamed script or a truncated file fails here —,
 * turned upright, re-encoded (dropping EXIF, GPS and any trailing payload) and written under
 * `DATA_DIR/uploads` with a content-addressed name, so a URL never changes meaning and can be cached
 * for a year.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp, { type OutputInfo } from 'sharp'
import { AppError, invalid } from './envelope'

export const UPLOADS_URL = '/uploads'
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
/** Larger pictures are scaled down to this many pixels on their longer side. */
const MAX_EDGE = 2048
const ACCEPTED = new Set(['jpeg', 'png', 'webp'])
/**
 * 50 Mpx covers every phone camera; above it a 5 MB file is a decompression bomb (a 144 Mpx PNG of one
 * colour is a few hundred KB and 576 MB decoded). Checked from the header before anything is decoded.
 */
export const MAX_IMAGE_PIXELS = 50_000_000

export interface StoredImage {
  /** `/uploads/<sha256>.<ext>`, relative to the server's origin. */
  url: string
  width: number
  height: number
}

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads')

export async function storeImage(dataDir: string, input: Buffer): Promise<StoredImage> {
  let metadata: { format?: string; width?: number; height?: number }
  try {
    metadata = await sharp(input).metadata()
  } catch {
    metadata = {}
  }
  const { format, width = 0, height = 0 } = metadata
  if (!format || !ACCEPTED.has(format)) throw new AppError(400, '图片格式不支持，请上传 JPG、PNG 或 WebP 图片')
  if (width * height > MAX_IMAGE_PIXELS) throw new AppError(400, '图片尺寸过大（最多 5000 万像素）')

  let output: { data: Buffer; info: OutputInfo }
  try {
    const pipeline = sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
    const encoded =
      format === 'png'
        ? pipeline.png({ compressionLevel: 9 })
        : format === 'webp'
          ? pipeline.webp({ quality: 82 })
          : pipeline.jpeg({ quality: 82, mozjpeg: true })
    output = await encoded.toBuffer({ resolveWithObject: true })
  } catch {
    throw new AppError(400, '图片已损坏，无法读取')
  }

  const ext = format === 'jpeg' ? 'jpg' : format
  const name = `${createHash('sha256').update(output.data).digest('hex').slice(0, 40)}.${ext}`
  const dir = uploadsDir(dataDir)
  await fs.mkdir(dir, { recursive: true })
  const file = path.join(dir, name)
  // Written aside and renamed: a reader never sees half a file, and the same picture twice is one file.
  const draft = `${file}.${process.pid}.${Date.now()}.tmp`
  await fs.writeFile(draft, output.data)
  await fs.rename(draft, file)
  return { url: `${UPLOADS_URL}/${name}`, width: output.info.width, height: output.info.height }
}

/** A URL `storeImage` gave out; anything else in a form (an outside address, a path) is not one of ours. */
export const STORED_IMAGE_URL = /^\/uploads\/[0-9a-f]{40}\.(jpg|png|webp)$/

/** Whether `url` names an image stored here (the pattern, and the file is there). */
export async function isStoredImage(dataDir: string, url: string): Promise<boolean> {
  if (!STORED_IMAGE_URL.test(url)) return false
  return fs
    .access(path.join(uploadsDir(dataDir), url.slice(UPLOADS_URL.length + 1)))
    .then(() => true)
    .catch(() => false)
}

/** An image field of a form: '' or an image this server stored (uploaded, or made by the seed). */
export async function checkStoredImage(dataDir: string, field: string, url: unknown): Promise<string> {
  const value = url as string
  if (value && !(await isStoredImage(dataDir, value))) invalid(field, '图片必须是上传得到的地址，请重新上传')
  return value
}
