/** Sections whose screens later issues build: the route exists so navigation and guards work now. */
export function NotBuiltPage({ title }: { title: string }) {
  return (
    <section>
      <h1 className="page-title">{title}</h1>
      <p className="text-muted">This screen is not available in this version yet.</p>
    </section>
  );
}
