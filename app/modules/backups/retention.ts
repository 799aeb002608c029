// Which backups to keep: the newest of each of the last `daily` days that have one, of each of the last
// `weekly` ISO weeks and of each of the last `monthly` months (as restic's --keep-daily/weekly/monthly do).
// The newest backup is always kept. Days, weeks and months are UTC ones.

export type KeepRule = { daily: number; weekly: number; monthly: number };

const day = (date: Date) => date.toISOString().slice(0, 10);
const month = (date: Date) => date.toISOString().slice(0, 7);

/** The ISO week (its Monday's date) a moment falls in. */
function week(date: Date) {
  const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return day(monday);
}

/** Names of the backups the rule does not keep. Backups dated after `now` are kept (a clock set back). */
export function backupsToDelete(backups: { name: string; createdAt: Date }[], rule: KeepRule, now: Date): string[] {
  const newestFirst = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const keep = new Set<string>(newestFirst.slice(0, 1).map((b) => b.name));
  for (const [count, bucket] of [
    [rule.daily, day],
    [rule.weekly, week],
    [rule.monthly, month],
  ] as const) {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      if (seen.size >= count) break;
      const key = bucket(backup.createdAt);
      if (seen.has(key)) continue;
      seen.add(key);
      keep.add(backup.name);
    }
  }
  return newestFirst.filter((b) => !keep.has(b.name) && b.createdAt <= now).map((b) => b.name);
}
