import fs from 'node:fs'
import path from 'node:path'

/**
 * A mini-program has no site of its own: an image path like `/uploads/…` loads nothing there unless it is
 * resolved against the API's site (mediaUrl). Every <Image> of the client must say where it comes from.
 */
const SRC = path.join(__dirname, '..', '..', 'src')
/** Images that are data URLs the server draws (captcha, QR codes), never paths. */
const DATA_URL_IMAGES = new Set(['components/CaptchaField/index.tsx', 'components/QrCode/index.tsx'])

const sources = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? sources(path.join(dir, entry.name))
        : entry.name.endsWith('.tsx')
          ? [path.join(dir, entry.name)]
          : [],
    )

it('every <Image> of the client resolves its path with mediaUrl', () => {
  const unresolved: string[] = []
  let images = 0
  for (const file of sources(SRC)) {
    const name = path.relative(SRC, file).split(path.sep).join('/')
    for (const [tag] of fs.readFileSync(file, 'utf8').matchAll(/<Image\b[\s\S]*?\/>/g)) {
      images += 1
      const src = /\bsrc=\{([^}]*)\}/.exec(tag)?.[1] ?? ''
      if (!src.startsWith('mediaUrl(') && !DATA_URL_IMAGES.has(name)) unresolved.push(`${name}: src={${src}}`)
    }
  }
  expect(images).toBeGreaterThan(5)
  expect(unresolved).toEqual([])
})
