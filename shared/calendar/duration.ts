/**
 * A span of minutes as people read it: "38 min", "1 h 5 min", "2 h". Rounded to the minute once,
 * before splitting into hours, so 119.7 minutes is "2 h", never "1 h 60 min". Under half a minute
 * is "under a minute" in prose (memory text, answers) and "<1 min" where space is short (the
 * window's tables and charts).
 */
export function formatMinutes(minutes: number, style: 'prose' | 'compact' = 'prose'): string {
  const min = Math.round(minutes);
  if (min < 1) return style === 'compact' ? '<1 min' : 'under a minute';
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  const m = min % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}
