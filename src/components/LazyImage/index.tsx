import { useState } from 'react'
import { Image, View } from '@tarojs/components'
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
 * thumbnail when there is one, then the image fading in over it.
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
          src={thumb as string}
          mode={mode}
          lazyLoad={lazy}
          nativeProps={{ alt: '' }}
        />
      )}
      {src && !failed && (
        <Image
          className={`lazy-image__img lazy-image__full${loaded ? ' lazy-image__full--loaded' : ''}`}
          src={src}
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
