export function meta() {
  return [{ title: "MoveWise | The Smarter Way To Sell Your Home" }];
}

export default function Home() {
  return (
    <section className="mx-auto max-w-7xl px-6 py-20">
      <h1 className="text-4xl font-bold">The Smarter Way To Sell Your Home</h1>
    </section>
  );
}
