import { App as AntApp, ConfigProvider } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import { App } from './App'
import { SessionProvider } from './session'

dayjs.locale('zh-cn')

/** The brand of DESIGN.md, on antd's desktop density; no animation for people who asked their system for less motion. */
const theme = {
  token: {
    motion: !window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    colorPrimary: '#FF5A1F',
    colorSuccess: '#12B76A',
    colorWarning: '#F79009',
    colorError: '#F04438',
    colorInfo: '#2E90FA',
    colorTextBase: '#1D2129',
    borderRadius: 6,
  },
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <AntApp>
        <BrowserRouter basename="/admin">
          <SessionProvider>
            <App />
          </SessionProvider>
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  </StrictMode>,
)
