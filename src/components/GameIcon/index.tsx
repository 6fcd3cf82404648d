import { Image, Text, View } from '@tarojs/components'
import { mediaUrl } from '@/api/request'
import type { Game } from '@/contract/catalogue'
import './index.scss'

/** A game's icon, or its first character on a tinted tile when it has none. */
export default function GameIcon({ game, size = 96 }: { game: Pick<Game, 'name' | 'icon'>; size?: 72 | 96 | 112 }) {
  return (
    <View className={`game-icon game-icon--${size}`}>
      {game.icon ? (
        <Image
          className="game-icon__img"
          src={mediaUrl(game.icon)}
          mode="aspectFill"
          lazyLoad
          nativeProps={{ alt: game.name }}
        />
      ) : (
        <Text className="game-icon__letter" aria-hidden>
          {game.name.slice(0, 1)}
        </Text>
      )}
    </View>
  )
}
