import { useState } from 'react'
import { Image, View } from '@tarojs/components'
import { mediaUrl } from '@/api/request'
import GlyphIcon from '@/components/GlyphIcon'
import './index.scss'

interface LazyImageProps {
  src: string
  /** A small version drawn first (lists send the thumbnail here and the full image in `src`). */
  thumb?: string
  alt: string
  className?: string
  /** Load only near the viewport (lists); the first screen of a page passes false. */
  lazy?: boolean
  mode?: 'aspectFill' | 'aspectFit'
}

/**
 * An image in a box the caller sizes (so nothing shifts when it arrives): a tinted placeholder, the
 * thumbnail when there is one, then the image fading in over it. Our own `/uploads/…` paths are resolved
 * against the API's site here, so a mini-program (no site of its own) loads them too.
 */
export default function LazyImage({
  src,
  thumb,
  alt,
  className = '',
  lazy = true,
  mode = 'aspectFill',
}: LazyImageProps) {
  const [loaded, setLoaded] = useState(false)
  const [failed, setFailed] = useState(false)
  const showThumb = Boolean(thumb && thumb !== src && !loaded)
  return (
    <View className={`lazy-image ${className}`}>
      {(!src || failed) && (
        <View className="lazy-image__placeholder">
          <GlyphIcon name="image" size={48} />
        </View>
      )}
      {showThumb && (
        <Image
          className="lazy-image__img"
          src={mediaUrl(thumb as string)}
          mode={mode}
          lazyLoad={lazy}
          nativeProps={{ alt: '' }}
        />
      )}
      {src && !failed && (
        <Image
          className={`lazy-image__img lazy-image__full${loaded ? ' lazy-image__full--loaded' : ''}`}
          src={mediaUrl(src)}
          mode={mode}
          lazyLoad={lazy}
          aria-label={alt}
          nativeProps={{ alt }}
          onLoad={() => setLoaded(true)}
          onError={() => setFailed(true)}
        />
      )}
    </View>
  )
}
