/** The operator-editable settings (fees, timeouts, switches), read and changed under /admin. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Settings, SettingsPatch } from '../../../src/contract/settings'
import type { AppDeps } from '../../deps'
import { staffOf } from '../../lib/audit'
import { Ajax, ok } from '../../lib/envelope'
import * as settings from './service'
import { staffOnly } from '../../lib/staff'

export const adminSettingsRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database'>> = async (app, { database }) => {
  const tags = ['admin']

  app.get(
    '/admin/settings',
    { config: staffOnly(), schema: { summary: '当前设置', tags, response: { 200: Ajax(Settings) } } },
    async () => ok(await settings.readSettings(database.db)),
  )

  app.put(
    '/admin/settings',
    {
      config: staffOnly(),
      schema: {
        summary: '修改设置：只改给出的键，每个值按其范围校验；变更写入审计',
        tags,
        body: SettingsPatch,
        response: { 200: Ajax(Settings) },
      },
    },
    async (request) => ok(await settings.updateSettings(database.db, staffOf(request), request.body)),
  )
}
