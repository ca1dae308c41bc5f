/** Shown in place of counts for a section or period whose attendance is not taken yet. */
export function NotTaken() {
  return <span className="text-slate-500 italic">Not taken yet</span>;
}
