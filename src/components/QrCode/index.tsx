import { useEffect, useState } from 'react'
import { Image, View } from '@tarojs/components'
import QRCode from 'qrcode'
import Skeleton from '@/components/Skeleton'
import './index.scss'

/** `value` drawn as a QR code (an SVG image made here, so the code never leaves the device). */
export default function QrCode({ value, alt }: { value: string; alt: string }) {
  const [src, setSrc] = useState('')
  useEffect(() => {
    let live = true
    QRCode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(
      (svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => live && setSrc(''),
    )
    return () => {
      live = false
    }
  }, [value])
  return (
    <View className="qr-code">
      {src ? (
        <Image className="qr-code__image" src={src} mode="aspectFit" aria-label={alt} />
      ) : (
        <Skeleton className="qr-code__image" />
      )}
    </View>
  )
}
