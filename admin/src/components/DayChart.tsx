/** A 30-day line chart (ECharts, only the parts it uses), loaded with the 工作台 after its counts. */
import { LineChart } from 'echarts/charts'
import { GridComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { useEffect, useRef } from 'react'

echarts.use([LineChart, GridComponent, TooltipComponent, CanvasRenderer])

interface Props {
  days: string[]
  values: number[]
  color: string
  /** How a value reads in the tooltip and on the axis. */
  format?: (value: number) => string
}

export default function DayChart({ days, values, color, format = String }: Props) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const chart = echarts.init(box.current!)
    chart.setOption({
      grid: { left: 56, right: 16, top: 16, bottom: 28 },
      tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => format(Number(value)) },
      xAxis: { type: 'category', data: days.map((day) => day.slice(5)), boundaryGap: false },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (value: number) => format(value) } },
      series: [{ type: 'line', data: values, color, areaStyle: { opacity: 0.12 }, showSymbol: false }],
    })
    const resize = () => chart.resize()
    window.addEventListener('resize', resize)
    return () => {
      window.removeEventListener('resize', resize)
      chart.dispose()
    }
  }, [days, values, color, format])
  return <div ref={box} style={{ height: 240 }} />
}
