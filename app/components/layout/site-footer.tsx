export function SiteFooter() {
  return <footer className="border-t border-slate-200 p-6 text-sm">© MoveWise</footer>;
}
