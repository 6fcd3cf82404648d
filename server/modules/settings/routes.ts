/** The operator-editable settings (fees, timeouts, switches), read and changed under /admin. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
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

  app.get(
    '/admin/settings/schema',
    {
      config: staffOnly(),
      schema: {
        summary: '设置的说明：每项的名称、单位（分、基点）与范围，即服务器校验所用的 JSON Schema',
        tags,
        response: { 200: Ajax(Type.Record(Type.String(), Type.Unknown())) },
      },
    },
    async () => ok(JSON.parse(JSON.stringify(Settings)) as Record<string, unknown>),
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
