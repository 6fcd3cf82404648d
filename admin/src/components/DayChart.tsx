/**
 * A 30-day chart of daily figures (ECharts, only the parts it uses), loaded with the 工作台 after its counts. Bars:
 * each day is its own count, and a day alone (a new marketplace's first orders) reads as that day, not a slope.
 */
import { BarChart } from 'echarts/charts'
import { GridComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { useEffect, useRef } from 'react'

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer])

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
      xAxis: { type: 'category', data: days.map((day) => day.slice(5)) },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (value: number) => format(value) } },
      series: [{ type: 'bar', data: values, color, barMaxWidth: 10, itemStyle: { borderRadius: [2, 2, 0, 0] } }],
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
