/** Money is integer fen, shown in yuan; times are UTC instants, shown in Asia/Shanghai. */
const yuan = new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY', minimumFractionDigits: 2 });

export const formatYuan = (fen: number) => yuan.format(fen / 100);

const day = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** 2026-06-30 in Shanghai time. */
export const formatDate = (iso: string) => {
  const parts = Object.fromEntries(day.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
};
