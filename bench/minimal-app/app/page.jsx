export default function MinimalPage() {
  return (
    <main>
      <h1>Minimální stránka</h1>
    </main>
  );
}
