export function SiteHeader({ contactPhone }: { contactPhone?: string }) {
  return (
    <header className="border-b border-slate-200">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center justify-between px-6 py-4">
        <a href="/" className="text-xl font-bold">MoveWise</a>
        <span>{contactPhone}</span>
      </nav>
    </header>
  );
}
