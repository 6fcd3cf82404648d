/**
 * The trust lists editors keep at the console (内容): our service contacts — stored normalized, so 客服验证
 * keeps matching exactly whatever spelling the editor typed — and the QQ groups.
 */
import { inArray } from 'drizzle-orm'
import {
  AdminQqGroup,
  AdminServiceContact,
  QqGroupInput,
  QqGroupPatch,
  ServiceContactInput,
  ServiceContactPatch,
} from '../../../src/contract/trust'
import type { Executor } from '../../db'
import { games, qqGroups, serviceContacts } from '../../db/schema'
import type { EditableList } from '../../lib/editableList'
import { checkStoredImage } from '../../lib/images'
import { invalid } from '../../lib/envelope'
import { normalizePhone, normalizeQq, normalizeWeixin, SUBJECT_RULES } from './subjects'

const CHANNELS = { qq: normalizeQq, weixin: normalizeWeixin, phone: normalizePhone } as const
type Channel = keyof typeof CHANNELS

/** Games named by id must exist (a foreign key would only say so as a server error). */
async function checkGames(tx: Executor, field: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return
  const found = await tx.select({ id: games.id }).from(games).where(inArray(games.id, ids))
  if (found.length < new Set(ids).size) invalid(field, '所选游戏不存在，请刷新后重新选择')
}

export function trustLists(dataDir: string): EditableList[] {
  return [
    {
      path: 'service-contacts',
      subject: 'serviceContact',
      title: '客服',
      table: serviceContacts,
      groupBy: [serviceContacts.kind],
      row: AdminServiceContact,
      input: ServiceContactInput,
      patch: ServiceContactPatch,
      clean: async ({ qrImage, gameIds, ...fields }, current, tx) => {
        const values: Record<string, unknown> = { ...fields }
        for (const channel of Object.keys(CHANNELS) as Channel[]) {
          const typed = fields[channel] as string | undefined
          if (!typed) continue
          values[channel] = CHANNELS[channel](typed) ?? invalid(channel, SUBJECT_RULES[channel])
        }
        const reachable = (Object.keys(CHANNELS) as Channel[]).some((channel) => values[channel] ?? current?.[channel])
        if (!reachable) invalid('qq', '请至少填写 QQ、微信号、手机号中的一项')
        if (qrImage !== undefined) values.qrImage = await checkStoredImage(dataDir, 'qrImage', qrImage)
        if (gameIds !== undefined) {
          await checkGames(tx, 'gameIds', gameIds as number[])
          values.gameIds = gameIds
        }
        return values
      },
    },
    {
      path: 'qq-groups',
      subject: 'qqGroup',
      title: 'QQ 群',
      table: qqGroups,
      groupBy: [qqGroups.gameId],
      row: AdminQqGroup,
      input: QqGroupInput,
      patch: QqGroupPatch,
      clean: async (fields, _current, tx) => {
        if (typeof fields.gameId === 'number') await checkGames(tx, 'gameId', [fields.gameId])
        return fields
      },
    },
  ]
}
