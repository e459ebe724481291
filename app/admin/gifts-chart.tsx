import { useId } from "react";

export interface ChartSeries {
  key: string;
  label: string;
}

export interface ChartDay {
  date: string;
  values: Partial<Record<string, number>>;
}

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 36 };

/**
 * The y axis: 0 and whole, round steps (1, 2 or 5 times a power of ten) up to
 * a top line at or above the highest bar, at most five steps – so no bar ever
 * rises above the top line, and every line is labelled.
 */
export function chartTicks(max: number): number[] {
  const highest = Math.max(1, Math.ceil(max));
  const rough = highest / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(
    1,
    [1, 2, 5, 10]
      .map((m) => m * power)
      .find((candidate) => candidate >= rough) ?? 10 * power,
  );
  return Array.from(
    { length: Math.ceil(highest / step) + 1 },
    (_, i) => i * step,
  );
}

/** A day on the x axis as staff write it: "27/11". */
function dayLabel(isoDate: string): string {
  return `${Number(isoDate.slice(8, 10))}/${Number(isoDate.slice(5, 7))}`;
}

/**
 * Gifts per day as stacked bars, one colour per series. The SVG is a picture
 * for those who can see it (role="img" with a summary); the same numbers
 * follow in a table, which is what screen readers and keyboards use.
 */
export function GiftsChart({
  title,
  days,
  series,
}: {
  title: string;
  days: ChartDay[];
  series: ChartSeries[];
}) {
  const id = useId();
  const totals = days.map((d) =>
    series.reduce((sum, s) => sum + (d.values[s.key] ?? 0), 0),
  );
  const max = Math.max(1, ...totals);
  const scale = chartTicks(max);
  const top = scale[scale.length - 1] ?? 1;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / days.length;
  const barW = Math.max(4, slot * 0.65);
  const y = (value: number) => PAD.top + plotH - (value / top) * plotH;
  const total = totals.reduce((a, b) => a + b, 0);
  return (
    <figure className="admin-chart" aria-labelledby={`${id}-t`}>
      <figcaption id={`${id}-t`}>{title}</figcaption>
      {/* On a phone the chart keeps a readable size and scrolls sideways; the table below has the same numbers. */}
      <div
        className="admin-chart__scroll"
        tabIndex={0}
        role="group"
        aria-label={`${title}, diagram`}
      >
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={`${title}: ${total} gåvor på ${days.length} dagar. Siffrorna finns i tabellen nedanför.`}
        >
          {scale.map((t) => (
            <g key={t}>
              <line
                x1={PAD.left}
                x2={WIDTH - PAD.right}
                y1={y(t)}
                y2={y(t)}
                className="admin-chart__grid"
              />
              <text
                x={PAD.left - 6}
                y={y(t) + 4}
                textAnchor="end"
                className="admin-chart__axis"
              >
                {t}
              </text>
            </g>
          ))}
          {days.map((d, i) => {
            let base = 0;
            const x = PAD.left + i * slot + (slot - barW) / 2;
            return (
              <g key={d.date}>
                {series.map((s, si) => {
                  const v = d.values[s.key] ?? 0;
                  if (v === 0) return null;
                  const rect = (
                    <rect
                      key={s.key}
                      x={x}
                      width={barW}
                      y={y(base + v)}
                      height={y(base) - y(base + v)}
                      className={`admin-chart__s${si % 6}`}
                    />
                  );
                  base += v;
                  return rect;
                })}
                {(i % Math.ceil(days.length / 7) === 0 ||
                  i === days.length - 1) && (
                  <text
                    x={x + barW / 2}
                    y={HEIGHT - 8}
                    textAnchor="middle"
                    className="admin-chart__axis"
                  >
                    {dayLabel(d.date)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <ul className="admin-chart__legend">
        {series.map((s, si) => (
          <li key={s.key}>
            <span
              className={`admin-chart__swatch admin-chart__s${si % 6}`}
              aria-hidden="true"
            />{" "}
            {s.label}
          </li>
        ))}
      </ul>
      <details className="admin-chart__table">
        <summary>Visa som tabell</summary>
        <table className="admin-table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Dag</th>
              {series.map((s) => (
                <th scope="col" key={s.key}>
                  {s.label}
                </th>
              ))}
              <th scope="col">Totalt</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={d.date}>
                <th scope="row">{d.date}</th>
                {series.map((s) => (
                  <td key={s.key}>{d.values[s.key] ?? 0}</td>
                ))}
                <td>{totals[i]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
