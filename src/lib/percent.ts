/** Percentage to one decimal place; 0 when there are no responses (spec §9). */
export function percent(count: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((count / total) * 1000) / 10;
}
