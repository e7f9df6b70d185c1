/**
 * Views and leads per day (Chart.js, registered piece by piece so the chunk carries only a line, a bar,
 * two axes, the tooltip and the legend). Loaded lazily by the dashboard: the console's first screen and
 * login never carry it.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

export interface TrendPoint {
  day: string;
  views: number;
  leads: number;
}

const VIEWS_COLOR = '#1677ff';
const LEADS_COLOR = '#52c41a';

export default function TrendChart({
  points,
  labels,
}: {
  points: TrendPoint[];
  labels: { views: string; leads: string };
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      data: {
        // MM-DD: the year is in the period line above the chart.
        labels: points.map((p) => p.day.slice(5)),
        datasets: [
          {
            type: 'line',
            label: labels.views,
            data: points.map((p) => p.views),
            borderColor: VIEWS_COLOR,
            backgroundColor: VIEWS_COLOR,
            tension: 0.3,
            pointRadius: points.length > 14 ? 0 : 3,
            yAxisID: 'views',
          },
          {
            type: 'bar',
            label: labels.leads,
            data: points.map((p) => p.leads),
            backgroundColor: LEADS_COLOR,
            maxBarThickness: 18,
            yAxisID: 'leads',
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        plugins: { legend: { position: 'bottom' } },
        scales: {
          x: { grid: { display: false }, ticks: { autoSkip: true, maxRotation: 0 } },
          views: { type: 'linear', position: 'left', beginAtZero: true, ticks: { precision: 0 } },
          leads: {
            type: 'linear',
            position: 'right',
            beginAtZero: true,
            grid: { drawOnChartArea: false },
            ticks: { precision: 0 },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [points, labels.views, labels.leads]);
  return <canvas ref={canvas} role="img" aria-label={`${labels.views} / ${labels.leads}`} />;
}
